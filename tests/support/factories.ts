import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export async function createUser(db: Database, overrides: Partial<typeof s.users.$inferInsert> = {}) {
  const tag = unique('user');
  const [user] = await db
    .insert(s.users)
    .values({
      name: `Test ${tag}`,
      email: `${tag}@example.com`,
      type: 'user',
      logintype: 'email',
      slug: tag,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createProperty(
  db: Database,
  values: { ownerId: number; categoryId: number } & Partial<typeof s.properties.$inferInsert>,
) {
  const tag = unique('property');
  const [property] = await db
    .insert(s.properties)
    .values({
      title: `Property ${tag}`,
      slug: tag,
      description: 'A property used by a test.',
      propertyType: 'sell',
      priceMinor: 100_000_00,
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      adminStatus: 'approved',
      ...values,
    })
    .returning();
  return property!;
}

/**
 * A small, known catalog: three categories (only Apartment has live listings), two facilities, two cities,
 * one active and one inactive report reason, two active FAQs and one hidden.
 */
export async function seedCatalog(db: Database) {
  const [bedrooms, furnished] = await db
    .insert(s.parameters)
    .values([
      { name: 'Bedrooms', typeOfParameter: 'number' },
      { name: 'Furnished', typeOfParameter: 'dropdown', typeValues: ['Yes', 'No'] },
    ])
    .returning();
  const [apartment, villa, office] = await db
    .insert(s.categories)
    .values([
      { name: 'Apartment', slug: 'apartment', sortOrder: 0 },
      { name: 'Villa', slug: 'villa', sortOrder: 1 },
      { name: 'Office', slug: 'office', sortOrder: 2 },
    ])
    .returning();
  await db.insert(s.categoryParameters).values([
    { categoryId: apartment!.id, parameterId: bedrooms!.id, sortOrder: 0 },
    { categoryId: apartment!.id, parameterId: furnished!.id, sortOrder: 1 },
  ]);
  await db.insert(s.facilities).values([{ name: 'School' }, { name: 'Hospital' }]);
  await db.insert(s.cities).values([
    { name: 'Porto', state: 'Porto', country: 'Portugal', latitude: 41.15, longitude: -8.63 },
    { name: 'Lisbon', state: 'Lisbon', country: 'Portugal', latitude: 38.72, longitude: -9.14 },
  ]);
  await db.insert(s.reportReasons).values([{ reason: 'Wrong price' }, { reason: 'Retired reason', isActive: false }]);
  await db.insert(s.faqs).values([
    { question: 'How do I list a property?', answer: 'Sign up and add it.', sortOrder: 0 },
    { question: 'Is it free?', answer: 'Browsing is.', sortOrder: 1 },
    { question: 'Hidden?', answer: 'Yes.', sortOrder: 2, isActive: false },
  ]);
  const owner = await createUser(db);
  await createProperty(db, { ownerId: owner.id, categoryId: apartment!.id, city: 'Lisbon' });
  await createProperty(db, { ownerId: owner.id, categoryId: apartment!.id, city: 'Lisbon' });
  // Not public: pending review, and withdrawn by its owner.
  await createProperty(db, { ownerId: owner.id, categoryId: villa!.id, city: 'Porto', adminStatus: 'pending' });
  await createProperty(db, { ownerId: owner.id, categoryId: office!.id, city: 'Porto', status: 'inactive' });
  return { apartment: apartment!, villa: villa!, office: office!, owner };
}

/** A user with a live session: `{ user, token }` for calls that need `Authorization: Bearer`. */
export async function createSignedInUser(db: Database, overrides: Partial<typeof s.users.$inferInsert> = {}) {
  const { startSession } = await import('../../src/server/services/session-service.ts');
  const user = await createUser(db, overrides);
  const { token } = await startSession(db, user.id, { userAgent: null, ip: null });
  return { user, token };
}

/** A stored-image record as listings keep it (no file behind it: views only turn keys into URLs). */
export function imageRecord(name = unique('img')) {
  return {
    key: `test/${name}.jpg`,
    width: 800,
    height: 600,
    variants: [{ key: `test/${name}-400.webp`, width: 400, height: 300, format: 'webp' as const }],
  };
}

export async function createProject(
  db: Database,
  values: { ownerId: number; categoryId: number } & Partial<typeof s.projects.$inferInsert>,
) {
  const tag = unique('project');
  const [project] = await db
    .insert(s.projects)
    .values({
      title: `Project ${tag}`,
      slug: tag,
      description: 'A project used by a test.',
      type: 'upcoming',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      adminStatus: 'approved',
      ...values,
    })
    .returning();
  return project!;
}

/**
 * `count` listings scattered around `centre` (within about 0.3°, denser towards it) for the map's tests: both types,
 * two categories, prices over a wide range, dates over 500 minutes (many share a minute, so the id breaks ties), and
 * some that are never on the map (no latitude, pending, rejected or inactive). Deterministic: the same call makes
 * the same listings. A centre at the antimeridian scatters them on both sides of it.
 */
export async function scatterListings(
  db: Database,
  catalog: Awaited<ReturnType<typeof seedCatalog>>,
  options: { centre: { latitude: number; longitude: number }; count: number; title: string; city: string },
) {
  const { centre, count, title, city } = options;
  const slug = title.toLowerCase().replaceAll(' ', '-');
  await db.execute(sql`
    insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor, city,
      state, country, latitude, longitude, admin_status, status, created_at)
    select ${catalog.owner.id}::int, case when g % 3 = 0 then ${catalog.villa.id}::int else ${catalog.apartment.id}::int end,
      ${title} || ' ' || g, ${slug} || '-' || g, 'Somewhere on the map.',
      (case when g % 2 = 0 then 'rent' else 'sell' end)::property_type, ((g * 7919) % 5000 + 100) * 10000,
      ${city}, ${city}, ${city},
      case when g % 50 = 0 then null else ${centre.latitude}::float8 + (((g * 104729) % 6001) - 3000) * 0.0001 * ((g % 7) + 1) / 7 end,
      wrapped.longitude,
      (case when g % 23 = 0 then 'pending' when g % 29 = 0 then 'rejected' else 'approved' end)::admin_status,
      (case when g % 31 = 0 then 'inactive' else 'active' end)::listing_status,
      now() - ((g * 7) % 500) * interval '1 minute'
    from generate_series(1::bigint, ${count}::bigint) g,
      lateral (select ${centre.longitude}::float8 + (((g * 15485863) % 6001) - 3000) * 0.0001 * ((g % 5) + 1) / 5 as x) scattered,
      -- Around the antimeridian, longitudes past 180 come back from -180.
      lateral (select x - 360 * floor((x + 180) / 360) as longitude) wrapped`);
}
