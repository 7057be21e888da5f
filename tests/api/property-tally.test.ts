import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { createProperty, createUser, seedCatalog } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * `property_tally` counts public listings per category, city and owner through a trigger (migration 0015); the home
 * page, categories, cities and agents read their counts from it. Whatever writes listings go through, it must equal
 * counting the public listings afresh.
 */
const app = await createTestApp();
const db = app.database.db;

type Row = { dimension: string; key: string; listings: number };

async function tally(): Promise<Row[]> {
  const rows = await db
    .select({ dimension: s.propertyTally.dimension, key: s.propertyTally.key, listings: s.propertyTally.listings })
    .from(s.propertyTally)
    .where(sql`${s.propertyTally.listings} <> 0`);
  return sorted(rows);
}

async function countedAfresh(): Promise<Row[]> {
  const { rows } = (await db.execute(sql`
    select d.dimension, d.key, count(*)::int as listings
    from properties p cross join lateral (values ('category', p.category_id::text), ('city', p.city_key),
      ('owner', p.owner_id::text)) as d (dimension, key)
    where p.admin_status = 'approved' and p.status = 'active'
    group by 1, 2`)) as unknown as { rows: Row[] };
  return sorted(rows);
}

const sorted = (rows: Row[]) =>
  rows.map((r) => ({ ...r })).sort((a, b) => `${a.dimension} ${a.key}`.localeCompare(`${b.dimension} ${b.key}`));

const { apartment: categoryA, villa: categoryB } = await seedCatalog(db);
const owners = [await createUser(db), await createUser(db), await createUser(db)];
const cities = ['Lisbon', 'LISBON', 'Porto', 'Faro'];
// Public (approved and active) about half the time, so runs move listings in and out of the counts.
const adminStatuses = ['approved', 'approved', 'approved', 'pending', 'rejected'] as const;
const statuses = ['active', 'active', 'active', 'inactive', 'sold', 'rented'] as const;

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    owner: fc.nat(2),
    category: fc.nat(1),
    city: fc.constantFrom(...cities),
    adminStatus: fc.constantFrom(...adminStatuses),
    status: fc.constantFrom(...statuses),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    change: fc.oneof(
      fc.record({ adminStatus: fc.constantFrom(...adminStatuses) }),
      fc.record({ status: fc.constantFrom(...statuses) }),
      fc.record({ city: fc.constantFrom(...cities) }),
      fc.record({ owner: fc.nat(2), category: fc.nat(1) }),
      // Columns the tally does not count: the trigger does not fire.
      fc.record({ views: fc.nat(1000) }),
    ),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

describe('listings tally', () => {
  it('equals a fresh count after any sequence of inserts, reviews, status changes, moves and deletes', async () => {
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const op of operations) {
          const ids = (await db.select({ id: s.properties.id }).from(s.properties)).map((r) => r.id);
          if (op.kind === 'insert') {
            await createProperty(db, {
              ownerId: owners[op.owner]!.id,
              categoryId: [categoryA, categoryB][op.category]!.id,
              city: op.city,
              adminStatus: op.adminStatus,
              status: op.status,
            });
          } else if (ids.length === 0) {
            continue;
          } else if (op.kind === 'delete') {
            await db.delete(s.properties).where(eq(s.properties.id, ids[op.pick % ids.length]!));
          } else {
            const { change } = op;
            await db
              .update(s.properties)
              .set({
                ...('adminStatus' in change ? { adminStatus: change.adminStatus } : {}),
                ...('status' in change ? { status: change.status } : {}),
                ...('city' in change ? { city: change.city } : {}),
                ...('owner' in change
                  ? { ownerId: owners[change.owner]!.id, categoryId: [categoryA, categoryB][change.category]!.id }
                  : {}),
                ...('views' in change ? { totalViews: change.views } : {}),
              })
              .where(eq(s.properties.id, ids[op.pick % ids.length]!));
          }
        }
        const counted = await countedAfresh();
        expect(await tally()).toEqual(counted);
        for (const row of counted) reached.add(`${row.dimension} ${row.key}`);
      }),
      { numRuns: 40 },
    );
    // The runs did count public listings in several cities (both spellings of Lisbon as one), and several owners.
    const reachedOf = (dimension: string) => [...reached].filter((key) => key.startsWith(`${dimension} `));
    expect(reachedOf('city')).toContain('city lisbon');
    expect(reachedOf('city').length).toBeGreaterThan(1);
    expect(reachedOf('owner').length).toBeGreaterThan(1);
  });

  it('follows an owner deleted with their listings, and a rebuild gives the same rows', async () => {
    const leaving = await createUser(db);
    await createProperty(db, { ownerId: leaving.id, categoryId: categoryA.id, city: 'Braga' });
    expect(await tally()).toEqual(await countedAfresh());
    expect((await tally()).find((r) => r.dimension === 'owner' && r.key === String(leaving.id))?.listings).toBe(1);
    await db.delete(s.users).where(eq(s.users.id, leaving.id));
    expect(await tally()).toEqual(await countedAfresh());
    const before = await tally();
    await db.execute(sql`select property_tally_rebuild()`);
    expect(await tally()).toEqual(before);
  });

  it('is emptied with the listings by a TRUNCATE, which fires no row trigger', async () => {
    await createProperty(db, { ownerId: owners[0]!.id, categoryId: categoryA.id, city: 'Coimbra' });
    expect((await tally()).length).toBeGreaterThan(0);
    await db.execute(sql`truncate users cascade`);
    expect(await tally()).toEqual([]);
    expect(await countedAfresh()).toEqual([]);
  });
});
