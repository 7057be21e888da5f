import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../src/server/db/schema/index.ts';
import { listSitemapFiles, sitemapFileXml, URLS_PER_SITEMAP } from '../../src/server/services/sitemap-service.ts';
import { createProperty, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Listings are filed in the sitemap by id range (docs/seo.md): file n holds the public listings with ids in
 * ((n - 1) * 10,000, n * 10,000], and a range without a public listing has no file.
 */
let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
const db = () => app.database.db;
const site = { url: (path: string) => new URL(path, 'https://homes.example'), languages: ['en'] };

/** A listing whose id is the given one: the identity continues from there. */
async function listingWithId(id: number, values: Partial<typeof properties.$inferInsert> = {}) {
  await db().execute(sql.raw(`alter table properties alter column id restart with ${id}`));
  const listing = await createProperty(db(), {
    ownerId: catalog.owner.id,
    categoryId: catalog.apartment.id,
    ...values,
  });
  expect(listing.id).toBe(id);
  return listing;
}

const listingPages = async () =>
  (await listSitemapFiles(db())).filter((file) => file.kind === 'properties').map((file) => file.page);
const slugsOf = (xml: string | null) =>
  [...(xml ?? '').matchAll(/<loc>https:\/\/homes\.example\/properties-details\/([^<]+)<\/loc>/g)].map((m) => m[1]);

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
});

describe('the listings sitemap, filed by id', () => {
  it('lists the files whose ids hold a public listing, and each file holds exactly those listings', async () => {
    const first = await listingWithId(URLS_PER_SITEMAP);
    const hidden = await listingWithId(URLS_PER_SITEMAP + 1, { adminStatus: 'pending' });
    const third = await listingWithId(2 * URLS_PER_SITEMAP + 1);
    const alsoThird = await listingWithId(3 * URLS_PER_SITEMAP);

    expect(await listingPages()).toEqual([1, 3]);
    const fileOne = slugsOf(await sitemapFileXml(db(), 'properties-1.xml', site));
    expect(fileOne).toContain(first.slug);
    expect(fileOne).not.toContain(third.slug);
    expect(await sitemapFileXml(db(), 'properties-2.xml', site), 'ids of file 2 hold no public listing').toBeNull();
    expect(slugsOf(await sitemapFileXml(db(), 'properties-3.xml', site))).toEqual([third.slug, alsoThird.slug]);
    expect(await sitemapFileXml(db(), 'properties-4.xml', site)).toBeNull();

    // Approved, the listing waiting for review brings its file.
    await db().update(properties).set({ adminStatus: 'approved' }).where(eq(properties.id, hidden.id));
    expect(await listingPages()).toEqual([1, 2, 3]);
    expect(slugsOf(await sitemapFileXml(db(), 'properties-2.xml', site))).toEqual([hidden.slug]);
  });

  it('keeps a listing in its file when listings before it leave', async () => {
    const before = await sitemapFileXml(db(), 'properties-3.xml', site);
    const earlier = await db()
      .select({ id: properties.id })
      .from(properties)
      .where(sql`${properties.id} <= 20000`);
    await db()
      .update(properties)
      .set({ status: 'inactive' })
      .where(sql`${properties.id} in ${earlier.map((row) => row.id)}`);

    expect(await listingPages()).toEqual([3]);
    expect(await sitemapFileXml(db(), 'properties-1.xml', site)).toBeNull();
    expect(await sitemapFileXml(db(), 'properties-3.xml', site)).toBe(before);
  });
});
