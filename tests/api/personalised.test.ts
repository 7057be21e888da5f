import { beforeAll, describe, expect, it } from 'vitest';
import { categories, facilities, propertyFacilities } from '../../src/server/db/schema/index.ts';
import { createProperty, createSignedInUser, createUser } from '../support/factories.ts';
import { adminToken } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let villa: number;
let flat: number;
let school: number;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const [v, f] = await db
    .insert(categories)
    .values([
      { name: 'Villa', slug: 'villa' },
      { name: 'Flat', slug: 'flat' },
    ])
    .returning();
  villa = v!.id;
  flat = f!.id;
  const [s] = await db.insert(facilities).values({ name: 'School' }).returning();
  school = s!.id;
  const owner = await createUser(db);
  const listing = (title: string, values: Partial<Parameters<typeof createProperty>[1]>) =>
    createProperty(db, { ownerId: owner.id, categoryId: flat, title, city: 'Lisbon', propertyType: 'sell', ...values });
  // Villa in Porto for rent under 2,000: matches everything asked below.
  await listing('Best match', { categoryId: villa, city: 'Porto', propertyType: 'rent', priceMinor: 1500_00 });
  await listing('Villa elsewhere', { categoryId: villa, city: 'Faro', priceMinor: 900_000_00 });
  const near = await listing('Flat near a school', { priceMinor: 800_000_00 });
  await db.insert(propertyFacilities).values({ propertyId: near.id, facilityId: school, distance: 0.4 });
  await listing('No match at all', { priceMinor: 700_000_00 });
  await listing('Hidden villa', { categoryId: villa, city: 'Porto', adminStatus: 'pending' });
  ({ token } = await createSignedInUser(db));
});

const call = (method: string, url: string, body?: unknown) => app.call(method, url, { token, body });

describe('personalised-fields', () => {
  it('needs an account', async () => {
    for (const method of ['GET', 'POST', 'DELETE'])
      expect((await app.call(method, '/api/personalised-fields')).status).toBe(401);
    expect((await app.call('GET', '/api/get_user_recommendation')).status).toBe(401);
  });

  it('starts empty and recommends nothing without preferences', async () => {
    expect((await call('GET', '/api/personalised-fields')).body.data).toEqual({
      category_ids: [],
      outdoor_facilitiy_ids: [],
      min_price: null,
      max_price: null,
      property_type: null,
      city: null,
    });
    const feed = await call('GET', '/api/get_user_recommendation');
    expect(feed.body.data).toMatchObject({ total: 0, items: [], has_preferences: false });
  });

  it('refuses unknown categories or facilities and a reversed price range', async () => {
    const bad = await call('POST', '/api/personalised-fields', {
      category_ids: '999999',
      outdoor_facilitiy_ids: [school],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.category_ids).toEqual(['Choose from the offered options.']);
    // Messages go under the name the client sent: price_range, or min_price / max_price.
    const range = await call('POST', '/api/personalised-fields', { price_range: '5000,100' });
    expect(range.status).toBe(422);
    expect(Object.keys(range.body.data.fields)).toEqual(['price_range']);
    const words = await call('POST', '/api/personalised-fields', { price_range: 'cheap,dear' });
    expect(words.body.data.fields).toEqual({ price_range: [expect.any(String)] });
    const apart = await call('POST', '/api/personalised-fields', { min_price: '5000', max_price: '100' });
    expect(Object.keys(apart.body.data.fields)).toEqual(['max_price']);
  });

  it('ranks public listings by how well they match, leaving out those that match nothing', async () => {
    const saved = await call('POST', '/api/personalised-fields', {
      category_ids: `${villa}`,
      outdoor_facilitiy_ids: [school],
      price_range: '0,2000',
      property_type: '1',
      city: 'porto',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      category_ids: [villa],
      property_type: 'rent',
      max_price: 2000,
      city: 'porto',
    });
    const feed = await call('GET', '/api/get_user_recommendation');
    const titles = feed.body.data.items.map((p: { title: string }) => p.title);
    expect(titles[0]).toBe('Best match');
    expect(titles).toContain('Villa elsewhere');
    expect(titles).toContain('Flat near a school');
    expect(titles).not.toContain('No match at all');
    expect(titles).not.toContain('Hidden villa');
    expect(titles.indexOf('Villa elsewhere')).toBeLessThan(titles.indexOf('Flat near a school'));
  });

  it('shows the ranking on the home page for the signed-in user, and forgets it on delete', async () => {
    const home = await call('GET', '/api/homepage-data');
    expect(home.body.data.personalised_properties[0].title).toBe('Best match');
    expect((await call('DELETE', '/api/personalised-fields')).status).toBe(200);
    expect((await call('GET', '/api/homepage-data')).body.data.personalised_properties).toBeNull();
    expect((await app.call('GET', '/api/homepage-data')).body.data.personalised_properties).toBeNull();
  });

  it('leaves out a category deactivated or a facility deleted since, so sending back what it shows still saves', async () => {
    const admin = await adminToken(app);
    const asAdmin = (method: string, url: string, body?: unknown) =>
      app.call(method, `/api/admin${url}`, { token: admin, ...(body === undefined ? {} : { body }) });
    const loft = (await asAdmin('POST', '/categories', { name: 'Loft' })).body.data.id as number;
    const [gym] = await app.database.db.insert(facilities).values({ name: 'Gym' }).returning();
    const saved = await call('POST', '/api/personalised-fields', {
      category_ids: [villa, loft],
      outdoor_facilitiy_ids: [school, gym!.id],
    });
    expect(saved.body.data).toMatchObject({ category_ids: [villa, loft], outdoor_facilitiy_ids: [school, gym!.id] });
    expect((await asAdmin('DELETE', `/categories/${loft}`)).body.data.outcome).toBe('deleted');
    expect((await asAdmin('DELETE', `/facilities/${gym!.id}`)).body.data.outcome).toBe('deleted');
    const shown = (await call('GET', '/api/personalised-fields')).body.data;
    expect(shown).toMatchObject({ category_ids: [villa], outdoor_facilitiy_ids: [school] });
    const again = await call('POST', '/api/personalised-fields', shown);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(shown);
  });
});
