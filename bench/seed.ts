import { count, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../src/server/db/client.ts';
import { COUNT_TRIGGERS, switchCountTriggers } from '../src/server/db/derived-tables.ts';
import * as s from '../src/server/db/schema/index.ts';
import { DEMO_CATEGORIES, DEMO_CITIES, DEMO_FACILITIES } from '../src/server/db/seed/demo-catalog.ts';
import { seedDemoData, seedEssentials } from '../src/server/db/seed/index.ts';
import type { FileStorage } from '../src/server/storage/storage.ts';

/**
 * Bulk data for the benchmark: the real migrations and demo seed first (categories, cities, people, photos,
 * articles, 300 hand-made listings), then the rest of the listings, their owners, parameters and nearby
 * facilities generated inside the database with generate_series. Values come from a hash of the row number, so
 * every run builds the same data without shipping a million rows through the driver.
 */

/** Listings per INSERT statement: bounded memory in PGlite's WebAssembly heap, progress visible on the console. */
const CHUNK = 100_000;
/** Roughly one owner (a quarter of them agents) per this many listings, so per-owner counts stay realistic. */
const LISTINGS_PER_OWNER = 50;
const DEMO_LISTINGS = 300;

export interface SeedReport {
  listings: number;
  seconds: number;
  reused: boolean;
}

const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A uniform number in [0, 1) from the row number `g` and a stream `k`: stable across runs and databases. */
const u = (k: number) => `((hashint8(g::bigint * 37 + ${k}) & 2147483647)::float8 / 2147483648.0)`;

const ADJECTIVES = ['Bright', 'Spacious', 'Modern', 'Cosy', 'Elegant', 'Renovated', 'Sunny', 'Quiet', 'Luxury'];
const FEATURES = [
  'a large terrace',
  'a private garden',
  'floor-to-ceiling windows',
  'a fitted kitchen',
  'a rooftop pool',
  'views over the city',
  'underfloor heating',
  'a home office',
  'a sea view',
  'a double garage',
];
const STREETS = ['Park', 'Harbour', 'Station', 'Garden', 'King', 'Palm', 'Church', 'Market', 'River', 'Hill'];
const AUDIENCES = ['families', 'professionals', 'investors', 'students', 'retirees'];

const array = (items: readonly string[]) => `array[${items.map(lit).join(',')}]`;
const pick = (items: readonly string[], k: number) => `(${array(items)})[1 + floor(${u(k)} * ${items.length})::int]`;

async function countListings(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(s.properties);
  return row?.value ?? 0;
}

/** Seeds `listings` listings into an empty, migrated database, or reuses one that already holds exactly that many. */
export async function seedBench(handle: DatabaseHandle, storage: FileStorage, listings: number): Promise<SeedReport> {
  const started = performance.now();
  const { db } = handle;
  const existing = await countListings(db);
  if (existing === listings) return { listings, seconds: 0, reused: true };
  if (existing !== 0)
    throw new Error(`the benchmark database holds ${existing} listings, not ${listings}: use --reseed or a new one`);

  await seedEssentials(db, { adminEmail: 'admin@example.com', adminPassword: 'admin1234', storage });
  await seedDemoData(db, storage, { propertyCount: Math.min(DEMO_LISTINGS, listings) });
  const extra = listings - (await countListings(db));
  if (extra > 0) {
    await insertOwners(db, Math.ceil(extra / LISTINGS_PER_OWNER));
    await withoutListingIndexes(db, handle.kind, () => insertListings(db, extra));
    await insertDetails(db);
  }
  // A bulk load leaves the visibility map unset, so index-only scans would visit the heap until autovacuum comes by;
  // a live site's table is vacuumed long before it reaches this size.
  await db.execute(sql`vacuum analyze`);
  return { listings: await countListings(db), seconds: (performance.now() - started) / 1000, reused: false };
}

async function insertOwners(db: Executor, owners: number): Promise<void> {
  await db.execute(
    sql.raw(`
    insert into users (name, email, mobile, type, verification_status, slug, city, country, created_at)
    select 'Bench Owner ' || g, 'bench-owner-' || g || '@example.com', '+1999' || lpad(g::text, 8, '0'),
      (case when g % 4 = 0 then 'agent' else 'user' end)::user_role,
      (case when g % 4 = 0 and g % 3 <> 0 then 'success' else 'initial' end)::verification_status,
      'bench-owner-' || g, 'Bench', 'Benchland', now() - interval '400 days'
    from generate_series(1, ${owners}) g`),
  );
}

/**
 * Building the secondary indexes once after the load is several times faster than maintaining them row by row
 * (the GIN full-text index most of all), and so is counting the tallies once. Their definitions are read from
 * the catalogue, so they are exactly the migrations' indexes.
 */
async function withoutListingIndexes(db: Executor, kind: DatabaseHandle['kind'], load: () => Promise<void>) {
  const { rows } = (await db.execute(sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ('properties', 'property_search', 'property_map')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  for (const index of rows) await db.execute(sql.raw(`drop index "${index.name}"`));
  // The count tables are counted once at the end rather than updated listing by listing.
  for (const statement of switchCountTriggers('disable')) await db.execute(sql.raw(statement));
  try {
    await load();
  } finally {
    for (const statement of switchCountTriggers('enable')) await db.execute(sql.raw(statement));
  }
  for (const t of COUNT_TRIGGERS) await db.execute(sql.raw(`select ${t.rebuild}()`));
  // PGlite runs in a WebAssembly heap of limited size; PostgreSQL can take more for faster sorts.
  await db.execute(sql.raw(`set maintenance_work_mem = '${kind === 'pglite' ? '128MB' : '512MB'}'`));
  // The catalogue describes a partitioned table's index as `ON ONLY` the parent, which would leave the partitions
  // (property_search_0 to _3) without one: built on the parent, it is built on every partition.
  for (const index of rows) await db.execute(sql.raw(index.definition.replace(' ON ONLY ', ' ON ')));
  const { rows: invalid } = (await db.execute(
    sql`select indexrelid::regclass::text as name from pg_index where not indisvalid`,
  )) as unknown as { rows: { name: string }[] };
  if (invalid.length) throw new Error(`indexes left invalid by the seed: ${invalid.map((i) => i.name).join(', ')}`);
}

async function insertListings(db: Executor, total: number): Promise<void> {
  const categories = await db.select({ id: s.categories.id, name: s.categories.name }).from(s.categories);
  const bedrooms = new Set(DEMO_CATEGORIES.filter((c) => c.hasBedrooms).map((c) => c.name));
  const categoryValues = categories.map((c, i) => `(${i}, ${c.id}, ${lit(c.name)}, ${bedrooms.has(c.name)})`).join(',');
  const cityValues = DEMO_CITIES.map(
    (c, i) => `(${i}, ${lit(c.name)}, ${lit(c.state)}, ${lit(c.country)}, ${c.latitude}, ${c.longitude})`,
  ).join(',');
  const start = (await db.select({ value: sql<number>`coalesce(max(id), 0)::int` }).from(s.properties))[0]!.value;

  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, total);
    const begun = performance.now();
    await db.execute(
      sql.raw(`
      with cat(i, id, name, beds) as (values ${categoryValues}),
        city(i, name, state, country, lat, lng) as (values ${cityValues}),
        owner as (select array_agg(id order by id) ids, count(*)::int n from users where type in ('agent', 'user')),
        photo as (select array_agg(title_image order by id) imgs, count(*)::int n
          from (select id, title_image from properties where title_image is not null order by id limit 16) p),
        r as (
          select g + ${start} as g, ${u(1)} u_owner, ${u(2)} u_cat, ${u(3)} u_type, ${u(4)} u_city, ${u(5)} u_price,
            ${u(6)} u_age, ${u(7)} u_state, ${u(8)} u_lat, ${u(9)} u_lng, ${u(10)} u_feat, ${u(11)} u_beds,
            ${pick(ADJECTIVES, 12)} adjective, ${pick(FEATURES, 13)} f1, ${pick(FEATURES, 14)} f2,
            ${pick(STREETS, 15)} street, ${pick(AUDIENCES, 16)} audience, ${u(17)} u_views, ${u(18)} u_likes
          from generate_series(${from}, ${to}) g
        ),
        x as (
          select r.*, cat.id category_id, cat.name category, city.name city, city.state, city.country,
            city.lat + (u_lat - 0.5) * 0.3 latitude, city.lng + (u_lng - 0.5) * 0.3 longitude,
            u_type < 0.4 is_rent,
            case when u_state < 0.9 then 'approved' when u_state < 0.96 then 'pending' else 'rejected' end admin_status,
            adjective || ' ' || (case when cat.beds then (1 + floor(u_beds * 5)::int) || '-bedroom ' else '' end)
              || lower(cat.name) || ' in ' || city.name title,
            (1 + (g % 240)) || ' ' || street || ' Road' address,
            now() - (u_age * 365 * 86400) * interval '1 second' created_at
          from r
          join cat on cat.i = floor(u_cat * (select count(*) from cat))::int
          -- Squared: a few big cities hold most listings, as on a real site.
          join city on city.i = floor(u_city * u_city * (select count(*) from city))::int
        )
      insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor,
        rent_duration, address, formatted_address, city, state, country, latitude, longitude, title_image,
        gallery_images, meta_title, meta_description, meta_keywords, is_premium, status, admin_status, total_views,
        total_likes, featured_until, approved_at, created_at, updated_at)
      select owner.ids[1 + floor(u_owner * owner.n)::int], category_id, title,
        trim(both '-' from lower(regexp_replace(title, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || g,
        title || '. This ' || lower(category) || ' offers ' || f1 || ' and ' || f2 || ', '
          || (2 + g % 14) || ' minutes from the centre of ' || x.city || '. Ideal for ' || audience || '.',
        (case when is_rent then 'rent' else 'sell' end)::property_type,
        case when is_rent then (800 + floor(u_price * 7200)::int) * 100
          else (80000 + floor(u_price * u_price * 2920000)::int) * 100 end,
        (case when is_rent then 'monthly' end)::rent_duration,
        address, address || ', ' || x.city || ', ' || x.state || ', ' || x.country, x.city, x.state, x.country,
        round(latitude::numeric, 6)::float8, round(longitude::numeric, 6)::float8,
        photo.imgs[1 + g % photo.n], jsonb_build_array(photo.imgs[1 + (g + 1) % photo.n], photo.imgs[1 + (g + 2) % photo.n]),
        left(title, 60), left(title || ' for ' || (case when is_rent then 'rent' else 'sale' end), 155),
        category || ', ' || x.city, g % 10 = 0,
        (case when admin_status = 'approved' and u_feat > 0.94 then (case when is_rent then 'rented' else 'sold' end)
          else 'active' end)::listing_status,
        admin_status::admin_status, floor(u_views * u_views * 5000)::int, floor(u_likes * u_likes * 200)::int,
        case when admin_status = 'approved' and u_feat < 0.02 then now() + (3 + g % 28) * interval '1 day' end,
        case when admin_status = 'approved' then created_at end, created_at, created_at
      from x, owner, photo`),
    );
    console.warn(`  listings ${from + start}..${to + start} in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  }
}

/** Every generated listing gets its category's parameters and two nearby facilities, like real ones do. */
async function insertDetails(db: Executor): Promise<void> {
  const begun = performance.now();
  await db.execute(
    sql.raw(`
    insert into property_parameters (property_id, parameter_id, value)
    select p.id, pa.id,
      case pa.type_of_parameter
        when 'number' then to_jsonb(1 + (p.id + pa.id) % 6)
        when 'checkbox' then jsonb_build_array(pa.type_values -> ((p.id + pa.id) % jsonb_array_length(pa.type_values)))
        else pa.type_values -> ((p.id + pa.id) % jsonb_array_length(pa.type_values))
      end
    from properties p
    join category_parameters cp on cp.category_id = p.category_id
    join parameters pa on pa.id = cp.parameter_id
    where p.id > (select coalesce(max(property_id), 0) from property_parameters)`),
  );
  const facilities = DEMO_FACILITIES.length;
  await db.execute(
    sql.raw(`
    with f as (select array_agg(id order by id) ids from facilities)
    insert into property_facilities (property_id, facility_id, distance)
    select p.id, f.ids[1 + (p.id + k) % ${facilities}], round(((p.id * 7 + k) % 80 / 10.0 + 0.1)::numeric, 1)::float8
    from properties p, f, (values (0), (5)) k(k)
    where p.id > (select coalesce(max(property_id), 0) from property_facilities)`),
  );
  console.warn(`  parameters and facilities in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
}
