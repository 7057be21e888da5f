import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProfileComplete } from '../../src/lib/validation/profile.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import type { ImageRecord } from '../../src/server/db/schema/media-types.ts';
import { DEMO_PASSWORD, seedDemoData, seedEssentials } from '../../src/server/db/seed/index.ts';
import { DEMO_CITIES } from '../../src/server/db/seed/demo-catalog.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';

// A first start: migrate, seed the essentials and the demo data, then check what a visitor and an admin would see.
const ADMIN = { adminEmail: ' Owner@Example.com ', adminPassword: 'admin-secret' };
const NOW = new Date('2026-11-01T12:00:00Z');
const postgresUrl = process.env['TEST_DATABASE_URL'];

let h: DatabaseHandle;
let storageDir: string;
let storage: LocalFileStorage;
let seedMs = 0;

beforeAll(async () => {
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await client.end();
  }
  h = await openDatabase(postgresUrl ? { url: postgresUrl } : { dataDir: 'memory://' });
  await h.migrate();
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-seed-test-'));
  storage = new LocalFileStorage(storageDir);
  const started = performance.now();
  await seedEssentials(h.db, { ...ADMIN, storage });
  expect(await seedDemoData(h.db, storage, { now: NOW })).toBe(true);
  seedMs = performance.now() - started;
}, 120_000);

afterAll(async () => {
  await h?.close();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => h.db;
const total = async (table: Parameters<ReturnType<DatabaseHandle['db']['select']>['from']>[0]) => {
  const [row] = await db().select({ value: count() }).from(table);
  return row!.value;
};
/** Rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const stored = (key: string) => fs.existsSync(path.join(storageDir, key));

describe('essentials', () => {
  it('store the default settings, payments off except bank transfer', async () => {
    const settings = Object.fromEntries((await db().select().from(s.settings)).map((r) => [r.key, r.value]));
    expect(settings).toMatchObject({
      currency_symbol: '$',
      currency_code: 'USD',
      number_with_suffix: true,
      svg_clr: '#087c7c',
      appstore_id: '',
      verification_required_for_user: false,
      demo_mode: false,
    });
    expect(settings['web_placeholder_logo']).toBeTruthy();
    for (const key of ['company_name', 'company_email', 'company_phone', 'company_address'])
      expect(settings[key]).toEqual(expect.any(String));
    // Left empty: the pages show the shipped default text, translated, until an admin writes their own.
    for (const key of ['about_us', 'privacy_policy', 'terms_conditions']) expect(settings[key]).toBe('');
    expect(settings['payment_methods']).toEqual({
      stripe: false,
      paypal: false,
      paystack: false,
      flutterwave: false,
      razorpay: false,
      bank_transfer: true,
    });
  });

  it('ship English (default) and Arabic (right to left)', async () => {
    const languages = await db().select().from(s.languages).orderBy(s.languages.code);
    expect(languages.map((l) => [l.code, l.isDefault, l.isRtl, l.isActive])).toEqual([
      ['ar', false, true, true],
      ['en', true, false, true],
    ]);
    expect(languages.find((l) => l.code === 'ar')?.nativeName).toBe('العربية');
  });

  it('create the admin with a lower-cased email, an argon2id hash and a complete profile', async () => {
    const [admin] = await db().select().from(s.users).where(eq(s.users.type, 'admin'));
    expect(admin?.email).toBe('owner@example.com');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash!, ADMIN.adminPassword)).toBe(true);
    expect(admin?.verificationStatus).toBe('success');
    expect(isProfileComplete(admin!)).toBe(true);
    expect(stored(admin!.profileImage!.key)).toBe(true);
  });
});

describe('demo data', () => {
  it('seeds quickly', () => {
    // Measured on the test machine: about 5-8 s (two cores, under load). The first start must stay short.
    console.warn(`seedEssentials + seedDemoData took ${Math.round(seedMs)} ms on ${h.kind}`);
    expect(seedMs).toBeLessThan(60_000);
  });

  it('creates a marketplace worth browsing', async () => {
    expect(await total(s.properties)).toBe(300);
    expect(await total(s.categories)).toBe(12);
    expect(await total(s.parameters)).toBeGreaterThanOrEqual(6);
    expect(await total(s.facilities)).toBe(12);
    expect(await total(s.cities)).toBe(25);
    expect(await total(s.projects)).toBe(12);
    expect(await total(s.projectPlans)).toBe(24);
    expect(await total(s.articleCategories)).toBe(3);
    expect(await total(s.articles)).toBe(12);
    expect(await total(s.faqs)).toBe(10);
    expect(await total(s.packages)).toBe(4);
    expect(await total(s.reportReasons)).toBe(6);
    expect(await total(s.agentVerificationFields)).toBe(4);
    const byType = await db().select({ type: s.users.type, n: count() }).from(s.users).groupBy(s.users.type);
    expect(Object.fromEntries(byType.map((r) => [r.type, r.n]))).toEqual({ admin: 1, agent: 15, user: 10 });
  });

  it('lets the documented demo accounts sign in', async () => {
    for (const email of ['agent1@example.com', 'agent15@example.com', 'user1@example.com', 'user10@example.com']) {
      const [person] = await db().select().from(s.users).where(eq(s.users.email, email));
      expect(await verifyPassword(person!.passwordHash!, DEMO_PASSWORD), email).toBe(true);
      expect(isProfileComplete(person!), email).toBe(true);
    }
    const statuses = await db()
      .select({ status: s.users.verificationStatus, n: count() })
      .from(s.users)
      .where(eq(s.users.type, 'agent'))
      .groupBy(s.users.verificationStatus);
    expect(Object.fromEntries(statuses.map((r) => [r.status, r.n]))).toEqual({
      success: 10,
      pending: 1,
      failed: 1,
      initial: 3,
    });
  });

  it('gives every record a unique slug in the spec format', async () => {
    for (const table of [s.properties, s.projects, s.categories, s.articles, s.articleCategories, s.users]) {
      const slugs = (await db().select({ slug: table.slug }).from(table)).map((r) => r.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('makes listings consistent: prices, rent periods, review states, places', async () => {
    const properties = await db().select().from(s.properties);
    const cities = new Map(DEMO_CITIES.map((c) => [c.name, c]));
    for (const p of properties) {
      expect(p.priceMinor).toBeGreaterThan(0);
      expect(Number.isInteger(p.priceMinor)).toBe(true);
      expect(p.rentDuration === null).toBe(p.propertyType === 'sell');
      if (p.status === 'sold') expect(p.propertyType).toBe('sell');
      if (p.status === 'rented') expect(p.propertyType).toBe('rent');
      expect(p.rejectReason === null).toBe(p.adminStatus !== 'rejected');
      expect(p.approvedAt === null).toBe(p.adminStatus !== 'approved');
      if (p.featuredUntil) {
        expect(p.adminStatus).toBe('approved');
        expect(p.featuredUntil.getTime()).toBeGreaterThan(NOW.getTime());
      }
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      const city = cities.get(p.city)!;
      expect(city, p.city).toBeDefined();
      expect([p.state, p.country]).toEqual([city.state, city.country]);
      expect(Math.abs(p.latitude! - city.latitude)).toBeLessThan(0.05);
      expect(Math.abs(p.longitude! - city.longitude)).toBeLessThan(0.05);
      expect(p.formattedAddress).toContain(p.city);
      expect(p.metaTitle!.length).toBeLessThanOrEqual(60);
      expect(p.metaDescription!.length).toBeLessThanOrEqual(160);
      expect(p.metaKeywords!.split(',').length).toBeLessThanOrEqual(10);
      expect(p.galleryImages.length).toBeGreaterThanOrEqual(2);
      expect(p.galleryImages.length).toBeLessThanOrEqual(4);
      expect(p.titleImage).not.toBeNull();
    }
    const count = (pred: (p: (typeof properties)[number]) => boolean) => properties.filter(pred).length;
    expect(count((p) => p.adminStatus === 'approved')).toBeGreaterThan(200);
    expect(count((p) => p.adminStatus === 'pending')).toBeGreaterThan(0);
    expect(count((p) => p.adminStatus === 'rejected')).toBeGreaterThan(0);
    expect(count((p) => p.status === 'sold') + count((p) => p.status === 'rented')).toBeGreaterThan(0);
    expect(count((p) => p.propertyType === 'rent')).toBeGreaterThan(60);
    expect(new Set(properties.filter((p) => p.rentDuration).map((p) => p.rentDuration)).size).toBe(4);
    expect(count((p) => p.isPremium)).toBeGreaterThan(0);
    expect(count((p) => p.featuredUntil !== null)).toBeGreaterThan(0);
    expect(new Set(properties.map((p) => p.city)).size).toBeGreaterThan(15);
    expect(new Set(properties.map((p) => p.categoryId)).size).toBe(12);
  });

  it('stores every image it references, with WebP and AVIF variants', async () => {
    const images = new Map<string, ImageRecord>();
    for (const p of await db().select().from(s.properties)) {
      for (const image of [p.titleImage, ...p.galleryImages]) if (image) images.set(image.key, image);
    }
    expect(images.size).toBeGreaterThanOrEqual(10); // a shared set, reused across listings
    for (const image of images.values()) {
      expect(new Set(image.variants.map((v) => v.format))).toEqual(new Set(['webp', 'avif']));
      for (const variant of image.variants) expect(stored(variant.key), variant.key).toBe(true);
      expect(image.key).toBe(image.variants.filter((v) => v.format === 'webp').at(-1)!.key);
    }
    const plans = await db().select().from(s.projectPlans);
    for (const plan of plans) expect(stored(plan.document.key)).toBe(true);
  });

  it('gives each listing the parameters of its category, typed, and facilities with distances', async () => {
    const mismatched = await rows(sql`
      select pp.id from property_parameters pp
      join properties p on p.id = pp.property_id
      left join category_parameters cp on cp.category_id = p.category_id and cp.parameter_id = pp.parameter_id
      where cp.parameter_id is null`);
    expect(mismatched).toEqual([]);
    const values = await db()
      .select({
        type: s.parameters.typeOfParameter,
        options: s.parameters.typeValues,
        value: s.propertyParameters.value,
      })
      .from(s.propertyParameters)
      .innerJoin(s.parameters, eq(s.parameters.id, s.propertyParameters.parameterId));
    expect(values.length).toBeGreaterThan(600);
    for (const { type, options, value } of values) {
      if (type === 'number') expect(typeof value).toBe('number');
      if (type === 'dropdown' || type === 'radiobutton') expect(options).toContain(value);
      if (type === 'checkbox') for (const v of value as string[]) expect(options).toContain(v);
    }
    const withoutFacilities = await rows(sql`
      select p.id from properties p where not exists (select 1 from property_facilities f where f.property_id = p.id)`);
    expect(withoutFacilities).toEqual([]);
    const distances = await db().select({ d: s.propertyFacilities.distance }).from(s.propertyFacilities);
    for (const { d } of distances) expect(d).toBeGreaterThan(0);
    expect(await total(s.propertyFloors)).toBeGreaterThan(0);
  });

  it('keeps likes, featuring and verification in step with the rows behind them', async () => {
    const likeDrift = await rows(sql`
      select p.id from properties p
      where p.total_likes <> (select count(*) from favourites f where f.property_id = p.id)`);
    expect(likeDrift).toEqual([]);
    expect(await total(s.favourites)).toBeGreaterThan(300);
    const ownFavourites = await rows(sql`
      select f.id from favourites f join properties p on p.id = f.property_id where f.user_id = p.owner_id`);
    expect(ownFavourites).toEqual([]);

    const unbacked = await rows(sql`
      select p.id from properties p where p.featured_until is not null and not exists (
        select 1 from advertisements a
        where a.property_id = p.id and a.status = 'approved' and a.ends_at = p.featured_until)`);
    expect(unbacked).toEqual([]);

    const verification = await rows<{ status: string; latest: string | null }>(sql`
      select u.verification_status as status,
        (select r.status from agent_verification_requests r where r.user_id = u.id order by r.created_at desc limit 1)
          as latest
      from users u where u.type <> 'admin'`);
    for (const { status, latest } of verification) expect(latest ?? 'initial').toBe(status);
    const values = await db().select().from(s.agentVerificationValues);
    expect(values.length).toBe(12 * 4);

    const subscriptions = await db().query.userPackages.findMany({ with: { package: true } });
    for (const sub of subscriptions)
      expect(sub.endsAt.getTime() - sub.startsAt.getTime()).toBe(sub.package.durationDays * 86_400_000);
    const payments = await db().select().from(s.paymentTransactions);
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(['succeeded', 'review', 'failed']));
  });

  it("keeps reports' outcomes in step with their listings", async () => {
    const reports = await rows<{ status: string; admin_status: string; state: string; reject_reason: string | null }>(
      sql`select r.status, p.admin_status, p.status as state, p.reject_reason
          from reports r join properties p on p.id = r.property_id`,
    );
    // The queue shows every outcome, so each rule below is checked on at least one report.
    expect(new Set(reports.map((r) => r.status))).toEqual(new Set(['open', 'dismissed', 'actioned']));
    const isPublic = (r: (typeof reports)[number]) => r.admin_status === 'approved' && r.state === 'active';
    for (const report of reports) {
      // Acted on: the listing was hidden (rejected, with the reason its owner reads), as the console hides it.
      if (report.status === 'actioned') {
        expect(report.admin_status).toBe('rejected');
        expect(report.reject_reason).toBe('Reported');
      } else expect(isPublic(report), JSON.stringify(report)).toBe(true);
    }
    // Hiding closes every open report on the listing: none is left open beside an actioned one.
    const openBesideActioned = await rows(sql`
      select r.id from reports r where r.status = 'open' and exists (
        select 1 from reports a where a.property_id = r.property_id and a.status = 'actioned')`);
    expect(openBesideActioned).toEqual([]);
    // A hidden listing is featured nowhere.
    const featuredHidden = await rows(sql`
      select a.id from advertisements a join properties p on p.id = a.property_id
      where p.admin_status <> 'approved' and a.status = 'approved' and a.ends_at > ${NOW.toISOString()}::timestamptz`);
    expect(featuredHidden).toEqual([]);
  });

  it('fills the rest of the site: projects with plans, articles with HTML, packages with limits', async () => {
    const projects = await db().query.projects.findMany({ with: { plans: true } });
    for (const project of projects) {
      expect(project.plans).toHaveLength(2);
      expect(['upcoming', 'under_construction']).toContain(project.type);
      expect(project.image).not.toBeNull();
    }
    const articles = await db().select().from(s.articles);
    expect(new Set(articles.map((a) => a.categoryId)).size).toBe(3);
    for (const article of articles) expect(article.description).toMatch(/<p>.*<\/p>/);

    const packages = await db().query.packages.findMany({ with: { features: true }, orderBy: s.packages.sortOrder });
    expect(packages.map((p) => [p.name, p.priceMinor])).toEqual([
      ['Free', 0],
      ['Basic', 1900],
      ['Pro', 4900],
      ['Premium', 9900],
    ]);
    const premium = packages.at(-1)!;
    expect(premium.features).toHaveLength(7);
    expect(premium.features.find((f) => f.feature === 'property_list')?.limit).toBeNull();
    // The free one is the install's starter package (essentials seed), not a second demo copy.
    expect(packages[0]!.features).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ feature: 'property_list', limit: 3 }),
        expect.objectContaining({ feature: 'project_list', limit: 1 }),
      ]),
    );

    const fields = await db().select().from(s.agentVerificationFields).orderBy(s.agentVerificationFields.sortOrder);
    expect(fields.map((f) => f.fieldType)).toEqual(['text', 'text', 'file', 'dropdown']);
    expect(fields[3]!.options.length).toBeGreaterThan(1);
  });

  it('answers full-text queries through the generated search column', async () => {
    const villas = await db()
      .select({ title: s.properties.title, description: s.properties.description })
      .from(s.properties)
      .where(sql`${s.properties.search} @@ plainto_tsquery('simple', 'villa')`);
    expect(villas.length).toBeGreaterThan(0);
    for (const v of villas) expect(`${v.title} ${v.description}`.toLowerCase()).toContain('villa');

    const ranked = await db()
      .select({ city: s.properties.city })
      .from(s.properties)
      .where(sql`${s.properties.search} @@ websearch_to_tsquery('simple', 'lisbon')`)
      .orderBy(sql`ts_rank(${s.properties.search}, websearch_to_tsquery('simple', 'lisbon')) desc`)
      .limit(5);
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.every((r) => r.city === 'Lisbon')).toBe(true);
  });
});

describe('running the seeds again', () => {
  it('duplicates nothing and keeps what admins changed', async () => {
    const before = {
      settings: await total(s.settings),
      languages: await total(s.languages),
      users: await total(s.users),
      properties: await total(s.properties),
      favourites: await total(s.favourites),
      packages: await total(s.packages),
    };
    await db().update(s.settings).set({ value: '€' }).where(eq(s.settings.key, 'currency_symbol'));
    // The admin moved to another address: a restart with the old ADMIN_EMAIL must not bring back a second admin.
    await db().update(s.users).set({ email: 'boss@example.com' }).where(eq(s.users.type, 'admin'));

    await seedEssentials(h.db, { ...ADMIN, storage });
    expect(await seedDemoData(h.db, storage, { now: NOW })).toBe(false);

    expect({
      settings: await total(s.settings),
      languages: await total(s.languages),
      users: await total(s.users),
      properties: await total(s.properties),
      favourites: await total(s.favourites),
      packages: await total(s.packages),
    }).toEqual(before);
    const [symbol] = await db().select().from(s.settings).where(eq(s.settings.key, 'currency_symbol'));
    expect(symbol?.value).toBe('€');
  });

  it('leaves a site alone once it has its own categories, even without listings', async () => {
    await db().delete(s.properties);
    expect(await seedDemoData(h.db, storage, { now: NOW })).toBe(false);
    expect(await total(s.properties)).toBe(0);
  });
});
