import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { ServerDeps } from '../src/server/platform/deps.ts';
import type { SessionUser } from '../src/server/auth/session-user.ts';
import { dropCachedReads } from '../src/server/cache/read-cache.ts';
import * as s from '../src/server/db/schema/index.ts';
import { setFavourite } from '../src/server/services/engagement-service.ts';
import { homepageData } from '../src/server/services/home-service.ts';
import { searchMapForApi } from '../src/server/services/map-search-service.ts';
import { viewProperty } from '../src/server/services/property-detail-service.ts';
import type { ListingFilter } from '../src/features/search/listing-filter.ts';
import { searchProperties } from '../src/server/services/property-service.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

/** One benchmarked call, made through the service the API route calls (same code path, no HTTP). */
export interface Scenario {
  name: string;
  run(i: number): Promise<unknown>;
  /**
   * Untimed calls first, when the scenario needs more than the default to be warm: one per input it rotates through,
   * so the timed calls do not read its rows from a cold cache the first time round.
   */
  warmup?: number;
}

const PAGE = { offset: 0, limit: 20 };

/** What /properties and get_property are asked most: a place, a type, a category, a price range. */
export const FILTERED_SEARCHES: ListingFilter[] = [
  { property_type: 'sell', category: 'apartment', city: 'Lisbon', min_price: 100_000, max_price: 800_000 },
  { property_type: 'rent', city: 'London', max_price: 3_000 },
  { property_type: 'sell', category: 'villa', city: 'Dubai', min_price: 500_000, sort: 'price_asc' },
  { category: 'house', country: 'United States', posted_since: 'last_month' },
];

/** Full-text searches: single words, a phrase with a city, an exclusion. */
export const TEXT_SEARCHES = ['garden', '"rooftop pool" lisbon', 'renovated -studio', 'sea view madrid'];

/**
 * Full-text searches that match fewer listings than a count holds, at 1M listings: none (a word no listing has, a
 * typo), 7, 93 and 566. Newest first until the page is full, these once read all of property_search.
 */
export const RARE_TEXT_SEARCHES = [
  'balcony',
  'villa dubai garden "sea view" rooftop',
  'gardn',
  'penthouse dubai garden rooftop',
  'penthouse dubai garden',
];

/** Words with a place, a type or a price: what the list page's search box sends with its filters. */
export const TEXT_WITH_FILTERS: ListingFilter[] = [
  { search: 'garden', city: 'London' },
  { search: 'sea view', property_type: 'sell', category: 'villa' },
  { search: 'garden', city: 'London', property_type: 'rent', max_price: 3_000 },
  { search: 'balcony', city: 'Lisbon' },
];

/** A map zoomed on a city (about 10 by 14 km). */
export const MAP_VIEWS = [
  { latitude: 38.7223, longitude: -9.1393 },
  { latitude: 51.5072, longitude: -0.1276 },
  { latitude: 25.2048, longitude: 55.2708 },
  { latitude: 40.7128, longitude: -74.006 },
].map((c) => ({
  south: c.latitude - 0.045,
  north: c.latitude + 0.045,
  west: c.longitude - 0.08,
  east: c.longitude + 0.08,
}));

/** Public listings spread over the whole table, for lookups that do not all hit one cached row. */
async function sampleListings(deps: Deps, wanted: number): Promise<{ id: number; slug: string }[]> {
  const [{ total } = { total: 0 }] = await deps.db.select({ total: sql<number>`max(id)::int` }).from(s.properties);
  const step = Math.max(1, Math.floor(total / wanted));
  return deps.db
    .select({ id: s.properties.id, slug: s.properties.slug })
    .from(s.properties)
    .where(
      and(
        eq(s.properties.adminStatus, 'approved'),
        eq(s.properties.status, 'active'),
        sql`${s.properties.id} % ${step} = 0`,
      ),
    )
    .limit(wanted);
}

/**
 * A demo user saves a listing to their favourites and takes it off again: two short transactions, each a commit
 * that waits for its log to reach the disk (docs/decisions/036); the listing's like count ends as it began.
 */
async function favouriteSavedAndRemoved(deps: Deps, actor: SessionUser, propertyId: number) {
  const saved = await setFavourite(deps.db, actor, { property_id: propertyId, type: 1 });
  const removed = await setFavourite(deps.db, actor, { property_id: propertyId, type: 0 });
  return { saved, removed };
}

/** The demo seed's first user, as a signed-in visitor. */
async function demoUser(deps: Deps): Promise<SessionUser> {
  const [user] = await deps.db
    .select({ id: s.users.id, name: s.users.name, email: s.users.email })
    .from(s.users)
    .where(eq(s.users.email, 'user1@example.com'));
  if (!user) throw new Error('the demo seed has no user1@example.com');
  return { ...user, sessionId: 0, role: 'user' };
}

/**
 * An owner's listings in one place added in one statement and deleted with the owner, as deleting an account does,
 * then rolled back: what the count triggers cost one statement of many listings (docs/decisions/028).
 */
async function ownerAddedAndDeleted(deps: Deps, listings: number, i: number) {
  let added = 0;
  await deps.db
    .transaction(async (tx) => {
      const tag = `bench-bulk-${i}`;
      const [owner] = await tx
        .insert(s.users)
        .values({ name: 'Bench bulk owner', email: `${tag}@example.com`, type: 'user', logintype: 'email', slug: tag })
        .returning({ id: s.users.id });
      await tx.execute(sql`
        insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor, city,
          state, country, latitude, longitude, admin_status, status)
        select ${owner!.id}::int, (select min(id) from categories), 'Bulk listing ' || g, ${tag} || '-' || g,
          'One of many.', 'sell', 100000000, 'Lisbon', 'Lisbon', 'Portugal', 38.72 + g * 0.000001, -9.14,
          'approved', 'active'
        from generate_series(1, ${listings}::int) g`);
      const [markers] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(s.propertyMap)
        .innerJoin(s.properties, eq(s.properties.id, s.propertyMap.propertyId))
        .where(eq(s.properties.ownerId, owner!.id));
      added = markers!.n;
      await tx.delete(s.users).where(eq(s.users.id, owner!.id));
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return { total: added };
}

export async function scenarios(deps: Deps): Promise<Scenario[]> {
  const listings = await sampleListings(deps, 200);
  if (listings.length === 0) throw new Error('no public listings to look up');
  const slugs = listings.map((listing) => listing.slug);
  const user = await demoUser(deps);
  const at = <T>(items: readonly T[], i: number) => items[i % items.length]!;
  return [
    {
      name: 'listing search (filtered)',
      run: (i) => searchProperties(deps, null, at(FILTERED_SEARCHES, i), {}, PAGE, 'en'),
    },
    { name: 'listing search (newest, no filter)', run: () => searchProperties(deps, null, {}, {}, PAGE, 'en') },
    { name: 'text search', run: (i) => searchProperties(deps, null, { search: at(TEXT_SEARCHES, i) }, {}, PAGE, 'en') },
    {
      name: 'text search with filters',
      run: (i) => searchProperties(deps, null, at(TEXT_WITH_FILTERS, i), {}, PAGE, 'en'),
    },
    {
      name: 'text search (few or no matches)',
      run: (i) => searchProperties(deps, null, { search: at(RARE_TEXT_SEARCHES, i) }, {}, PAGE, 'en'),
    },
    {
      name: 'map bounds',
      run: (i) => searchMapForApi(deps, null, { bounds: at(MAP_VIEWS, i), filter: {} }, PAGE, 'en'),
    },
    // get_property by slug_id: the detail, similar listings and the view counter (a write), as the API does.
    {
      name: 'detail by slug',
      run: (i) => viewProperty(deps, { slug: at(slugs, i) }, null, 'en'),
      // Each listing once: after another database's run (or a restart) their pages are cold.
      warmup: slugs.length,
    },
    // Home sections are shared for a few seconds (read-cache.ts): a visitor meets the cold cost once per interval.
    { name: 'home data (cached)', run: () => homepageData(deps, null, 'en') },
    {
      name: 'home data (cold)',
      run: () => {
        dropCachedReads();
        return homepageData(deps, null, 'en');
      },
    },
    { name: 'owner with 1,000 listings added and deleted', run: (i) => ownerAddedAndDeleted(deps, 1000, i) },
    {
      name: 'favourite saved and removed (two commits)',
      run: (i) => favouriteSavedAndRemoved(deps, user, at(listings, i).id),
    },
  ];
}
