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
