import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { explain, recordStatements } from '../../bench/explain.ts';
import { measure, percentile } from '../../bench/measure.ts';
import { scenarios } from '../../bench/queries.ts';
import { seedBench, type SeedReport } from '../../bench/seed.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A small run of `npm run bench` so the harness cannot rot unnoticed: the full benchmark is not part of the suite.
let app: TestApp;
let seeded: SeedReport;
let indexesBefore: string[];

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const propertyIndexes = async () =>
  (
    await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'properties' order by indexname`,
    )
  ).map((r) => r.indexname);

beforeAll(async () => {
  app = await createTestApp();
  indexesBefore = await propertyIndexes();
  seeded = await seedBench(app.database, new LocalFileStorage(app.storageDir), 1000);
}, 120_000);

describe('benchmark seeding', () => {
  it('fills the catalogue with the asked number of listings, spread like a real site', async () => {
    expect(seeded).toMatchObject({ listings: 1000, reused: false });
    const [spread] = await rows<{
      public: number;
      cities: number;
      categories: number;
      rent: number;
      texts: number;
    }>(sql`
      select count(*) filter (where admin_status = 'approved' and status = 'active')::int as public,
        count(distinct city)::int as cities, count(distinct category_id)::int as categories,
        count(*) filter (where property_type = 'rent')::int as rent,
        count(*) filter (where search @@ websearch_to_tsquery('simple', 'garden'))::int as texts
      from properties`);
    expect(spread!.public).toBeGreaterThan(750);
    expect(spread!.public).toBeLessThan(950);
    expect(spread!.cities).toBeGreaterThan(10);
    expect(spread!.categories).toBe(12);
    expect(spread!.rent).toBeGreaterThan(300);
    expect(spread!.texts).toBeGreaterThan(50);
    const [details] = await rows<{ without: number }>(sql`
      select count(*)::int as without from properties p
      where not exists (select 1 from property_parameters pp where pp.property_id = p.id)`);
    expect(details!.without).toBe(0);
  });

  it('puts back every index of the migrations after the bulk load', async () => {
    expect(await propertyIndexes()).toEqual(indexesBefore);
  });

  it('reuses a database that already holds that many listings', async () => {
    const again = await seedBench(app.database, new LocalFileStorage(app.storageDir), 1000);
    expect(again).toMatchObject({ listings: 1000, reused: true });
    await expect(seedBench(app.database, new LocalFileStorage(app.storageDir), 2000)).rejects.toThrow(/1000/);
  });
});

describe('benchmark scenarios', () => {
  it('times every scenario through the services with sane numbers', async () => {
    const deps = { db: app.database.db, storage: new LocalFileStorage(app.storageDir) };
    const all = await scenarios(deps);
    expect(all.map((s) => s.name)).toEqual([
      'listing search (filtered)',
      'listing search (newest, no filter)',
      'text search',
      'text search with filters',
      'text search (few or no matches)',
      'map bounds',
      'detail by slug',
      'home data (cached)',
      'home data (cold)',
      'owner with 1,000 listings added and deleted',
      'favourite saved and removed (two commits)',
    ]);
    for (const scenario of all) {
      // Each scenario answers something: an empty result would time a query that does no work. Searches that match
      // nothing are that scenario's point, and still answer with a count.
      const result = (await scenario.run(0)) as { total?: number; id?: number; latest_properties?: unknown[] };
      if (scenario.name.includes('no matches')) expect(result.total).toBe(0);
      else if (scenario.name.startsWith('favourite')) {
        // Both writes went through: the like the save added, the removal took away.
        const { saved, removed } = result as unknown as Record<string, { is_favourite: boolean; total_likes: number }>;
        expect(saved).toMatchObject({ is_favourite: true, total_likes: removed!.total_likes + 1 });
        expect(removed!.is_favourite).toBe(false);
      } else expect(result.total ?? result.id ?? result.latest_properties?.length).toBeGreaterThan(0);
      const timing = await measure(scenario.name, scenario.run, {
        warmup: 1,
        iterations: 5,
        budgetMs: 10_000,
        minimum: 5,
      });
      expect(timing.iterations).toBe(5);
      expect(timing.p50).toBeGreaterThan(0);
      expect(timing.p50).toBeLessThanOrEqual(timing.p95);
      expect(timing.p99).toBeLessThan(5_000);
    }
  });

  it('explains the statements a scenario sends, slowest first', async () => {
    const deps = { db: app.database.db, storage: new LocalFileStorage(app.storageDir) };
    const scenario = async (name: string) => {
      const found = (await scenarios(deps)).find((s) => s.name === name)!;
      return explain(await recordStatements(() => found.run(0)));
    };
    // A text search is one statement (its count a column of the page), the detail several.
    const text = await scenario('text search');
    expect(text.some((p) => p.text.includes('websearch_to_tsquery') && /Execution Time/.test(p.plan))).toBe(true);
    const detail = await scenario('detail by slug');
    expect(detail.length).toBeGreaterThanOrEqual(2);
    expect(detail.map((p) => p.executionMs)).toEqual(detail.map((p) => p.executionMs).sort((a, b) => b - a));
  });

  it('reads percentiles by nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([50, 95, 99, 100].map((p) => percentile(samples, p))).toEqual([50, 95, 99, 100]);
    expect(percentile([7], 95)).toBe(7);
  });
});
