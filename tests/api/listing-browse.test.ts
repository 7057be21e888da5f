import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/server/auth/session-user.ts';
import * as s from '../../src/server/db/schema/index.ts';
import { parseListingFilter } from '../../src/features/search/listing-filter.ts';
import { setFavourite } from '../../src/server/services/engagement-service.ts';
import { browseListings } from '../../src/server/services/listing-browse-service.ts';
import { createProperty, createSignedInUser, imageRecord, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
const db = () => app.database.db;
const city = `Browseville ${Math.random().toString(36).slice(2, 7)}`;
const browse = (query: string, viewer: SessionUser | null = null) =>
  browseListings(
    db(),
    viewer,
    parseListingFilter(new URLSearchParams(`city=${encodeURIComponent(city)}&${query}`)).filter,
    { number: 1, size: 12 },
    'en',
  );

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
});

describe('the results page’s cards and filters', () => {
  it('cards carry beds, baths, area and price per area from parameters, photos and the verified mark', async () => {
    const owner = await createSignedInUser(db());
    const [bathrooms, area] = await db()
      .insert(s.parameters)
      .values([
        { name: 'Bathrooms', typeOfParameter: 'number' },
        { name: 'Area (sq ft)', typeOfParameter: 'number' },
      ])
      .returning();
    const [bedrooms] = await db().query.parameters.findMany({ where: (p, { eq }) => eq(p.name, 'Bedrooms') });
    const two = await createProperty(db(), {
      ownerId: owner.user.id,
      categoryId: catalog.apartment.id,
      city,
      priceMinor: 30_000_000,
      titleImage: imageRecord(),
      galleryImages: [imageRecord(), imageRecord()],
    });
    const four = await createProperty(db(), { ownerId: owner.user.id, categoryId: catalog.apartment.id, city });
    await db()
      .insert(s.propertyParameters)
      .values([
        { propertyId: two.id, parameterId: bedrooms!.id, value: 2 },
        { propertyId: two.id, parameterId: bathrooms!.id, value: 1 },
        { propertyId: two.id, parameterId: area!.id, value: 1000 },
        { propertyId: four.id, parameterId: bedrooms!.id, value: 4 },
      ]);

    const all = await browse('');
    const card = all.items.find((c) => c.id === two.id)!;
    expect(card).toMatchObject({
      bedrooms: 2,
      bathrooms: 1,
      area: { value: 1000, unit: 'sq_ft' },
      photoCount: 3,
      ownerVerified: false,
    });
    expect(card.pricePerAreaLabel).toMatch(/300/);
    expect(all.items.find((c) => c.id === four.id)).toMatchObject({ bathrooms: null, area: null, photoCount: 0 });

    // At least three bedrooms: the listing with four, not the one with two.
    expect((await browse('bedrooms=3')).items.map((c) => c.id)).toEqual([four.id]);
    expect((await browse('bedrooms=5')).total).toBe(0);
    // Bathrooms alike, and both together: each condition holds.
    expect((await browse('bathrooms=1')).items.map((c) => c.id)).toEqual([two.id]);
    expect((await browse('bathrooms=2')).total).toBe(0);
    expect((await browse('bedrooms=2&bathrooms=1')).items.map((c) => c.id)).toEqual([two.id]);
    expect((await browse('bedrooms=3&bathrooms=1')).total).toBe(0);

    // The viewer's saved listings are marked; a visitor has none.
    const buyer = await createSignedInUser(db());
    const viewer = {
      id: buyer.user.id,
      sessionId: 0,
      name: buyer.user.name,
      email: buyer.user.email,
      role: 'user' as const,
    };
    await setFavourite(db(), viewer, { property_id: two.id, type: '1' });
    expect([...(await browse('', viewer)).saved]).toEqual([two.id]);
    expect((await browse('')).saved.size).toBe(0);
  });
});
