import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import { createProperty, createUser, seedCatalog } from '../support/factories.ts';
import { mapTallyCounted, mapTallyKept } from '../support/map-oracle.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * Triggers on the listings keep four tables (migrations 0008, 0009, 0011, 0013, 0015, 0016, 0020): the search rows
 * with their filter columns (`property_search`), the map's markers (`property_map`), the markers counted per map
 * cell (`property_map_tally`) and the public listings counted per category, city and owner (`property_tally`). The
 * searches, the home page, categories, cities, agents and the map read them instead of the listings. Whatever writes listings go through (one at a time, many in one statement, several
 * statements in one transaction), each must equal what a fresh look at the listings gives.
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

async function tallyAfresh(): Promise<Row[]> {
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

const m = s.propertyMap;
const markers = () =>
  db
    .select({
      id: m.propertyId,
      createdAt: m.createdAt,
      latitude: m.latitude,
      longitude: m.longitude,
      propertyType: m.propertyType,
      categoryId: m.categoryId,
      priceMinor: m.priceMinor,
      slug: m.slug,
      title: m.title,
    })
    .from(m)
    .orderBy(asc(m.propertyId));

const p = s.properties;
const markersAfresh = () =>
  db
    .select({
      id: p.id,
      createdAt: p.createdAt,
      latitude: p.latitude,
      longitude: p.longitude,
      propertyType: p.propertyType,
      categoryId: p.categoryId,
      priceMinor: p.priceMinor,
      slug: p.slug,
      title: p.title,
    })
    .from(p)
    .where(and(eq(p.adminStatus, 'approved'), eq(p.status, 'active'), isNotNull(p.latitude), isNotNull(p.longitude)))
    .orderBy(asc(p.id));

const ps = s.propertySearch;
const searchRows = () =>
  db
    .select({
      id: ps.propertyId,
      createdAt: ps.createdAt,
      search: sql<string>`${ps.search}::text`,
      propertyType: ps.propertyType,
      categoryId: ps.categoryId,
      priceMinor: ps.priceMinor,
      cityKey: ps.cityKey,
      stateKey: ps.stateKey,
      countryKey: ps.countryKey,
    })
    .from(ps)
    .orderBy(asc(ps.propertyId));

const searchRowsAfresh = () =>
  db
    .select({
      id: p.id,
      createdAt: p.createdAt,
      search: sql<string>`${p.search}::text`,
      propertyType: p.propertyType,
      categoryId: p.categoryId,
      priceMinor: p.priceMinor,
      cityKey: sql<string>`${p.cityKey}`,
      stateKey: sql<string>`${p.stateKey}`,
      countryKey: sql<string>`${p.countryKey}`,
    })
    .from(p)
    .where(and(eq(p.adminStatus, 'approved'), eq(p.status, 'active')))
    .orderBy(asc(p.id));

async function expectKeptTablesCurrent() {
  expect(await searchRows()).toEqual(await searchRowsAfresh());
  expect(await markers()).toEqual(await markersAfresh());
  expect(await mapTallyKept(db)).toEqual(await mapTallyCounted(db));
  expect(await tally()).toEqual(await tallyAfresh());
}

const { apartment: categoryA, villa: categoryB } = await seedCatalog(db);
const owners = [await createUser(db), await createUser(db), await createUser(db)];
const cities = ['Lisbon', 'LISBON', 'Porto', 'Faro'];
// Two places share their cells on every level, a third is far away; a listing without a place has no marker.
const places = [
  { latitude: 38.7201, longitude: -9.1402 },
  { latitude: 38.7202, longitude: -9.1401 },
  { latitude: 41.15, longitude: -8.63 },
  { latitude: null, longitude: null },
];
// Public (approved and active) about half the time, so runs move listings in and out of the counts.
const adminStatuses = ['approved', 'approved', 'approved', 'pending', 'rejected'] as const;
const statuses = ['active', 'active', 'active', 'inactive', 'sold', 'rented'] as const;

type ListingPick = {
  owner: number;
  category: number;
  city: string;
  place: number;
  propertyType: 'sell' | 'rent';
  adminStatus: (typeof adminStatuses)[number];
  status: (typeof statuses)[number];
};
type Change = Partial<ListingPick> & { title?: string; views?: number; price?: number };
type Operation =
  | { kind: 'insert'; listings: ListingPick[] }
  | { kind: 'update'; pick: number; change: Change }
  | { kind: 'updateOwners'; owner: number; change: Change }
  | { kind: 'delete'; pick: number }
  | { kind: 'deleteOwners'; owner: number };

const listing: fc.Arbitrary<ListingPick> = fc.record({
  owner: fc.nat(2),
  category: fc.nat(1),
  city: fc.constantFrom(...cities),
  place: fc.nat(places.length - 1),
  propertyType: fc.constantFrom('sell' as const, 'rent' as const),
  adminStatus: fc.constantFrom(...adminStatuses),
  status: fc.constantFrom(...statuses),
});

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ adminStatus: fc.constantFrom(...adminStatuses) }),
  fc.record({ status: fc.constantFrom(...statuses) }),
  fc.record({ city: fc.constantFrom(...cities) }),
  fc.record({ owner: fc.nat(2), category: fc.nat(1) }),
  fc.record({ place: fc.nat(places.length - 1) }),
  fc.record({ propertyType: fc.constantFrom('sell' as const, 'rent' as const) }),
  fc.record({ title: fc.constantFrom('Renamed', 'Renamed again') }),
  fc.record({ price: fc.nat(1_000_000_00) }),
  // A column nothing counts: the count triggers do not fire.
  fc.record({ views: fc.nat(1000) }),
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), listings: fc.array(listing, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), change }),
  fc.record({ kind: fc.constant('updateOwners' as const), owner: fc.nat(2), change }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('deleteOwners' as const), owner: fc.nat(2) }),
);

const publicAt = (place: number): ListingPick => ({
  owner: 0,
  category: 0,
  city: 'Lisbon',
  place,
  propertyType: 'sell',
  adminStatus: 'approved',
  status: 'active',
});

let made = 0;

function listingValues(l: ListingPick) {
  made += 1;
  return {
    ownerId: owners[l.owner]!.id,
    categoryId: [categoryA, categoryB][l.category]!.id,
    title: `Kept listing ${made}`,
    slug: `kept-listing-${made}`,
    description: 'A listing the derived tables follow.',
    propertyType: l.propertyType,
    rentDuration: l.propertyType === 'rent' ? ('monthly' as const) : null,
    priceMinor: 1_000_00 * made,
    city: l.city,
    state: l.city,
    country: 'Portugal',
    ...places[l.place]!,
    adminStatus: l.adminStatus,
    status: l.status,
  };
}

function patchOf(c: Change) {
  return {
    ...(c.adminStatus ? { adminStatus: c.adminStatus } : {}),
    ...(c.status ? { status: c.status } : {}),
    ...(c.city ? { city: c.city } : {}),
    ...(c.owner === undefined ? {} : { ownerId: owners[c.owner]!.id }),
    ...(c.category === undefined ? {} : { categoryId: [categoryA, categoryB][c.category]!.id }),
    ...(c.place === undefined ? {} : places[c.place]!),
    ...(c.propertyType
      ? { propertyType: c.propertyType, rentDuration: c.propertyType === 'rent' ? ('monthly' as const) : null }
      : {}),
    ...(c.title ? { title: c.title } : {}),
    ...(c.price === undefined ? {} : { priceMinor: c.price }),
    ...(c.views === undefined ? {} : { totalViews: c.views }),
  };
}

async function apply(tx: Executor, op: Operation) {
  if (op.kind === 'insert') {
    // One statement for all of them: the insert triggers see the statement's listings at once.
    await tx.insert(p).values(op.listings.map(listingValues));
    return;
  }
  if (op.kind === 'updateOwners') {
    await tx.update(p).set(patchOf(op.change)).where(eq(p.ownerId, owners[op.owner]!.id));
    return;
  }
  if (op.kind === 'deleteOwners') {
    await tx.delete(p).where(eq(p.ownerId, owners[op.owner]!.id));
    return;
  }
  // Newest first: pick 0 is the listing the last insert made.
  const ids = (await tx.select({ id: p.id }).from(p).orderBy(desc(p.id))).map((r) => r.id);
  if (ids.length === 0) return;
  const id = ids[op.pick % ids.length]!;
  if (op.kind === 'delete') await tx.delete(p).where(eq(p.id, id));
  else await tx.update(p).set(patchOf(op.change)).where(eq(p.id, id));
}

/**
 * Rows of each kept table that `write` inserted, updated or deleted, in one transaction. The transaction's counts
 * can include earlier transactions' that the server has not yet filed, so the write's are the difference.
 */
async function rowsWrittenBy(write: (tx: Executor) => Promise<unknown>) {
  const tables = ['property_map', 'property_map_tally', 'property_tally'];
  const counts = async (tx: Executor) => {
    const { rows } = (await tx.execute(sql`
      select relname as table, (n_tup_ins + n_tup_upd + n_tup_del)::int as written
      from pg_stat_xact_user_tables where relname in ${tables}`)) as unknown as {
      rows: { table: string; written: number }[];
    };
    return Object.fromEntries(tables.map((t) => [t, rows.find((r) => r.table === t)?.written ?? 0]));
  };
  return db.transaction(async (tx) => {
    const before = await counts(tx);
    await write(tx);
    const after = await counts(tx);
    return Object.fromEntries(tables.map((t) => [t, after[t]! - before[t]!]));
  });
}

describe('tables kept by triggers on the listings', () => {
  it('equal a fresh look at the listings after any sequence of writes, alone or in one transaction', async () => {
    const reached = new Set<string>();
    let markersSeen = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        async (operations, together) => {
          if (together) {
            await db.transaction(async (tx) => {
              for (const op of operations) await apply(tx, op);
            });
          } else {
            for (const op of operations) await apply(db, op);
          }
          await expectKeptTablesCurrent();
          for (const row of await tally()) reached.add(`${row.dimension} ${row.key}`);
          markersSeen = Math.max(markersSeen, (await markers()).length);
        },
      ),
      {
        numRuns: 40,
        // Tried first: a public listing moved within the same cells on every level, which changes the cells'
        // coordinate sums but no count.
        examples: [
          [
            [
              { kind: 'insert', listings: [publicAt(0)] },
              { kind: 'update', pick: 0, change: { place: 1 } },
            ],
            false,
          ],
        ],
      },
    );
    // The runs did count public listings in several cities (both spellings of Lisbon as one), several owners, and
    // several markers at once.
    const reachedOf = (dimension: string) => [...reached].filter((key) => key.startsWith(`${dimension} `));
    expect(reachedOf('city')).toContain('city lisbon');
    expect(reachedOf('city').length).toBeGreaterThan(1);
    expect(reachedOf('owner').length).toBeGreaterThan(1);
    expect(markersSeen).toBeGreaterThan(1);
  });

  it('count a statement of many listings once, not once per listing', async () => {
    const owner = await createUser(db);
    const many = Array.from({ length: 300 }, () => publicAt(0));
    // A place no other listing has, so that its cells empty when these listings go.
    const alone = { latitude: -33.9, longitude: 18.4 };
    const cellsPerMarker = 8 * 2; // every tally level, per category and as category 0
    const arrived = await rowsWrittenBy((tx) =>
      tx.insert(p).values(many.map((l) => ({ ...listingValues(l), ownerId: owner.id, ...alone }))),
    );
    // 300 markers; each entry of the place's cells and each count of the city, category and owner written once,
    // where row triggers wrote them once per listing.
    expect(arrived).toEqual({ property_map: 300, property_map_tally: cellsPerMarker, property_tally: 3 });
    await expectKeptTablesCurrent();
    // The owner's account deleted with its listings: one statement removes all 300, the counts go down once (an
    // update each), and the emptied cells are deleted.
    const departed = await rowsWrittenBy((tx) => tx.delete(s.users).where(eq(s.users.id, owner.id)));
    expect(departed).toEqual({ property_map: 300, property_map_tally: 2 * cellsPerMarker, property_tally: 3 });
    await expectKeptTablesCurrent();
  });

  it('follow an owner deleted with their listings, and a rebuild gives the same counts', async () => {
    const leaving = await createUser(db);
    await createProperty(db, { ownerId: leaving.id, categoryId: categoryA.id, city: 'Braga', ...places[2]! });
    await expectKeptTablesCurrent();
    expect((await tally()).find((r) => r.dimension === 'owner' && r.key === String(leaving.id))?.listings).toBe(1);
    await db.delete(s.users).where(eq(s.users.id, leaving.id));
    await expectKeptTablesCurrent();
    const [counts, mapCounts] = [await tally(), await mapTallyKept(db)];
    await db.execute(sql`select property_tally_rebuild()`);
    await db.execute(sql`select property_map_tally_rebuild()`);
    expect(await tally()).toEqual(counts);
    expect(await mapTallyKept(db)).toEqual(mapCounts);
  });

  it('are emptied with the listings by a TRUNCATE, which fires no row or delete trigger', async () => {
    await createProperty(db, { ownerId: owners[0]!.id, categoryId: categoryA.id, city: 'Coimbra', ...places[0]! });
    expect((await tally()).length).toBeGreaterThan(0);
    expect((await markers()).length).toBeGreaterThan(0);
    await db.execute(sql`truncate users cascade`);
    expect(await markers()).toEqual([]);
    expect(await mapTallyKept(db)).toEqual([]);
    expect(await tally()).toEqual([]);
    await expectKeptTablesCurrent();
  });
});
