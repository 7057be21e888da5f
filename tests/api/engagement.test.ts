import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;
let reasonId: number;
let retiredReasonId: number;

const db = () => app.database.db;
const post = (path: string, body: unknown, token?: string) =>
  app.call('POST', `/api/${path}`, token ? { body, token } : { body });
const get = (path: string, token?: string) => app.call('GET', `/api/${path}`, token ? { token } : {});
const listing = (values: Partial<typeof s.properties.$inferInsert> = {}) =>
  createProperty(db(), { ownerId: owner.user.id, categoryId: catalog.apartment.id, ...values });
const likesOf = async (id: number) =>
  (await db().select({ n: s.properties.totalLikes }).from(s.properties).where(eq(s.properties.id, id)))[0]!.n;
const favouriteRows = async (userId: number, propertyId: number) =>
  (
    await db()
      .select()
      .from(s.favourites)
      .where(and(eq(s.favourites.userId, userId), eq(s.favourites.propertyId, propertyId)))
  ).length;

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  owner = await createSignedInUser(db());
  alice = await createSignedInUser(db());
  bob = await createSignedInUser(db());
  const reasons = await db().select().from(s.reportReasons);
  reasonId = reasons.find((r) => r.isActive)!.id;
  retiredReasonId = reasons.find((r) => !r.isActive)!.id;
});

describe('add_favourite', () => {
  it('needs a session', async () => {
    const p = await listing();
    const res = await post('add_favourite', { property_id: p.id, type: 1 });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(true);
  });

  it('adds and removes idempotently, keeping total_likes equal to the favourites', async () => {
    const p = await listing();
    const added = await post('add_favourite', { property_id: p.id, type: 1 }, alice.token);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      error: false,
      message: 'Added to your favourites.',
      data: { property_id: p.id, is_favourite: true, total_likes: 1 },
    });
    const again = await post('add_favourite', { property_id: p.id, type: '1' }, alice.token);
    expect(again.body.data).toMatchObject({ is_favourite: true, total_likes: 1 });
    expect(await favouriteRows(alice.user.id, p.id)).toBe(1);

    await post('add_favourite', { property_id: p.id, type: 1 }, bob.token);
    expect(await likesOf(p.id)).toBe(2);

    const removed = await post('add_favourite', { property_id: String(p.id), type: '0' }, alice.token);
    expect(removed.body).toMatchObject({ message: 'Removed from your favourites.', data: { is_favourite: false } });
    expect(removed.body.data.total_likes).toBe(1);
    const removedAgain = await post('add_favourite', { property_id: p.id, type: 0 }, alice.token);
    expect(removedAgain.status).toBe(200);
    expect(await likesOf(p.id)).toBe(1);
    expect(await favouriteRows(alice.user.id, p.id)).toBe(0);
  });

  it('counts one like however many times the same user adds at once', async () => {
    const p = await listing();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('add_favourite', { property_id: p.id, type: 1 }, alice.token)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await likesOf(p.id)).toBe(1);
    await Promise.all(
      Array.from({ length: 8 }, () => post('add_favourite', { property_id: p.id, type: 0 }, alice.token)),
    );
    expect(await likesOf(p.id)).toBe(0);
  });

  it('accepts form bodies too', async () => {
    const p = await listing();
    const form = new FormData();
    form.append('property_id', String(p.id));
    form.append('type', '1');
    const res = await post('add_favourite', form, bob.token);
    expect(res.status).toBe(200);
    expect(res.body.data.is_favourite).toBe(true);
  });

  it('adds only public listings, or your own', async () => {
    const pending = await listing({ adminStatus: 'pending' });
    const sold = await listing({ status: 'sold' });
    expect((await post('add_favourite', { property_id: pending.id, type: 1 }, alice.token)).status).toBe(404);
    expect((await post('add_favourite', { property_id: sold.id, type: 1 }, alice.token)).status).toBe(404);
    expect(await likesOf(pending.id)).toBe(0);
    const own = await post('add_favourite', { property_id: pending.id, type: 1 }, owner.token);
    expect(own.status).toBe(200);
    expect((await post('add_favourite', { property_id: 2_000_000_000, type: 1 }, alice.token)).status).toBe(404);
  });

  it('answers bad input with 422 and a message per field, never 500', async () => {
    const p = await listing();
    const noType = await post('add_favourite', { property_id: p.id }, alice.token);
    expect(noType.status).toBe(422);
    expect(noType.body.data.fields.type).toEqual(['Send type 1 to add or 0 to remove.']);
    const badType = await post('add_favourite', { property_id: p.id, type: 2 }, alice.token);
    expect(badType.status).toBe(422);
    const noId = await post('add_favourite', { type: 1 }, alice.token);
    expect(noId.status).toBe(422);
    expect(noId.body.data.fields.property_id).toBeDefined();
    for (const property_id of ['abc', -1, 1.5, '99999999999', null]) {
      const res = await post('add_favourite', { property_id, type: 1 }, alice.token);
      expect(res.status, String(property_id)).toBeGreaterThanOrEqual(400);
      expect(res.status, String(property_id)).toBeLessThan(500);
    }
  });
});

describe('get_favourite_property', () => {
  it('lists your own public favourites, newest first, and nobody else’s', async () => {
    const first = await listing();
    const second = await listing();
    const later = await listing();
    const bobs = await listing();
    await post('add_favourite', { property_id: first.id, type: 1 }, owner.token);
    await post('add_favourite', { property_id: second.id, type: 1 }, owner.token);
    await post('add_favourite', { property_id: later.id, type: 1 }, owner.token);
    await post('add_favourite', { property_id: bobs.id, type: 1 }, bob.token);
    // A favourite whose listing is withdrawn later stays saved but is not shown.
    await db().update(s.properties).set({ status: 'inactive' }).where(eq(s.properties.id, second.id));

    const mine = await get('get_favourite_property?limit=50', owner.token);
    expect(mine.status).toBe(200);
    const items = mine.body.data.items as { id: number; is_favourite: boolean }[];
    const ids = items.map((p) => p.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(second.id);
    expect(ids).not.toContain(bobs.id);
    expect(items.every((p) => p.is_favourite)).toBe(true);
    expect(mine.body.data.total).toBe(items.length);

    const paged = await get('get_favourite_property?limit=1&offset=1', owner.token);
    expect(paged.body.data).toMatchObject({ offset: 1, limit: 1, total: mine.body.data.total });
    expect(paged.body.data.items).toHaveLength(1);

    const bobsList = await get('get_favourite_property', bob.token);
    const bobIds = bobsList.body.data.items.map((p: { id: number }) => p.id);
    expect(bobIds).toContain(bobs.id);
    expect(bobIds).not.toContain(first.id);
  });

  it('needs a session and sane paging', async () => {
    expect((await get('get_favourite_property')).status).toBe(401);
    expect((await get('get_favourite_property?limit=abc', alice.token)).status).toBe(422);
  });

  it('marks favourites and interest in listings for the signed-in viewer only', async () => {
    const p = await listing({ city: 'Marktown' });
    await post('add_favourite', { property_id: p.id, type: 1 }, alice.token);
    await post('interested_users', { property_id: p.id, type: 1 }, alice.token);
    const asAlice = await get('get-property-list?city=marktown', alice.token);
    expect(asAlice.body.data.items[0]).toMatchObject({ id: p.id, is_favourite: true, is_interested: true });
    const asBob = await get('get-property-list?city=marktown', bob.token);
    expect(asBob.body.data.items[0]).toMatchObject({ id: p.id, is_favourite: false, is_interested: false });
    const detail = await get(`get_property?id=${p.id}`, alice.token);
    expect(detail.body.data).toMatchObject({ is_favourite: true, is_interested: true, total_likes: 1 });
  });
});

describe('interested_users', () => {
  it('notifies the owner once, in their language, with a link to the listing', async () => {
    const p = await listing({ title: 'Quiet loft by the river' });
    const before = (await get('get_notification_list', owner.token)).body.data.total;
    await post('interested_users', { property_id: p.id, type: 1 }, alice.token);
    await post('interested_users', { property_id: p.id, type: 1 }, alice.token);
    const list = await get('get_notification_list', owner.token);
    expect(list.body.data.total).toBe(before + 1);
    expect(list.body.data.items[0]).toMatchObject({
      type: 'interest',
      title: `${alice.user.name} is interested in your property`,
      body: 'Quiet loft by the river',
      url: `/my-property/${p.slug}`,
      is_read: false,
    });
    expect((await get('get_notification_list', alice.token)).body.data.items).toEqual([]);
  });

  it('tells the owner, and can be taken back', async () => {
    const p = await listing();
    const res = await post('interested_users', { property_id: p.id, type: 1 }, bob.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ property_id: p.id, is_interested: true });
    await post('interested_users', { property_id: p.id, type: 1 }, bob.token);
    const seen = await get(`get_interested_users?property_id=${p.id}`, owner.token);
    expect(seen.body.data.items.map((u: { id: number }) => u.id)).toEqual([bob.user.id]);

    const told = async () =>
      (await get('get_notification_list?limit=100', owner.token)).body.data.items.filter(
        (n: { type: string; url: string }) => n.type === 'interest' && n.url === `/my-property/${p.slug}`,
      );
    expect(await told()).toHaveLength(1);

    const back = await post('interested_users', { property_id: p.id, type: 0 }, bob.token);
    expect(back.body.data.is_interested).toBe(false);
    const after = await get(`get_interested_users?property_id=${p.id}`, owner.token);
    expect(after.body.data.total).toBe(0);
    // The owner's notification of it goes too; others' stay.
    expect(await told()).toEqual([]);
    expect((await get('get_notification_list?limit=100', owner.token)).body.data.total).toBeGreaterThan(0);
  });

  it('refuses your own listing, hidden listings, anonymous callers and bad input', async () => {
    const p = await listing();
    const own = await post('interested_users', { property_id: p.id, type: 1 }, owner.token);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot show interest in your own property.');
    const pending = await listing({ adminStatus: 'pending' });
    expect((await post('interested_users', { property_id: pending.id, type: 1 }, bob.token)).status).toBe(404);
    expect((await post('interested_users', { property_id: p.id, type: 1 })).status).toBe(401);
    expect((await post('interested_users', { property_id: p.id, type: 'yes' }, bob.token)).status).toBe(422);
  });
});

describe('add_reports', () => {
  it('needs a reason: a listed one or a written one', async () => {
    const p = await listing();
    const none = await post('add_reports', { property_id: p.id }, alice.token);
    expect(none.status).toBe(422);
    expect(none.body.data.fields.reason_id).toEqual(['This field is required.']);
    const blank = await post('add_reports', { property_id: p.id, reason_id: '', other_message: '   ' }, alice.token);
    expect(blank.status).toBe(422);
    const retired = await post('add_reports', { property_id: p.id, reason_id: retiredReasonId }, alice.token);
    expect(retired.status).toBe(422);
    expect(retired.body.data.fields.reason_id).toEqual(['Choose one of the listed reasons.']);
    const unknown = await post('add_reports', { property_id: p.id, reason_id: 999999 }, alice.token);
    expect(unknown.status).toBe(422);
    expect(await db().select().from(s.reports).where(eq(s.reports.propertyId, p.id))).toHaveLength(0);
  });

  it('takes one report per user and listing', async () => {
    const p = await listing();
    const res = await post('add_reports', { property_id: p.id, reason_id: reasonId }, alice.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Thank you. The property has been reported to our team.',
      data: { property_id: p.id },
    });
    const [row] = await db().select().from(s.reports).where(eq(s.reports.propertyId, p.id));
    expect(row).toMatchObject({ userId: alice.user.id, reasonId, otherMessage: null, status: 'open' });

    const twice = await post('add_reports', { property_id: p.id, other_message: 'Still wrong' }, alice.token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already reported this property.');

    const written = await post('add_reports', { property_id: p.id, other_message: 'Photos are fake' }, bob.token);
    expect(written.status).toBe(200);
    const detail = await get(`get_property?id=${p.id}`, alice.token);
    expect(detail.body.data.is_reported).toBe(true);
    const notBob = await get(`get_property?id=${p.id}`, owner.token);
    expect(notBob.body.data.is_reported).toBe(false);
  });

  it('refuses your own listing, hidden listings and anonymous callers', async () => {
    const p = await listing();
    const own = await post('add_reports', { property_id: p.id, reason_id: reasonId }, owner.token);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot report your own property.');
    const rejected = await listing({ adminStatus: 'rejected' });
    expect((await post('add_reports', { property_id: rejected.id, reason_id: reasonId }, bob.token)).status).toBe(404);
    expect((await post('add_reports', { property_id: p.id, reason_id: reasonId })).status).toBe(401);
    const huge = await post('add_reports', { property_id: '99999999999', reason_id: '99999999999' }, bob.token);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});
