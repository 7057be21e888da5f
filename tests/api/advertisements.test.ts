import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  advertisements,
  notifications,
  properties,
  userPackageUsage,
  userPackages,
} from '../../src/server/db/schema/index.ts';
import { expireAdvertisements } from '../../src/server/services/advertisement-service.ts';
import { adminToken, advertisementRow, createAdvertisement } from '../support/admin.ts';
import { createProject, createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let admin: string;
const db = () => app.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  admin = await adminToken(app);
});

/** A signed-in user holding a package with these featuring limits. */
async function featurer(limits: { property_feature?: number | null; project_feature?: number | null }) {
  const { user, token } = await createSignedInUser(db());
  await grantPackage(db(), [user.id], limits);
  return { id: user.id, token };
}
const ownProperty = (ownerId: number, values: Partial<typeof properties.$inferInsert> = {}) =>
  createProperty(db(), { ownerId, categoryId: catalog.apartment.id, ...values });

const store = (token: string | undefined, body: Record<string, unknown>) =>
  app.call('POST', '/api/store_advertisement', { body, ...(token ? { token } : {}) });
const featureProperty = (token: string, propertyId: number) =>
  store(token, { feature_for: 'property', property_id: propertyId });
const featured = (query = 'type=property&limit=100') => app.call('GET', `/api/get-featured-data?${query}`);
const featuredIds = async (query?: string) =>
  (await featured(query)).body.data.items.map((item: { id: number }) => item.id) as number[];
async function usedUnits(userId: number) {
  const rows = await db()
    .select({ used: userPackageUsage.used })
    .from(userPackageUsage)
    .innerJoin(userPackages, eq(userPackages.id, userPackageUsage.userPackageId))
    .where(and(eq(userPackages.userId, userId), eq(userPackageUsage.feature, 'property_feature')));
  return rows.reduce((sum, row) => sum + row.used, 0);
}
const remaining = async (token: string, type: string) =>
  (await app.call('GET', `/api/check-package-limit?type=${type}`, { token })).body.data.limit_available as boolean;

describe('store_advertisement', () => {
  it('stores a waiting request for the caller’s approved property and spends one property_feature unit', async () => {
    const owner = await featurer({ property_feature: 1 });
    const property = await ownProperty(owner.id);
    const res = await featureProperty(owner.token, property.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Your request to feature this listing was sent. It goes live once an admin approves it.',
    );
    expect(res.body.data).toMatchObject({
      feature_for: 'property',
      property_id: property.id,
      project_id: null,
      status: 'pending',
      starts_at: null,
    });
    expect(await remaining(owner.token, 'property_feature')).toBe(false);
    // Waiting for the admin: not public yet.
    expect(await featuredIds()).not.toContain(property.id);
  });

  it('features projects with project_feature', async () => {
    const owner = await featurer({ project_feature: 2 });
    const project = await createProject(db(), { ownerId: owner.id, categoryId: catalog.villa.id });
    const res = await store(owner.token, { feature_for: 'project', project_id: project.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ feature_for: 'project', project_id: project.id, status: 'pending' });
    // A property_feature-only package does not feature projects, and the reverse.
    const property = await ownProperty(owner.id);
    const refused = await featureProperty(owner.token, property.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: true,
      message: 'Your package does not allow featuring more properties. Choose a package to continue.',
      data: { code: 'package_not_available' },
    });
  });

  it('needs a signed-in caller and answers bad input with 422 and a message per field', async () => {
    expect((await store(undefined, { feature_for: 'property', property_id: 1 })).status).toBe(401);
    const owner = await featurer({ property_feature: 5 });
    const noKind = await store(owner.token, { property_id: 1 });
    expect(noKind.status).toBe(422);
    expect(noKind.body.data.fields.feature_for).toEqual(['Choose whether to feature a property or a project.']);
    const noId = await store(owner.token, { feature_for: 'property', project_id: 3 });
    expect(noId.status).toBe(422);
    expect(noId.body.data.fields.property_id).toBeDefined();
    for (const property_id of ['abc', -1, 1.5, '99999999999', null]) {
      const res = await store(owner.token, { feature_for: 'property', property_id });
      expect(res.status, String(property_id)).toBe(422);
    }
  });

  it('treats another user’s listing as missing, and refuses listings that are not public', async () => {
    const owner = await featurer({ property_feature: 5, project_feature: 5 });
    const stranger = await featurer({ property_feature: 5, project_feature: 5 });
    const property = await ownProperty(owner.id);
    const project = await createProject(db(), { ownerId: owner.id, categoryId: catalog.villa.id });
    const theirs = await featureProperty(stranger.token, property.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('This listing does not exist or is not yours.');
    expect((await store(stranger.token, { feature_for: 'project', project_id: project.id })).status).toBe(404);
    expect((await featureProperty(owner.token, 2_000_000)).status).toBe(404);

    for (const state of [{ adminStatus: 'pending' as const }, { status: 'sold' as const }]) {
      const hidden = await ownProperty(owner.id, state);
      const res = await featureProperty(owner.token, hidden.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only approved listings that are shown on the site can be featured.');
    }
    const rows = await db().select().from(advertisements).where(eq(advertisements.userId, stranger.id));
    expect(rows).toHaveLength(0);
  });

  it('answers the per-feature message without a package, and spends nothing on a refused request', async () => {
    const { user, token } = await createSignedInUser(db());
    const property = await ownProperty(user.id);
    const res = await featureProperty(token, property.id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: 'Your package does not allow featuring more properties. Choose a package to continue.',
      data: { code: 'package_not_available' },
    });
    expect((await app.call('GET', '/api/get-my-advertisements', { token })).body.data.total).toBe(0);
  });

  it('refuses a listing already waiting or featured, without spending a unit', async () => {
    const owner = await featurer({ property_feature: 3 });
    const property = await ownProperty(owner.id);
    expect((await featureProperty(owner.token, property.id)).status).toBe(200);
    const again = await featureProperty(owner.token, property.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This listing already has a featuring request waiting for approval.');

    const [ad] = await db().select().from(advertisements).where(eq(advertisements.propertyId, property.id));
    expect((await app.call('POST', `/api/admin/featured-requests/${ad!.id}/approve`, { token: admin })).status).toBe(
      200,
    );
    const live = await featureProperty(owner.token, property.id);
    expect(live.status).toBe(409);
    expect(live.body.message).toBe('This listing is already featured.');
    // The refusals spent nothing: one of three units used.
    expect(await usedUnits(owner.id)).toBe(1);
  });

  it('lets fifty simultaneous requests spend the last featuring unit once', async () => {
    const owner = await featurer({ property_feature: 1 });
    const listings = await Promise.all(Array.from({ length: 50 }, () => ownProperty(owner.id)));
    const replies = await Promise.all(listings.map((p) => featureProperty(owner.token, p.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(49).fill(403)]);
    const rows = await db().select().from(advertisements).where(eq(advertisements.userId, owner.id));
    expect(rows).toHaveLength(1);
    expect(await remaining(owner.token, 'property_feature')).toBe(false);
  });

  it('lets fifty simultaneous requests for one listing store one request and spend one unit', async () => {
    const owner = await featurer({ property_feature: 100 });
    const property = await ownProperty(owner.id);
    const replies = await Promise.all(Array.from({ length: 50 }, () => featureProperty(owner.token, property.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(49).fill(409)]);
    const rows = await db().select().from(advertisements).where(eq(advertisements.propertyId, property.id));
    expect(rows).toHaveLength(1);
    expect(await usedUnits(owner.id)).toBe(1);
  });
});

describe('get-my-advertisements', () => {
  it('lists the caller’s requests only, newest first, with listing, state and period', async () => {
    const owner = await featurer({ property_feature: 5, project_feature: 5 });
    const other = await featurer({ property_feature: 5 });
    const first = await ownProperty(owner.id, { title: 'Harbour loft' });
    const project = await createProject(db(), { ownerId: owner.id, categoryId: catalog.villa.id, title: 'Dock' });
    await featureProperty(owner.token, first.id);
    await store(owner.token, { feature_for: 'project', project_id: project.id });
    await featureProperty(other.token, (await ownProperty(other.id)).id);

    expect((await app.call('GET', '/api/get-my-advertisements')).status).toBe(401);
    const res = await app.call('GET', '/api/get-my-advertisements', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.items.map((a: { feature_for: string }) => a.feature_for)).toEqual(['project', 'property']);
    expect(res.body.data.items[1]).toMatchObject({
      status: 'pending',
      starts_at: null,
      ends_at: null,
      listing: { id: first.id, title: 'Harbour loft', url: `/my-property/${first.slug}` },
    });
    const paged = await app.call('GET', '/api/get-my-advertisements?offset=1&limit=1', { token: owner.token });
    expect(paged.body.data.items).toHaveLength(1);
    expect((await app.call('GET', '/api/get-my-advertisements?limit=0', { token: owner.token })).status).toBe(422);
  });

  it('shows an approved request past its end as expired before the sweep marks it', async () => {
    const owner = await featurer({ property_feature: 5 });
    const property = await ownProperty(owner.id);
    await createAdvertisement(db(), {
      userId: owner.id,
      propertyId: property.id,
      status: 'approved',
      startsAt: new Date(Date.now() - 10 * DAY_MS),
      endsAt: new Date(Date.now() - DAY_MS),
    });
    const res = await app.call('GET', '/api/get-my-advertisements', { token: owner.token });
    expect(res.body.data.items[0]).toMatchObject({ status: 'expired' });
  });
});

describe('get-featured-data and expiry', () => {
  it('shows approved properties and projects until their end, then neither; the sweep marks and notifies', async () => {
    const owner = await featurer({ property_feature: 5, project_feature: 5 });
    const property = await ownProperty(owner.id);
    const project = await createProject(db(), { ownerId: owner.id, categoryId: catalog.villa.id });
    await featureProperty(owner.token, property.id);
    await store(owner.token, { feature_for: 'project', project_id: project.id });
    const ads = await db().select().from(advertisements).where(eq(advertisements.userId, owner.id));
    for (const ad of ads)
      expect(
        (await app.call('POST', `/api/admin/featured-requests/${ad.id}/approve`, { token: admin, body: { days: 3 } }))
          .status,
      ).toBe(200);

    expect(await featuredIds()).toContain(property.id);
    expect(await featuredIds('type=project')).toContain(project.id);
    const home = await app.call('GET', '/api/homepage-data');
    expect(home.body.data.featured_properties.map((p: { id: number }) => p.id)).toContain(property.id);
    expect(home.body.data.featured_projects.map((p: { id: number }) => p.id)).toContain(project.id);
    const mine = await app.call('GET', '/api/get-my-advertisements', { token: owner.token });
    expect(mine.body.data.items.every((a: { status: string; ends_at: string }) => a.status === 'approved')).toBe(true);
    const approvedNotes = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(approvedNotes.map((n) => n.type)).toEqual(['advertisement_approved', 'advertisement_approved']);

    // Time passes: the advertisements and the property's featured_until end (as approval set them).
    const past = new Date(Date.now() - 1000);
    await db().update(advertisements).set({ endsAt: past }).where(eq(advertisements.userId, owner.id));
    await db().update(properties).set({ featuredUntil: past }).where(eq(properties.id, property.id));
    expect(await featuredIds()).not.toContain(property.id);
    expect(await featuredIds('type=project')).not.toContain(project.id);
    const detail = await app.call('GET', `/api/get_property?id=${property.id}`);
    expect(detail.body.data.promoted).toBe(false);

    expect(await expireAdvertisements(db())).toBeGreaterThanOrEqual(2);
    for (const ad of ads) expect((await advertisementRow(db(), ad.id)).status).toBe('expired');
    const notes = await app.call('GET', '/api/get_notification_list', { token: owner.token });
    expect(notes.body.data.items[0]).toMatchObject({
      type: 'advertisement_expired',
      title: 'Featured period ended',
      url: '/user/advertisement',
    });
    // Sweeping again finds nothing new: each ad is expired (and its owner told) once.
    expect(await expireAdvertisements(db())).toBe(0);
    // Once expired, the listing can be featured again.
    expect((await featureProperty(owner.token, property.id)).status).toBe(200);
  });

  it('never shows waiting, declined or not yet started requests, nor listings that are not public', async () => {
    const owner = await featurer({ property_feature: 5 });
    const waiting = await ownProperty(owner.id);
    await featureProperty(owner.token, waiting.id);
    const declined = await ownProperty(owner.id);
    await featureProperty(owner.token, declined.id);
    const [ad] = await db().select().from(advertisements).where(eq(advertisements.propertyId, declined.id));
    expect((await app.call('POST', `/api/admin/featured-requests/${ad!.id}/reject`, { token: admin })).status).toBe(
      200,
    );
    const project = await createProject(db(), { ownerId: owner.id, categoryId: catalog.villa.id });
    await createAdvertisement(db(), {
      userId: owner.id,
      projectId: project.id,
      status: 'approved',
      startsAt: new Date(Date.now() + DAY_MS),
      endsAt: new Date(Date.now() + 5 * DAY_MS),
    });
    const hidden = await ownProperty(owner.id, { status: 'inactive', featuredUntil: new Date(Date.now() + DAY_MS) });

    const ids = await featuredIds();
    expect(ids).not.toContain(waiting.id);
    expect(ids).not.toContain(declined.id);
    expect(ids).not.toContain(hidden.id);
    expect(await featuredIds('type=project')).not.toContain(project.id);
    const [rejectedNote] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'advertisement_rejected'));
    expect(rejectedNote).toMatchObject({ userId: owner.id });
  });

  it('pages, defaults to properties and validates its query', async () => {
    const res = await featured('limit=1');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'property', offset: 0, limit: 1 });
    expect(res.body.data.items.length).toBeLessThanOrEqual(1);
    expect((await featured('type=agent')).status).toBe(422);
    expect((await featured('limit=-1')).status).toBe(422);
    expect((await featured('limit=1000')).body.data.limit).toBe(100);
  });
});
