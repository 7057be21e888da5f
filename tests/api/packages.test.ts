import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../src/server/db/schema/index.ts';
import { packages, userPackageUsage, userPackages } from '../../src/server/db/schema/index.ts';
import { seedEssentials } from '../../src/server/db/seed/index.ts';
import { listingGate } from '../../src/server/services/listing-gate-service.ts';
import { packageStartedByListing } from '../../src/server/services/package-service.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { createUser } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let freePackageId: number;
beforeAll(async () => {
  app = await createTestApp();
  const [free] = await app.database.db.select().from(packages).where(eq(packages.priceMinor, 0));
  freePackageId = free!.id;
});

let phone = 0;
async function signedIn(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(app.database.db, {
    mobile: `+1777000${String(++phone).padStart(4, '0')}`,
    address: '1 Road',
    profileImage: { key: 'k', width: 1, height: 1, variants: [] },
    ...overrides,
  });
  const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
  const actor = { id: user.id, sessionId: 0, name: user.name, email: user.email, role: user.type };
  return { user, token, actor };
}
const check = (type: string, token?: string) =>
  app.call('GET', `/api/check-package-limit?type=${type}`, token ? { token } : {});

describe('get-package', () => {
  it('lists the starter free package of a fresh install to anyone, with its counted limits', async () => {
    const res = await app.call('GET', '/api/get-package');
    expect(res.status).toBe(200);
    const free = res.body.data.find((p: { id: number }) => p.id === freePackageId);
    expect(free).toMatchObject({ name: 'Free', is_free: true, price: 0, duration_days: 30, is_active: false });
    expect(free.features).toEqual(expect.arrayContaining([{ feature: 'property_list', counted: true, limit: 3 }]));
  });

  it('marks the packages the signed-in caller holds', async () => {
    const { user, token } = await signedIn();
    const { package: pkg } = await grantPackage(app.database.db, [user.id], { premium_properties: null });
    const res = await app.call('GET', '/api/get-package', { token });
    const held = res.body.data.find((p: { id: number }) => p.id === pkg.id);
    expect(held).toMatchObject({ is_active: true, is_free: false, price: 10 });
    expect(held.features).toEqual([{ feature: 'premium_properties', counted: false, limit: null }]);
    expect(held.ends_at).toEqual(expect.any(String));
  });
});

describe('check-package-limit', () => {
  it('needs a signed-in caller and a known feature', async () => {
    expect((await check('property_list')).status).toBe(401);
    const { token } = await signedIn();
    const res = await check('free_lunch', token);
    expect(res.status).toBe(422);
    expect(res.body.data.fields.type).toBeDefined();
  });

  it("lets a user without a package list when the site's free package starts with the first listing", async () => {
    const { token } = await signedIn();
    for (const type of ['property_list', 'project_list']) {
      const res = await check(type, token);
      expect(res.body.data).toEqual({
        package_available: true,
        feature_available: true,
        limit_available: true,
        free_package: { id: freePackageId, name: 'Free' },
      });
      expect(res.body.message).toMatch(/^Your first listings are free: posting starts the Free package/);
    }
    // Other features are not what a first listing starts.
    expect((await check('premium_properties', token)).body).toMatchObject({
      message: 'Premium properties need a package that includes them.',
      data: { package_available: false, feature_available: false, limit_available: false, free_package: null },
    });
  });

  it('says "no package yet" without a package on a site without a free one, as posting would', async () => {
    const { actor, token } = await signedIn();
    const db = app.database.db;
    await db.update(packages).set({ isActive: false }).where(eq(packages.priceMinor, 0));
    try {
      const res = await check('property_list', token);
      expect(res.body).toMatchObject({
        message: 'You have no package yet. Choose a package to list your property.',
        data: { package_available: false, feature_available: false, limit_available: false, free_package: null },
      });
      expect(await listingGate(db, actor, 'property')).toBe('property_list_none');
    } finally {
      await db.update(packages).set({ isActive: true }).where(eq(packages.priceMinor, 0));
    }
  });

  it('tells a package without the feature from a feature whose limit is spent', async () => {
    const { user, token } = await signedIn();
    const { subscriptions } = await grantPackage(app.database.db, [user.id], { property_list: 1 });
    expect((await check('project_list', token)).body.data).toEqual({
      package_available: true,
      feature_available: false,
      limit_available: false,
      free_package: null,
    });
    expect((await check('property_list', token)).body.data).toEqual({
      package_available: true,
      feature_available: true,
      limit_available: true,
      free_package: null,
    });
    await app.database.db.insert(userPackageUsage).values({
      userPackageId: subscriptions[0]!.id,
      feature: 'property_list',
      used: 1,
    });
    expect((await check('property_list', token)).body.data).toEqual({
      package_available: true,
      feature_available: true,
      limit_available: false,
      free_package: null,
    });
  });

  it('grants uncounted features by holding them, and ignores expired or future packages', async () => {
    const { user, token } = await signedIn();
    await grantPackage(
      app.database.db,
      [user.id],
      { premium_properties: null, property_list: 5 },
      {
        startsAt: new Date(Date.now() - 40 * 86_400_000),
        endsAt: new Date(Date.now() - 86_400_000),
      },
    );
    await grantPackage(
      app.database.db,
      [user.id],
      { property_list: 5 },
      {
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 40 * 86_400_000),
      },
    );
    expect((await check('premium_properties', token)).body.data.package_available).toBe(false);
    await grantPackage(app.database.db, [user.id], { premium_properties: null });
    expect((await check('premium_properties', token)).body.data).toEqual({
      package_available: true,
      feature_available: true,
      limit_available: true,
      free_package: null,
    });
  });

  it('does not limit the admin', async () => {
    const { token } = await signedIn({ type: 'admin' });
    expect((await check('project_feature', token)).body.data.limit_available).toBe(true);
  });
});

describe('assign_package', () => {
  const assign = (token: string | undefined, body: Record<string, string>) =>
    app.call('POST', '/api/assign_package', { token, body });

  it('gives a free package once while it runs; listing would have started it too', async () => {
    const { actor, token } = await signedIn();
    expect(await listingGate(app.database.db, actor)).toBeNull();
    expect(await packageStartedByListing(app.database.db, actor, 'property_list')).toMatchObject({
      id: freePackageId,
    });
    const res = await assign(token, { package_id: String(freePackageId) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Package activated.');
    expect(res.body.data).toEqual([
      expect.objectContaining({
        package_id: freePackageId,
        features: expect.arrayContaining([{ feature: 'property_list', limit: 3, used: 0, remaining: 3 }]),
      }),
    ]);
    expect(await listingGate(app.database.db, actor)).toBeNull();
    expect(await packageStartedByListing(app.database.db, actor, 'property_list')).toBeNull();
    const again = await assign(token, { package_id: String(freePackageId) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already hold this package.');
  });

  it('gives one subscription to ten simultaneous requests', async () => {
    const { user, token } = await signedIn();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => assign(token, { package_id: String(freePackageId) })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
    const rows = await app.database.db
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.userId, user.id), eq(userPackages.packageId, freePackageId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses paid and unknown packages, bad input and anonymous callers', async () => {
    const { token } = await signedIn();
    const { package: paid } = await grantPackage(app.database.db, [], { property_list: 5 });
    const res = await assign(token, { package_id: String(paid.id) });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('This package is not free: it needs a payment.');
    expect((await assign(token, { package_id: '999999' })).status).toBe(404);
    const bad = await assign(token, { package_id: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.package_id).toBeDefined();
    expect((await assign(undefined, { package_id: String(freePackageId) })).status).toBe(401);
  });
});

describe('the listing gate and packages', () => {
  it('says "no package yet" only to a user holding none on a site without a free one', async () => {
    const db = app.database.db;
    const { user, actor } = await signedIn();
    await db.update(packages).set({ isActive: false }).where(eq(packages.id, freePackageId));
    try {
      expect(await listingGate(db, actor)).toBe('property_list_none');
      expect(await listingGate(db, actor, 'project')).toBe('project_list_none');
      expect(await packageStartedByListing(db, actor, 'property_list')).toBeNull();
      // Holding a package whose units are spent is the other message, whatever free package the site has.
      const { subscriptions } = await grantPackage(db, [user.id], { property_list: 1 });
      await db
        .insert(userPackageUsage)
        .values({ userPackageId: subscriptions[0]!.id, feature: 'property_list', used: 1 });
      await db.update(packages).set({ isActive: true }).where(eq(packages.id, freePackageId));
      expect(await listingGate(db, actor)).toBe('property_list_unavailable');
      expect(await packageStartedByListing(db, actor, 'property_list')).toBeNull();
    } finally {
      await db.update(packages).set({ isActive: true }).where(eq(packages.id, freePackageId));
    }
  });
});

describe('the starter package', () => {
  it('is created once per install: one an admin removed does not come back on the next start', async () => {
    const db = app.database.db;
    await seedEssentials(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    expect(await db.select().from(packages).where(eq(packages.priceMinor, 0))).toHaveLength(1);
    await db.delete(userPackages).where(eq(userPackages.packageId, freePackageId));
    await db.delete(packages).where(eq(packages.id, freePackageId));
    await seedEssentials(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    expect(await db.select().from(packages).where(eq(packages.priceMinor, 0))).toHaveLength(0);
  });
});
