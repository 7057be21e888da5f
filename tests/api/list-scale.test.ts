import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../bench/explain.ts';
import { COUNT_CAP, WORD_SEARCH_COUNT_CAP } from '../../src/server/repositories/paging.ts';
import { listPublicProperties, type PublicPropertyFilter } from '../../src/server/repositories/property-repository.ts';
import { adminToken } from '../support/admin.ts';
import { createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What keeps big sites fast (docs/performance.md): listing searches count at most COUNT_CAP matches past the
 * page, and the costly public aggregates are shared for a few seconds until a write comes through this server.
 */
let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let visitor: Awaited<ReturnType<typeof createSignedInUser>>;

const db = () => app.database.db;
const get = async (path: string) => {
  const res = await app.call('GET', `/api/${path}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
/** Any write through the API: here a visitor saves a favourite. */
const someWrite = async (propertyId: number) => {
  const res = await app.call('POST', '/api/add_favourite', {
    body: { property_id: propertyId, type: 1 },
    token: visitor.token,
  });
  expect(res.status).toBe(200);
};

const BULK = COUNT_CAP + 100;
const BULK_CITY = 'Bulkhaven';

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  visitor = await createSignedInUser(db());
  // More public listings in one place than a search counts, side by side on a map (latitude 10.000x, longitude 20).
  await db().execute(sql`
    insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor, city,
      state, country, latitude, longitude, admin_status, status)
    select ${catalog.owner.id}, ${catalog.apartment.id}, 'Bulk listing ' || g, 'bulk-listing-' || g,
      'One of many.', 'sell', (1000 + g) * 100, ${BULK_CITY}, 'Bulk', 'Bulkland', 10 + g * 0.000001, 20,
      'approved', 'active'
    from generate_series(1, ${BULK}) g`);
});

describe('capped counts', () => {
  // A place search counts from `properties`; a search by words alone from the partitions of `property_search`, one
  // by one (every bulk listing's title holds "bulk", and the listings fall into every partition); words in a place
  // from the place's rows of `property_search`, newest first.
  // Searches with words count to a lower cap (decision 037).
  for (const [kind, criteria, cap] of [
    ['a place', `city=${BULK_CITY}`, COUNT_CAP],
    ['words alone', 'search=bulk', WORD_SEARCH_COUNT_CAP],
    ['words in a place', `search=bulk&city=${BULK_CITY}&property_type=sell`, WORD_SEARCH_COUNT_CAP],
  ] as const) {
    it(`counts up to the cap and says that more match (${kind})`, async () => {
      const data = await get(`get-property-list?${criteria}`);
      expect(data).toMatchObject({ total: cap, total_capped: true, offset: 0, limit: 20 });
      expect(data.items).toHaveLength(20);
    });

    it(`counts past a page deeper than the cap, and exactly once the end is in reach (${kind})`, async () => {
      const lastCounted = await get(`get_property?${criteria}&offset=${cap - 20}&limit=20`);
      expect(lastCounted).toMatchObject({ total: cap, total_capped: true });
      const deep = await get(`get_property?${criteria}&offset=${cap}&limit=20`);
      expect(deep).toMatchObject({ total: cap + 20, total_capped: true });
      expect(deep.items).toHaveLength(20);
      const last = await get(`get_property?${criteria}&offset=${BULK - 20}&limit=20`);
      expect(last).toMatchObject({ total: BULK, total_capped: false });
      expect(last.items).toHaveLength(20);
      // Past the last match the page has no row to carry the count, and the total is still right.
      const past = await get(`get_property?${criteria}&offset=${BULK + 40}&limit=20`);
      expect(past).toMatchObject({ total: BULK, total_capped: false, items: [] });
    });
  }

  // Below the cap, a search by words reads every match through the text index and sorts them (decision 031); above
  // it, newest first until the page is full. Both ways give the same pages.
  it('pages a search by words that matches few listings, newest first, exactly counted', async () => {
    const few = 'search=1050 or 1051 or 1052 or 1053';
    const first = await get(`get-property-list?${few}&limit=3`);
    expect(first).toMatchObject({ total: 4, total_capped: false });
    const titles = (list: { title: string }[]) => list.map((c) => c.title);
    // Inserted together, the listings share a date: newest first falls back to the highest id.
    expect(titles(first.items)).toEqual(['Bulk listing 1053', 'Bulk listing 1052', 'Bulk listing 1051']);
    const second = await get(`get-property-list?${few}&limit=3&offset=3`);
    expect(second).toMatchObject({ total: 4, total_capped: false });
    expect(titles(second.items)).toEqual(['Bulk listing 1050']);
    const none = await get('get-property-list?search=zzyzx');
    expect(none).toMatchObject({ total: 0, total_capped: false, items: [] });
  });

  // Words in a place or a category (decision 033): a probe of the filter's newest rows chooses between reading them
  // in order (when many match) and the general search (when few do). Both ways give the same pages.
  const titles = (list: { title: string }[]) => list.map((c) => c.title);

  it('pages words in a place that many listings match, newest first, with the other filters', async () => {
    const many = `search=bulk&city=${BULK_CITY}&min_price=${1000 + BULK - 29}`;
    const first = await get(`get-property-list?${many}&limit=20`);
    expect(first).toMatchObject({ total: 30, total_capped: false });
    expect(titles(first.items)).toEqual(Array.from({ length: 20 }, (_, i) => `Bulk listing ${BULK - i}`));
    const second = await get(`get-property-list?${many}&limit=20&offset=20`);
    expect(titles(second.items)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk listing ${BULK - 20 - i}`));
    const elsewhere = await get(`get-property-list?search=bulk&city=Porto`);
    expect(elsewhere).toMatchObject({ total: 0, items: [] });
  });

  it('pages words in a place that few listings match, newest first, exactly counted', async () => {
    const few = `search=1050 or 1051 or 1052 or 1053&city=${BULK_CITY}&category_id=${catalog.apartment.id}`;
    const first = await get(`get-property-list?${few}&limit=3`);
    expect(first).toMatchObject({ total: 4, total_capped: false });
    expect(titles(first.items)).toEqual(['Bulk listing 1053', 'Bulk listing 1052', 'Bulk listing 1051']);
    const second = await get(`get-property-list?${few}&limit=3&offset=3`);
    expect(titles(second.items)).toEqual(['Bulk listing 1050']);
  });

  it('reads the place in order when many of its newest listings match, and searches the listings when few do', async () => {
    /**
     * The scans of `properties` in the page's statement, apart from reading its cards by id: the general search's.
     * The ordered read's statement has none, not even skipped ones: the probe chose before it was sent.
     */
    const generalSearchScans = async (filter: PublicPropertyFilter) => {
      const statements = await recordStatements(() => listPublicProperties(db(), filter, { offset: 0, limit: 20 }));
      // The probe runs first, on its own; the page is the statement that reads the cards.
      const page = statements.find((statement) => statement.text.includes('"properties"."slug"'));
      const { rows } = await page!.send(`explain (format json) ${page!.text}`, page!.values);
      const json = Object.values(rows[0]!)[0];
      const [root] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
      return scansOf(root.Plan).filter(
        (scan) => scan['Relation Name'] === 'properties' && scan['Index Name'] !== 'properties_pkey',
      );
    };
    expect(await generalSearchScans({ search: 'bulk', city: BULK_CITY })).toEqual([]);
    expect(await generalSearchScans({ search: '1050 or 1051', city: BULK_CITY })).not.toEqual([]);
    // A category leads when no place is given, the type when neither is.
    expect(await generalSearchScans({ search: 'bulk', categoryId: catalog.apartment.id })).toEqual([]);
    expect(await generalSearchScans({ search: 'bulk', propertyType: 'sell' })).toEqual([]);
    // The other filters the leading one's index holds are tested in the index: the place's newest listings are all
    // dearer than these 30 cheapest, and the probe still finds the words in every listing the index lets through.
    const cheapest = { search: 'bulk', maxPriceMinor: (1000 + 30) * 100 };
    for (const lead of [{ city: BULK_CITY }, { categoryId: catalog.apartment.id }, { propertyType: 'sell' as const }])
      expect(await generalSearchScans({ ...cheapest, ...lead }), JSON.stringify(lead)).toEqual([]);
    // A place that does not lead is tested on the row: a city of another country reads none in order.
    expect(await generalSearchScans({ search: 'bulk', city: BULK_CITY, country: 'Elsewhere' })).not.toEqual([]);
  });

  it('pages words in a place whose newest listings the other filters refuse, read in order', async () => {
    const cheapest = `search=bulk&city=${BULK_CITY}&property_type=sell&max_price=${1000 + 30}`;
    const first = await get(`get-property-list?${cheapest}&limit=20`);
    expect(first).toMatchObject({ total: 30, total_capped: false });
    expect(titles(first.items)).toEqual(Array.from({ length: 20 }, (_, i) => `Bulk listing ${30 - i}`));
    const second = await get(`get-property-list?${cheapest}&limit=20&offset=20`);
    expect(titles(second.items)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk listing ${10 - i}`));
    const elsewhere = await get(`get-property-list?search=bulk&city=${BULK_CITY}&country=Elsewhere`);
    expect(elsewhere).toMatchObject({ total: 0, items: [] });
  });

  it('is exact below the cap', async () => {
    const data = await get(`get-property-list?city=${BULK_CITY}&min_price=${1000 + BULK - 4}`);
    expect(data).toMatchObject({ total: 5, total_capped: false });
    const none = await get('get-property-list?city=Nowhere%20at%20all');
    expect(none).toMatchObject({ total: 0, total_capped: false, items: [] });
  });

  // A price range keeps the crowded view on pins; without one it is counted by area (map-clusters.test.ts).
  const view = 'get-properties-in-bounds?south=9.99&west=19.99&north=10.01&east=20.01&min_price=1';

  it('caps the map list too, while every marker up to the marker limit is still sent', async () => {
    const data = await get(view);
    expect(data).toMatchObject({ total: COUNT_CAP, total_capped: true, truncated: true });
    expect(data.markers).toHaveLength(1000);
    // Newest first, and the same listings as the list's first page.
    expect(data.markers.slice(0, 20).map((m: { id: number }) => m.id)).toEqual(
      data.items.map((c: { id: number }) => c.id),
    );
  });

  it('pages the map list through the markers and past them', async () => {
    const ids = (list: { id: number }[]) => list.map((c) => c.id);
    const markers = ids((await get(view)).markers);
    // The last page the markers hold: cut from them, the total still capped.
    const last = await get(`${view}&offset=${COUNT_CAP - 20}&limit=20`);
    expect(last).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(ids(last.items)).toEqual(markers.slice(COUNT_CAP - 20));
    // One page further: listings no marker shows, newest first, counted past the page as the list search does.
    const deeper = await get(`${view}&offset=${COUNT_CAP}&limit=20`);
    expect(deeper).toMatchObject({ total: COUNT_CAP + 20, total_capped: true });
    expect(deeper.items).toHaveLength(20);
    for (const id of ids(deeper.items)) expect(markers).not.toContain(id);
    expect(Math.max(...ids(deeper.items))).toBeLessThan(Math.min(...markers));
  });
});

describe("the admins' review queue", () => {
  it('counts up to the cap as the public lists do, newest change first, and pages past it', async () => {
    const token = await adminToken(app);
    const queue = async (query: string) => {
      const res = await app.call('GET', `/api/admin/properties?${query}`, { token });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const approved = await queue(`admin_status=approved&city=${BULK_CITY}`);
    expect(approved).toMatchObject({ total: COUNT_CAP, total_capped: true, offset: 0, limit: 20 });
    expect(approved.items).toHaveLength(20);
    const changed: { updated_at: string; id: number }[] = approved.items;
    const newestFirst = [...changed].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
    expect(changed.map((item) => item.id)).toEqual(newestFirst.map((item) => item.id));
    expect(await queue('admin_status=all')).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const last = await queue(`admin_status=approved&city=${BULK_CITY}&offset=${BULK - 20}`);
    expect(last).toMatchObject({ total: BULK, total_capped: false });
    expect(last.items).toHaveLength(20);
    // Below the cap the count is exact: nothing of the bulk place waits for review.
    expect(await queue(`city=${BULK_CITY}`)).toMatchObject({ total: 0, total_capped: false, items: [] });
  });

  it('pages a search by title words alike whether few or many titles hold them', async () => {
    const token = await adminToken(app);
    const queue = async (query: string) => {
      const res = await app.call('GET', `/api/admin/properties?admin_status=all&${query}`, { token });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    // 1,000 more waiting listings elsewhere: "bulk" is then in 2,100 titles, more than are looked up one by one.
    await db().execute(sql`
      insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor, city,
        state, country, admin_status, status, updated_at)
      select ${catalog.owner.id}, ${catalog.apartment.id}, 'Bulk waiting ' || g, 'bulk-waiting-' || g, 'Waits.',
        'sell', 100000, 'Elsewhere', 'Bulk', 'Bulkland', 'pending', 'active', now() + interval '1 hour'
      from generate_series(1, 1000) g`);
    const ids = (data: { items: { id: number }[] }) => data.items.map((item) => item.id);
    const many = await queue('search=bulk&limit=100');
    expect(many).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const few = await queue('search=bulk%20waiting&limit=100');
    expect(few).toMatchObject({ total: 1000, total_capped: false });
    // The newest changes first either way: the waiting ones.
    expect(ids(many)).toEqual(ids(few));
    expect(many.items[0].title).toMatch(/^Bulk waiting/);
    // Past the waiting ones, the common word reaches the approved bulk listings.
    const later = await queue(`search=bulk&offset=1000&limit=20`);
    expect(later.items.every((item: { title: string }) => item.title.startsWith('Bulk listing'))).toBe(true);
    expect(later.items).toHaveLength(20);
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const scansOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scansOf)];

describe('shared public aggregates', () => {
  it("keeps the cities' and categories' counts until a write comes through, then counts afresh", async () => {
    const porto = async () =>
      (await get('get-cities-data?limit=50')).items.find((c: { name: string }) => c.name === 'Porto').property_count;
    const apartments = async () =>
      (await get('get_categories?has_property=1')).items.find((c: { slug: string }) => c.slug === 'apartment')
        .property_count;
    const [portoBefore, apartmentsBefore] = [await porto(), await apartments()];

    // Written straight into the database, as another server would: this one answers from memory meanwhile.
    const added = await createProperty(db(), {
      ownerId: catalog.owner.id,
      categoryId: catalog.apartment.id,
      city: 'porto',
    });
    expect(await porto()).toBe(portoBefore);
    expect(await apartments()).toBe(apartmentsBefore);
    // A refused write changed nothing, so it keeps them too: nobody can empty the shared reads at will.
    const refused = await app.call('POST', '/api/add_favourite', { body: { property_id: added.id, type: 1 } });
    expect(refused.status).toBe(401);
    expect(await porto()).toBe(portoBefore);

    await someWrite(added.id);
    expect(await porto()).toBe(portoBefore + 1);
    expect(await apartments()).toBe(apartmentsBefore + 1);
  });

  it('shows a new listing on the home page after a write, with the signed-in viewer’s own marks', async () => {
    const latestIds = async (token?: string) => {
      const res = await app.call('GET', '/api/homepage-data', token ? { token } : {});
      return (res.body.data.latest_properties as { id: number; is_favourite: boolean }[]).map((c) => ({
        id: c.id,
        favourite: c.is_favourite,
      }));
    };
    await latestIds();
    const added = await createProperty(db(), { ownerId: catalog.owner.id, categoryId: catalog.apartment.id });
    expect((await latestIds()).map((c) => c.id)).not.toContain(added.id);

    await someWrite(added.id);
    expect((await latestIds())[0]).toEqual({ id: added.id, favourite: false });
    // The sections are shared, the marks are not: the visitor who saved it sees it saved.
    expect((await latestIds(visitor.token))[0]).toEqual({ id: added.id, favourite: true });
  });
});
