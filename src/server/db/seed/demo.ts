import { count, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { logger } from '../../logger.ts';
import { createImageVariants } from '../../media/image-variants.ts';
import { PRIVATE_PREFIX, type FileStorage } from '../../storage/storage.ts';
import { slugify, uniqueSlug } from '../../../lib/slug.ts';
import type { Database, Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import type { DocumentRecord, ImageRecord } from '../schema/media-types.ts';
import {
  DEMO_CATEGORIES,
  DEMO_CITIES,
  DEMO_FACILITIES,
  DEMO_FAQS,
  DEMO_PARAMETERS,
  DEMO_REPORT_REASONS,
} from './demo-catalog.ts';
import { demoNames } from './demo-arabic.ts';
import { seedDemoActivity, type DemoPackage, type DemoProperty } from './demo-activity.ts';
import { buildDemoArticles, buildDemoPackages, DEMO_VERIFICATION_FIELDS } from './demo-content.ts';
import { drawDemoAvatar, drawDemoPhoto } from './placeholder-images.ts';
import { seededRandom, type Random } from './random.ts';

export const DEMO_PASSWORD = 'demo1234';
const PROPERTY_COUNT = 300;
const PHOTO_COUNT = 16;
const AVATAR_COUNT = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoOptions {
  seed?: number;
  propertyCount?: number;
  now?: Date;
}

/**
 * Demo content for a first start, all in one transaction. Runs only on an empty catalogue (no properties and no
 * categories), so it never mixes with a site's own data; returns whether it seeded. The same seed gives the same
 * data on every install.
 */
export async function seedDemoData(db: Database, storage: FileStorage, options: DemoOptions = {}): Promise<boolean> {
  if (!(await catalogueEmpty(db))) return false;
  const started = performance.now();
  const seed = options.seed ?? 20261122;
  const random = seededRandom(seed);
  const now = options.now ?? new Date();
  const photos = await makePhotos(random, storage);
  const avatars = await makeAvatars(storage);
  // Plans (project_access), identity documents and receipts are private: never at a public /uploads address.
  const planDocument = await storeDemoPdf(storage, `${PRIVATE_PREFIX}seed/floor-plan.pdf`, 'Demo floor plan');
  const idDocument = await storeDemoPdf(
    storage,
    `${PRIVATE_PREFIX}seed/identity-document.pdf`,
    'Demo identity document',
  );
  const receipt = await storeDemoPdf(
    storage,
    `${PRIVATE_PREFIX}seed/bank-transfer-receipt.pdf`,
    'Demo bank transfer receipt',
  );
  const demoPasswordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await db.transaction(async (tx) => {
    // Servers starting together on one PostgreSQL: the first seeds, the others find the catalogue filled.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketplace:seed-demo'))`);
    if (!(await catalogueEmpty(tx))) return false;
    const parameterRows = await tx
      .insert(s.parameters)
      .values(
        DEMO_PARAMETERS.map((p) => ({
          name: p.name,
          names: demoNames(p.name),
          typeOfParameter: p.typeOfParameter,
          typeValues: [...p.typeValues],
        })),
      )
      .returning({ id: s.parameters.id, name: s.parameters.name });
    const parameterId = new Map(parameterRows.map((p) => [p.name, p.id]));

    const categoryRows = await tx
      .insert(s.categories)
      .values(
        DEMO_CATEGORIES.map((c, i) => ({
          name: c.name,
          names: demoNames(c.name),
          slug: slugify(c.name),
          sortOrder: i,
        })),
      )
      .returning({ id: s.categories.id, name: s.categories.name });
    await tx.insert(s.categoryParameters).values(
      DEMO_CATEGORIES.flatMap((c, ci) =>
        c.parameters.map((name, order) => ({
          categoryId: categoryRows[ci]!.id,
          parameterId: parameterId.get(name)!,
          sortOrder: order,
        })),
      ),
    );

    const facilityRows = await tx
      .insert(s.facilities)
      .values(DEMO_FACILITIES.map((name) => ({ name, names: demoNames(name) })))
      .returning({ id: s.facilities.id });
    await tx.insert(s.cities).values(DEMO_CITIES.map((c, i) => ({ ...c, image: photos[i % photos.length]! })));
    await tx
      .insert(s.reportReasons)
      .values(DEMO_REPORT_REASONS.map((reason) => ({ reason, names: demoNames(reason) })));
    await tx.insert(s.faqs).values(DEMO_FAQS.map((f, i) => ({ ...f, sortOrder: i })));

    const people = await tx
      .insert(s.users)
      .values(buildDemoPeople(random, demoPasswordHash, avatars, now))
      .returning({
        id: s.users.id,
        type: s.users.type,
        name: s.users.name,
        verificationStatus: s.users.verificationStatus,
      });
    // The admin from seedEssentials gets a photo too, so their profile is complete on a demo install.
    await tx
      .update(s.users)
      .set({ profileImage: avatars[0]! })
      .where(sql`${s.users.type} = 'admin' and ${isNull(s.users.profileImage)}`);
    const agents = people.filter((p) => p.type === 'agent').map((p) => p.id);
    const owners = people.map((p) => p.id);

    const takenSlugs = new Set<string>();
    const propertyValues = Array.from({ length: options.propertyCount ?? PROPERTY_COUNT }, (_, i) =>
      buildDemoProperty(random, i, {
        ownerId: random.chance(0.65) ? random.pick(agents) : random.pick(owners),
        categoryIndex: i % DEMO_CATEGORIES.length,
        categoryId: categoryRows[i % DEMO_CATEGORIES.length]!.id,
        photos,
        takenSlugs,
        now,
      }),
    );
    const inserted: DemoProperty[] = [];
    for (let i = 0; i < propertyValues.length; i += 100) {
      inserted.push(
        ...(await tx
          .insert(s.properties)
          .values(propertyValues.slice(i, i + 100))
          .returning({
            id: s.properties.id,
            categoryId: s.properties.categoryId,
            ownerId: s.properties.ownerId,
            adminStatus: s.properties.adminStatus,
            status: s.properties.status,
            featuredUntil: s.properties.featuredUntil,
            createdAt: s.properties.createdAt,
          })),
      );
    }

    const parameterValues: (typeof s.propertyParameters.$inferInsert)[] = [];
    const facilityValues: (typeof s.propertyFacilities.$inferInsert)[] = [];
    const floorValues: (typeof s.propertyFloors.$inferInsert)[] = [];
    for (const property of inserted) {
      const category = DEMO_CATEGORIES[categoryRows.findIndex((c) => c.id === property.categoryId)]!;
      for (const name of category.parameters) {
        parameterValues.push({
          propertyId: property.id,
          parameterId: parameterId.get(name)!,
          value: demoParameterValue(random, name),
        });
      }
      for (const facility of random.sample(facilityRows, random.int(2, 5))) {
        facilityValues.push({
          propertyId: property.id,
          facilityId: facility.id,
          distance: Math.round(random.next() * 80) / 10 + 0.1,
        });
      }
      if (category.hasBedrooms && random.chance(0.3)) {
        for (let f = 0; f < random.int(1, 3); f++) {
          floorValues.push({
            propertyId: property.id,
            title: f === 0 ? 'Ground floor' : `Floor ${f}`,
            image: random.pick(photos),
            sortOrder: f,
          });
        }
      }
    }
    for (let i = 0; i < parameterValues.length; i += 500)
      await tx.insert(s.propertyParameters).values(parameterValues.slice(i, i + 500));
    for (let i = 0; i < facilityValues.length; i += 500)
      await tx.insert(s.propertyFacilities).values(facilityValues.slice(i, i + 500));
    if (floorValues.length) await tx.insert(s.propertyFloors).values(floorValues);

    const projectSlugs = new Set<string>();
    const projectRows = await tx
      .insert(s.projects)
      .values(
        Array.from({ length: 12 }, (_, i) => {
          const city = DEMO_CITIES[(i * 3) % DEMO_CITIES.length]!;
          const title = `${random.pick(['Skyline', 'Harbour', 'Green Valley', 'Palm', 'Riverside', 'Oak'])} ${random.pick(['Residences', 'Towers', 'Gardens', 'Heights'])} ${city.name}`;
          return {
            ownerId: random.pick(agents),
            categoryId: categoryRows[i % 4]!.id,
            title,
            slug: claimSlug(title, projectSlugs),
            description: `${title} is a new development with ${random.int(40, 400)} homes, shared gardens, a gym and underground parking, close to schools and transport.`,
            type: i % 2 === 0 ? ('upcoming' as const) : ('under_construction' as const),
            location: `${random.int(1, 200)} Main Avenue, ${city.name}`,
            city: city.name,
            state: city.state,
            country: city.country,
            latitude: jitter(random, city.latitude),
            longitude: jitter(random, city.longitude),
            image: random.pick(photos),
            galleryImages: random.sample(photos, 3),
            metaTitle: title.slice(0, 60),
            metaDescription: `New homes at ${title}: plans, location and prices. Register your interest today.`,
            adminStatus: i < 10 ? ('approved' as const) : ('pending' as const),
          };
        }),
      )
      .returning({ id: s.projects.id, ownerId: s.projects.ownerId, adminStatus: s.projects.adminStatus });
    await tx.insert(s.projectPlans).values(
      projectRows.flatMap((p) => [
        { projectId: p.id, title: 'Two-bedroom plan', document: planDocument },
        { projectId: p.id, title: 'Three-bedroom plan', document: planDocument },
      ]),
    );

    const articleCategoryRows = await tx
      .insert(s.articleCategories)
      .values(
        ['Buying guides', 'Renting tips', 'Market news'].map((name) => ({
          name,
          names: demoNames(name),
          slug: slugify(name),
        })),
      )
      .returning({ id: s.articleCategories.id });
    await tx.insert(s.articles).values(
      buildDemoArticles(
        random,
        articleCategoryRows.map((c) => c.id),
        photos,
        now,
      ),
    );

    // The starter free package comes from the essentials seed; the demo adds the paid ones.
    const packageRows: DemoPackage[] = await tx
      .select({
        id: s.packages.id,
        name: s.packages.name,
        priceMinor: s.packages.priceMinor,
        durationDays: s.packages.durationDays,
      })
      .from(s.packages);
    // The essentials' starter package is named in Arabic too, as the demo's own are.
    for (const pkg of packageRows)
      await tx
        .update(s.packages)
        .set({ names: demoNames(pkg.name) })
        .where(eq(s.packages.id, pkg.id));
    for (const pkg of buildDemoPackages()) {
      const [row] = await tx
        .insert(s.packages)
        .values({ ...pkg.package, names: demoNames(pkg.package.name) })
        .returning({
          id: s.packages.id,
          name: s.packages.name,
          priceMinor: s.packages.priceMinor,
          durationDays: s.packages.durationDays,
        });
      await tx.insert(s.packageFeatures).values(pkg.features.map((f) => ({ ...f, packageId: row!.id })));
      packageRows.push(row!);
    }
    const verificationFieldRows = await tx
      .insert(s.agentVerificationFields)
      .values(DEMO_VERIFICATION_FIELDS)
      .returning({ id: s.agentVerificationFields.id, name: s.agentVerificationFields.name });
    const [admin] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.type, 'admin')).limit(1);

    // A stream of its own, so adding activity never changes the listings above.
    await seedDemoActivity(tx, seededRandom(seed ^ 0x5eed), {
      now,
      adminId: admin?.id ?? null,
      people,
      properties: inserted,
      projects: projectRows,
      packages: packageRows,
      verificationFields: verificationFieldRows,
      reportReasonIds: (await tx.select({ id: s.reportReasons.id }).from(s.reportReasons)).map((r) => r.id),
      categoryIds: categoryRows.map((c) => c.id),
      facilityIds: facilityRows.map((f) => f.id),
      idDocument,
      receipt,
    });
    return true;
  });
  if (seeded)
    logger.info('demo data seeded', {
      properties: options.propertyCount ?? PROPERTY_COUNT,
      ms: Math.round(performance.now() - started),
    });
  return seeded;
}

/** Demo data goes only into a catalogue nobody has started: no properties and no categories. */
async function catalogueEmpty(db: Executor): Promise<boolean> {
  const [properties] = await db.select({ value: count() }).from(s.properties);
  const [categories] = await db.select({ value: count() }).from(s.categories);
  return (properties?.value ?? 0) === 0 && (categories?.value ?? 0) === 0;
}

async function makePhotos(random: Random, storage: FileStorage): Promise<ImageRecord[]> {
  // Drawn in order (the generator's sequence fixes the pictures), encoded a few at a time.
  const pngs: Buffer[] = [];
  for (let i = 0; i < PHOTO_COUNT; i++) pngs.push(await drawDemoPhoto(random));
  return encodeAll(pngs, (i) => `seed/photo-${String(i + 1).padStart(2, '0')}`, [320, 640, 1024], storage);
}

/** Drawn profile photos, shared by the demo people; no randomness, so they never shift the data. */
async function makeAvatars(storage: FileStorage): Promise<ImageRecord[]> {
  const pngs = await Promise.all(
    Array.from({ length: AVATAR_COUNT }, (_, i) => drawDemoAvatar((i * 360) / AVATAR_COUNT)),
  );
  return encodeAll(pngs, (i) => `seed/avatar-${String(i + 1).padStart(2, '0')}`, [160, 320], storage);
}

/** sharp encodes on libuv's thread pool; two images at once keep two cores busy without oversubscribing. */
async function encodeAll(
  pngs: Buffer[],
  key: (index: number) => string,
  widths: number[],
  storage: FileStorage,
): Promise<ImageRecord[]> {
  const records: ImageRecord[] = new Array(pngs.length);
  let next = 0;
  const worker = async () => {
    while (next < pngs.length) {
      const i = next++;
      records[i] = await createImageVariants(pngs[i]!, { keyPrefix: key(i), storage, widths });
    }
  };
  await Promise.all([worker(), worker()]);
  return records;
}

/** A one-page PDF written by hand (the format is text), so seeding needs no PDF library. */
async function storeDemoPdf(storage: FileStorage, key: string, title: string): Promise<DocumentRecord> {
  const content = `BT /F1 24 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const body = new TextEncoder().encode(pdf);
  await storage.put(key, body, 'application/pdf');
  return { key, name: key.split('/').at(-1)!, contentType: 'application/pdf', size: body.length };
}

const FIRST_NAMES = [
  'Amira',
  'Ben',
  'Carla',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noor',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Uma',
  'Victor',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST_NAMES = [
  'Alves',
  'Brown',
  'Costa',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Mensah',
  'Nair',
  'Okafor',
];

/** Agents that show each verification state; the others are verified, except every third one. */
const AGENT_VERIFICATION: Record<number, 'pending' | 'failed'> = { 2: 'pending', 5: 'failed' };

function buildDemoPeople(
  random: Random,
  passwordHash: string,
  avatars: ImageRecord[],
  now: Date,
): (typeof s.users.$inferInsert)[] {
  return FIRST_NAMES.map((first, i) => {
    const isAgent = i < 15;
    const name = `${first} ${LAST_NAMES[i % LAST_NAMES.length]}`;
    const city = DEMO_CITIES[i % DEMO_CITIES.length]!;
    const handle = slugify(name).replace(/-/g, '.');
    return {
      name,
      email: `${isAgent ? 'agent' : 'user'}${isAgent ? i + 1 : i - 14}@example.com`,
      mobile: `+1555${String(1000 + i).padStart(6, '0')}`,
      passwordHash,
      type: isAgent ? ('agent' as const) : ('user' as const),
      logintype: 'email' as const,
      profileImage: avatars[i % avatars.length]!,
      address: `${random.int(1, 300)} High Street, ${city.name}`,
      city: city.name,
      state: city.state,
      country: city.country,
      latitude: city.latitude,
      longitude: city.longitude,
      aboutMe: isAgent
        ? `${first} has helped families find homes in ${city.name} for ${random.int(3, 20)} years.`
        : null,
      ...(isAgent
        ? {
            facebookId: `https://www.facebook.com/${handle}`,
            instagramId: `https://www.instagram.com/${handle}`,
            linkedinId: `https://www.linkedin.com/in/${handle}`,
          }
        : {}),
      verificationStatus: !isAgent
        ? ('initial' as const)
        : (AGENT_VERIFICATION[i] ?? (i % 3 !== 2 ? ('success' as const) : ('initial' as const))),
      slug: slugify(name),
      // Members before their listings (those go back 180 days).
      createdAt: new Date(now.getTime() - (200 + i * 7) * DAY_MS),
    };
  });
}

const ADJECTIVES = [
  'Bright',
  'Spacious',
  'Modern',
  'Cosy',
  'Elegant',
  'Renovated',
  'Sunny',
  'Quiet',
  'Luxury',
  'Charming',
];
const FEATURES = [
  'a large terrace',
  'a private garden',
  'floor-to-ceiling windows',
  'a fitted kitchen',
  'a rooftop pool',
  'views over the city',
  'underfloor heating',
  'a home office',
];

function buildDemoProperty(
  random: Random,
  index: number,
  ctx: {
    ownerId: number;
    categoryIndex: number;
    categoryId: number;
    photos: ImageRecord[];
    takenSlugs: Set<string>;
    now: Date;
  },
): typeof s.properties.$inferInsert {
  const category = DEMO_CATEGORIES[ctx.categoryIndex]!;
  const city = DEMO_CITIES[random.int(0, DEMO_CITIES.length - 1)]!;
  const isRent = random.chance(0.4);
  const bedrooms = random.int(1, 5);
  const title = `${random.pick(ADJECTIVES)} ${category.hasBedrooms ? `${bedrooms}-bedroom ` : ''}${category.name.toLowerCase()} in ${city.name}`;
  const slug = claimSlug(title, ctx.takenSlugs);
  const rentDuration = isRent
    ? random.pick(['daily', 'monthly', 'monthly', 'monthly', 'quarterly', 'yearly'] as const)
    : null;
  const priceMajor = isRent
    ? {
        daily: random.int(5, 40) * 10,
        monthly: random.int(8, 80) * 100,
        quarterly: random.int(24, 200) * 100,
        yearly: random.int(10, 90) * 1000,
      }[rentDuration!]
    : random.int(8, 300) * 10_000;
  const createdAt = new Date(ctx.now.getTime() - random.int(0, 180) * DAY_MS - random.int(0, 86_000) * 1000);
  const roll = random.next();
  const adminStatus = index < 12 ? 'approved' : roll < 0.86 ? 'approved' : roll < 0.94 ? 'pending' : 'rejected';
  const status = adminStatus === 'approved' && random.chance(0.06) ? (isRent ? 'rented' : 'sold') : 'active';
  const street = `${random.int(1, 250)} ${random.pick(['Park', 'Harbour', 'Station', 'Garden', 'King', 'Palm'])} ${random.pick(['Road', 'Street', 'Avenue', 'Lane'])}`;
  const description = `${title}. This ${category.name.toLowerCase()} offers ${random.pick(FEATURES)} and ${random.pick(FEATURES)}, ${random.int(2, 15)} minutes from the centre of ${city.name}. Ideal for ${random.pick(['families', 'professionals', 'investors', 'students', 'retirees'])}.`;
  return {
    ownerId: ctx.ownerId,
    categoryId: ctx.categoryId,
    title,
    slug,
    description,
    propertyType: isRent ? 'rent' : 'sell',
    priceMinor: priceMajor * 100,
    rentDuration,
    address: street,
    formattedAddress: `${street}, ${city.name}, ${city.state}, ${city.country}`,
    city: city.name,
    state: city.state,
    country: city.country,
    latitude: jitter(random, city.latitude),
    longitude: jitter(random, city.longitude),
    titleImage: ctx.photos[index % ctx.photos.length]!,
    galleryImages: random.sample(ctx.photos, random.int(2, 4)),
    metaTitle: title.slice(0, 60),
    metaDescription: description.slice(0, 155),
    metaKeywords: [category.name, city.name, isRent ? 'for rent' : 'for sale'].join(', '),
    isPremium: random.chance(0.1),
    status,
    adminStatus,
    rejectReason: adminStatus === 'rejected' ? 'Photos do not show the property. Please upload real photos.' : null,
    totalViews: random.int(0, 2500),
    totalLikes: random.int(0, 120),
    featuredUntil:
      adminStatus === 'approved' && random.chance(0.12)
        ? new Date(ctx.now.getTime() + random.int(3, 30) * DAY_MS)
        : null,
    approvedAt: adminStatus === 'approved' ? createdAt : null,
    createdAt,
  };
}

function demoParameterValue(random: Random, name: string): string | number | string[] {
  switch (name) {
    case 'Bedrooms':
      return random.int(1, 6);
    case 'Bathrooms':
      return random.int(1, 4);
    case 'Area (sq ft)':
      return random.int(4, 60) * 50;
    case 'Plot size (sq ft)':
      return random.int(10, 200) * 100;
    case 'Floor':
      return random.int(0, 30);
    case 'Furnished':
      return random.pick(['Furnished', 'Semi-furnished', 'Unfurnished']);
    case 'Parking':
      return random.sample(['Covered', 'Open', 'Garage'], random.int(1, 2));
    default:
      return random.pick(['North', 'East', 'South', 'West']);
  }
}

function claimSlug(title: string, taken: Set<string>): string {
  const slug = uniqueSlug(slugify(title), (c) => taken.has(c));
  taken.add(slug);
  return slug;
}

/** About a kilometre or two around the city centre. */
function jitter(random: Random, coordinate: number): number {
  return Math.round((coordinate + (random.next() - 0.5) * 0.08) * 1e6) / 1e6;
}
