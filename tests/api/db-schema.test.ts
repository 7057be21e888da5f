import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';

// The schema's own guarantees, on a freshly migrated database (PostgreSQL when TEST_DATABASE_URL is set).
let h: DatabaseHandle;
const postgresUrl = process.env['TEST_DATABASE_URL'];

beforeAll(async () => {
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await client.end();
  }
  h = await openDatabase(postgresUrl ? { url: postgresUrl } : { dataDir: 'memory://' });
  await h.migrate();
});
afterAll(() => h?.close());

let counter = 0;
async function user(overrides: Partial<typeof s.users.$inferInsert> = {}) {
  const n = ++counter;
  const [row] = await h.db
    .insert(s.users)
    .values({ name: `Person ${n}`, email: `person${n}@example.com`, slug: `person-${n}`, ...overrides })
    .returning();
  return row!;
}
async function category() {
  const n = ++counter;
  const [row] = await h.db
    .insert(s.categories)
    .values({ name: `Category ${n}`, slug: `category-${n}` })
    .returning();
  return row!;
}
async function property(
  ownerId: number,
  categoryId: number,
  overrides: Partial<typeof s.properties.$inferInsert> = {},
) {
  const n = ++counter;
  const [row] = await h.db
    .insert(s.properties)
    .values({
      ownerId,
      categoryId,
      title: `Quiet flat ${n}`,
      slug: `quiet-flat-${n}`,
      description: 'Two rooms over the harbour.',
      propertyType: 'sell',
      priceMinor: 250_000_00,
      city: 'Porto',
      state: 'Porto',
      country: 'Portugal',
      ...overrides,
    })
    .returning();
  return row!;
}
/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error in `cause`). */
async function failure(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}
/** Rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await h.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
const CHECK = '23514';
const UNIQUE = '23505';

describe('migrations', () => {
  it('create every table of the schema', async () => {
    const expected = Object.values(s)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableName(t as PgTable))
      .sort();
    const result = await query<{ table_name: string }>(
      // Partitions (of property_search, migration 0014) are the parts of a declared table, not tables of their own.
      sql`select table_name from information_schema.tables where table_schema = 'public'
        and table_name not in (select relname from pg_class where relispartition) order by table_name`,
    );
    expect(result.map((r) => r.table_name).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(40);
  });

  it('splits the search-box table into hash partitions, each with the word and date indexes', async () => {
    const parts = await query<{ name: string; bound: string; indexes: string }>(sql`
      select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound,
        (select string_agg(i.indexdef, ' | ' order by i.indexname) from pg_indexes i where i.tablename = c.relname)
          as indexes
      from pg_inherits h join pg_class c on c.oid = h.inhrelid
      where h.inhparent = 'property_search'::regclass order by c.relname`);
    expect(parts.map((p) => [p.name, p.bound])).toEqual(
      Array.from({ length: s.SEARCH_PARTITIONS }, (_, i) => [
        `property_search_${i}`,
        `FOR VALUES WITH (modulus ${s.SEARCH_PARTITIONS}, remainder ${i})`,
      ]),
    );
    for (const part of parts) {
      expect(part.indexes).toMatch(/USING gin \(search\)/);
      expect(part.indexes).toMatch(/\(created_at DESC, property_id DESC\)/);
    }
  });

  it('index listings for every search filter, full text with GIN', async () => {
    const result = await query<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'properties'`,
    );
    const defs = Object.fromEntries(result.map((r) => [r.indexname, r.indexdef]));
    expect(defs['properties_search_idx']).toMatch(/USING gin \(search\)/);
    // Place filters use the lower() key columns, indexed over public listings (index-only counts, ADR 017).
    expect(defs['properties_public_city_search_idx']).toMatch(/\(city_key, property_type, category_id, price_minor/);
    // A place's newest first, with what else is filtered beside it (migration 0012).
    for (const place of ['city', 'state', 'country'])
      expect(defs[`properties_public_${place}_newest_idx`]).toMatch(
        new RegExp(
          `\\(${place}_key, created_at DESC, id DESC\\) INCLUDE \\(property_type, category_id, price_minor\\) WHERE`,
        ),
      );
    // The admins' review queues in order of the latest change, one status or all (migration 0024).
    expect(defs['properties_review_idx']).toMatch(/\(admin_status, updated_at, id\)/);
    expect(defs['properties_updated_idx']).toMatch(/\(updated_at, id\)/);
    for (const name of [
      'properties_category_idx',
      'properties_price_idx',
      'properties_views_idx',
      'properties_likes_idx',
      'properties_featured_idx',
      'properties_owner_idx',
      'properties_public_owner_idx',
      'properties_public_location_idx',
    ])
      expect(defs).toHaveProperty(name);
  });
});

describe('properties', () => {
  it('keep the full-text column in step with title, place and description', async () => {
    const owner = await user();
    const cat = await category();
    const row = await property(owner.id, cat.id, { title: 'Sunny loft', city: 'Lisbon' });
    const match = (q: string) =>
      h.db
        .select({ id: s.properties.id })
        .from(s.properties)
        .where(
          sql`${s.properties.id} = ${row.id} and ${s.properties.search} @@ plainto_tsquery('simple', fold_text(${q}))`,
        );
    expect(await match('sunny lisbon')).toHaveLength(1);
    // Folded on both sides (fold_text, migration 0028): case and accents do not count.
    expect(await match('SÚNNY Lísbon')).toHaveLength(1);
    expect(await match('zanzibar')).toHaveLength(0);
    await h.db.update(s.properties).set({ title: 'Loft in Zanzibar' }).where(eq(s.properties.id, row.id));
    expect(await match('zanzibar')).toHaveLength(1);
    // Words of any script are indexed ('simple' has no stemming or stop words to get in the way).
    await h.db.update(s.properties).set({ description: 'شقة مشمسة' }).where(eq(s.properties.id, row.id));
    expect(await match('مشمسة')).toHaveLength(1);
  });

  it('keep the folded place keys (no case, no accents) in step with the place names, in every script', async () => {
    const owner = await user();
    const cat = await category();
    const row = await property(owner.id, cat.id, { city: 'ÉVORA', state: 'Alentejo', country: 'Portugal' });
    const keys = async () =>
      (
        await h.db
          .select({ city: s.properties.cityKey, state: s.properties.stateKey, country: s.properties.countryKey })
          .from(s.properties)
          .where(eq(s.properties.id, row.id))
      )[0];
    expect(await keys()).toEqual({ city: 'evora', state: 'alentejo', country: 'portugal' });
    await h.db.update(s.properties).set({ city: 'Αθήνα', country: 'Ελλάδα' }).where(eq(s.properties.id, row.id));
    expect(await keys()).toMatchObject({ city: 'αθηνα', country: 'ελλαδα' });
  });

  it('refuse a negative price, a rent period on a sale, a counter below zero and a place off the Earth', async () => {
    const owner = await user();
    const cat = await category();
    expect(await failure(() => property(owner.id, cat.id, { priceMinor: -1 }))).toBe(CHECK);
    expect(await failure(() => property(owner.id, cat.id, { latitude: 90.5, longitude: 0 }))).toBe(CHECK);
    expect(await failure(() => property(owner.id, cat.id, { latitude: 0, longitude: -180.01 }))).toBe(CHECK);
    expect(await failure(() => property(owner.id, cat.id, { latitude: Number.NaN, longitude: 0 }))).toBe(CHECK);
    const pole = await property(owner.id, cat.id, { latitude: -90, longitude: 180 });
    expect(pole.latitude).toBe(-90);
    expect(await failure(() => property(owner.id, cat.id, { rentDuration: 'monthly' }))).toBe(CHECK);
    expect(await failure(() => property(owner.id, cat.id, { totalLikes: -1 }))).toBe(CHECK);
    const rent = await property(owner.id, cat.id, { propertyType: 'rent', rentDuration: 'monthly' });
    expect(rent.rentDuration).toBe('monthly');
  });

  it('take their floors, parameters, facilities and favourites with them when deleted', async () => {
    const owner = await user();
    const fan = await user();
    const cat = await category();
    const row = await property(owner.id, cat.id);
    const [parameter] = await h.db
      .insert(s.parameters)
      .values({ name: 'Bedrooms', typeOfParameter: 'number' })
      .returning();
    const [facility] = await h.db.insert(s.facilities).values({ name: 'School' }).returning();
    await h.db.insert(s.propertyParameters).values({ propertyId: row.id, parameterId: parameter!.id, value: 3 });
    await h.db.insert(s.propertyFacilities).values({ propertyId: row.id, facilityId: facility!.id, distance: 1.5 });
    await h.db.insert(s.propertyFloors).values({ propertyId: row.id, title: 'Ground floor' });
    await h.db.insert(s.favourites).values({ userId: fan.id, propertyId: row.id });

    const loaded = await h.db.query.properties.findFirst({
      where: eq(s.properties.id, row.id),
      with: { owner: true, category: true, floors: true, parameters: { with: { parameter: true } }, facilities: true },
    });
    expect(loaded?.owner.id).toBe(owner.id);
    expect(loaded?.parameters[0]?.value).toBe(3);
    expect(loaded?.parameters[0]?.parameter.name).toBe('Bedrooms');
    expect(loaded?.facilities[0]?.distance).toBe(1.5);

    await h.db.delete(s.properties).where(eq(s.properties.id, row.id));
    for (const table of [s.propertyParameters, s.propertyFacilities, s.propertyFloors, s.favourites] as const) {
      const rows = await h.db.select().from(table).where(eq(table.propertyId, row.id));
      expect(rows).toEqual([]);
    }
  });

  it('cannot share a slug, and favourites cannot repeat', async () => {
    const owner = await user();
    const cat = await category();
    const row = await property(owner.id, cat.id);
    expect(await failure(() => property(owner.id, cat.id, { slug: row.slug }))).toBe(UNIQUE);
    await h.db.insert(s.favourites).values({ userId: owner.id, propertyId: row.id });
    expect(await failure(() => h.db.insert(s.favourites).values({ userId: owner.id, propertyId: row.id }))).toBe(
      UNIQUE,
    );
  });
});

describe('users', () => {
  it('store emails lower-cased, so one address is one account', async () => {
    expect(await failure(() => user({ email: 'Mixed@Example.com' }))).toBe(CHECK);
    await user({ email: 'same@example.com' });
    expect(await failure(() => user({ email: 'same@example.com' }))).toBe(UNIQUE);
    // Phone and Google accounts may have no email at all.
    const phoneOnly = await user({ email: null, mobile: '+15550199', logintype: 'phone' });
    expect(phoneOnly.passwordHash).toBeNull();
    expect(phoneOnly.verificationStatus).toBe('initial');
    expect(phoneOnly.notificationsEnabled).toBe(true);
  });
});

describe('messaging', () => {
  it('lets a user block another user, or the admins, once', async () => {
    const a = await user();
    const b = await user();
    await h.db.insert(s.blockedUsers).values({ blockerId: a.id, blockedId: b.id });
    await h.db.insert(s.blockedUsers).values({ blockerId: a.id, toAdmin: true });
    expect(await failure(() => h.db.insert(s.blockedUsers).values({ blockerId: a.id, blockedId: b.id }))).toBe(UNIQUE);
    expect(await failure(() => h.db.insert(s.blockedUsers).values({ blockerId: a.id, toAdmin: true }))).toBe(UNIQUE);
    // Either a user or the admins, never both or neither.
    expect(
      await failure(() => h.db.insert(s.blockedUsers).values({ blockerId: b.id, blockedId: a.id, toAdmin: true })),
    ).toBe(CHECK);
    expect(await failure(() => h.db.insert(s.blockedUsers).values({ blockerId: b.id }))).toBe(CHECK);
  });

  it('keeps messages addressed and non-empty', async () => {
    const a = await user();
    const b = await user();
    await h.db.insert(s.messages).values({ senderId: a.id, receiverId: b.id, body: 'Hello' });
    await h.db.insert(s.messages).values({ senderId: a.id, toAdmin: true, body: 'Hello admins' });
    await h.db.insert(s.messages).values({
      senderId: a.id,
      receiverId: b.id,
      audio: { key: 'chat/1.webm', name: '1.webm', contentType: 'audio/webm', size: 10 },
    });
    expect(await failure(() => h.db.insert(s.messages).values({ senderId: a.id, receiverId: b.id }))).toBe(CHECK);
    expect(await failure(() => h.db.insert(s.messages).values({ senderId: a.id, body: 'to nobody' }))).toBe(CHECK);
    const sent = await h.db.query.users.findFirst({ where: eq(s.users.id, a.id), with: { sentMessages: true } });
    expect(sent?.sentMessages).toHaveLength(3);
  });
});

describe('packages', () => {
  it('hold one limit per feature (null is unlimited) and usage that never goes below zero', async () => {
    const [pkg] = await h.db.insert(s.packages).values({ name: 'Pro', priceMinor: 4900, durationDays: 30 }).returning();
    await h.db.insert(s.packageFeatures).values([
      { packageId: pkg!.id, feature: 'property_list', limit: 10 },
      { packageId: pkg!.id, feature: 'premium_properties', limit: null },
    ]);
    expect(
      await failure(() =>
        h.db.insert(s.packageFeatures).values({ packageId: pkg!.id, feature: 'property_list', limit: 5 }),
      ),
    ).toBe(UNIQUE);
    expect(await failure(() => h.db.insert(s.packages).values({ name: 'Bad', priceMinor: 100, durationDays: 0 }))).toBe(
      CHECK,
    );
    const buyer = await user();
    const [subscription] = await h.db
      .insert(s.userPackages)
      .values({ userId: buyer.id, packageId: pkg!.id, startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) })
      .returning();
    expect(
      await failure(() =>
        h.db.insert(s.userPackageUsage).values({ userPackageId: subscription!.id, feature: 'property_list', used: -1 }),
      ),
    ).toBe(CHECK);
    const loaded = await h.db.query.packages.findFirst({ where: eq(s.packages.id, pkg!.id), with: { features: true } });
    expect(loaded?.features.map((f) => [f.feature, f.limit]).sort()).toEqual([
      ['premium_properties', null],
      ['property_list', 10],
    ]);
  });

  it('features exactly one property or project per advertisement', async () => {
    const owner = await user();
    const row = await property(owner.id, (await category()).id);
    await h.db.insert(s.advertisements).values({ userId: owner.id, propertyId: row.id });
    expect(await failure(() => h.db.insert(s.advertisements).values({ userId: owner.id }))).toBe(CHECK);
  });

  it('records a provider reference once per provider', async () => {
    const buyer = await user();
    const [pkg] = await h.db
      .insert(s.packages)
      .values({ name: 'Basic', priceMinor: 1900, durationDays: 30 })
      .returning();
    const payment = {
      userId: buyer.id,
      packageId: pkg!.id,
      amountMinor: 1900,
      currency: 'USD',
      provider: 'stripe' as const,
      providerReference: 'pi_123',
    };
    await h.db.insert(s.paymentTransactions).values(payment);
    expect(await failure(() => h.db.insert(s.paymentTransactions).values(payment))).toBe(UNIQUE);
    // Without a reference (bank transfer) any number may wait for review.
    const transfer = { ...payment, provider: 'bank_transfer' as const, providerReference: null };
    await h.db.insert(s.paymentTransactions).values([transfer, transfer]);
  });
});
