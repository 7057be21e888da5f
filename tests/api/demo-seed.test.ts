import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password.ts';
import { seedDemoData, DEMO_PASSWORD } from '../../src/server/db/seed/index.ts';
import * as s from '../../src/server/db/schema/index.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  const seeded = await seedDemoData(app.database.db, new LocalFileStorage(app.storageDir), {
    now: new Date('2026-11-01T00:00:00Z'),
  });
  expect(seeded).toBe(true);
}, 120_000);

const total = async (table: Parameters<ReturnType<TestApp['database']['db']['select']>['from']>[0]) => {
  const [row] = await app.database.db.select({ value: count() }).from(table);
  return row!.value;
};

describe('demo data', () => {
  it('creates a marketplace worth browsing', async () => {
    expect(await total(s.properties)).toBe(300);
    expect(await total(s.categories)).toBe(12);
    expect(await total(s.facilities)).toBe(12);
    expect(await total(s.cities)).toBe(25);
    expect(await total(s.projects)).toBe(12);
    expect(await total(s.articles)).toBe(12);
    expect(await total(s.faqs)).toBe(10);
    expect(await total(s.packages)).toBe(4);
    expect(await total(s.reportReasons)).toBe(6);
    expect(await total(s.agentVerificationFields)).toBe(4);
    const agents = await app.database.db.select().from(s.users).where(eq(s.users.type, 'agent'));
    expect(agents).toHaveLength(15);
    expect(await verifyPassword(agents[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
  });

  it('gives every listing a unique slug, a title image with stored variants, and typed parameters', async () => {
    const rows = await app.database.db
      .select({ slug: s.properties.slug, titleImage: s.properties.titleImage })
      .from(s.properties);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const row of rows.slice(0, 20)) {
      expect(row.slug).toMatch(/^[a-z0-9-]+$/); // the demo titles are Latin: accents dropped
      const image = row.titleImage!;
      expect(image.variants.map((v) => v.format).sort()).toContain('avif');
      expect(fs.existsSync(path.join(app.storageDir, image.key))).toBe(true);
    }
    const [numeric] = await app.database.db
      .select({ value: s.propertyParameters.value })
      .from(s.propertyParameters)
      .innerJoin(s.parameters, eq(s.parameters.id, s.propertyParameters.parameterId))
      .where(eq(s.parameters.name, 'Bedrooms'))
      .limit(1);
    expect(typeof numeric!.value).toBe('number');
  });

  it('mixes review states so moderation has work, with most listings public', async () => {
    const byStatus = await app.database.db
      .select({ status: s.properties.adminStatus, n: count() })
      .from(s.properties)
      .groupBy(s.properties.adminStatus);
    const counts = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    expect(counts['approved']).toBeGreaterThan(200);
    expect(counts['pending']).toBeGreaterThan(0);
    expect(counts['rejected']).toBeGreaterThan(0);
  });

  it('indexes listings for full-text search', async () => {
    const result = await app.database.db
      .select({ value: count() })
      .from(s.properties)
      .where(sql`${s.properties.search} @@ websearch_to_tsquery('simple', 'villa lisbon')`);
    expect(result[0]!.value).toBeGreaterThan(0);
  });

  it('does nothing on a second run', async () => {
    expect(await seedDemoData(app.database.db, new LocalFileStorage(app.storageDir))).toBe(false);
    expect(await total(s.properties)).toBe(300);
  });
});
