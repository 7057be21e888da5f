// npm run bench -- --size 10k|100k|1m --db pglite|pg [--http] [--explain] [--reseed] [--only <name>]
// Seeds a benchmark database (kept under data/bench/ for the next run), times the main queries through the
// services the API uses and, with --http, loads the built server with autocannon. See docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { maintainTables } from '../src/server/db/maintenance.ts';
import { LocalFileStorage } from '../src/server/storage/local-storage.ts';
import { flushViews } from '../src/server/services/view-counter.ts';
import { explain, recordStatements } from './explain.ts';
import { httpBench } from './http.ts';
import { measure, type Timing } from './measure.ts';
import { scenarios } from './queries.ts';
import { seedBench } from './seed.ts';
import { freePort, ROOT, startServer } from './server.ts';

const SIZES: Record<string, number> = { '1k': 1_000, '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10k' },
    db: { type: 'string', default: 'pglite' },
    http: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
    iterations: { type: 'string', default: '200' },
    budget: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    /** Only the scenarios and HTTP calls whose name contains this text (e.g. `map`), to compare one change. */
    only: { type: 'string', default: '' },
  },
});

const size = args.size.toLowerCase();
const listings = SIZES[size] ?? Number(size);
if (!Number.isInteger(listings) || listings < 300) throw new Error(`--size: 1k, 10k, 100k, 1m or a number ≥ 300`);
if (args.db !== 'pglite' && args.db !== 'pg') throw new Error('--db: pglite or pg');
const databaseUrl =
  args.db === 'pg' ? (process.env['BENCH_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test') : undefined;
const dataDir = path.join(ROOT, 'data/bench', `${args.db}-${size}`);
const print = (line = '') => process.stdout.write(line + '\n');
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

process.env['LOG_LEVEL'] ??= 'warn';

async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
  } finally {
    await client.end();
  }
}

async function main() {
  const where = databaseUrl ? databaseUrl.replace(/\/\/[^@]*@/, '//') : `${dataDir}/pglite`;
  console.warn(`bench: ${listings} listings on ${args.db} (${where})`);
  if (args.reseed) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await resetPostgres(databaseUrl);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const open = () => openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  let database = await open();
  await database.migrate();
  const storage = new LocalFileStorage(path.join(dataDir, 'uploads'));
  let seeded;
  try {
    seeded = await seedBench(database, storage, listings);
  } catch (error) {
    // A database of another size (or a half-finished seed): start again from an empty one.
    console.warn(`  ${error instanceof Error ? error.message : String(error)}; seeding afresh`);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    if (databaseUrl) await resetPostgres(databaseUrl);
    database = await open();
    await database.migrate();
    seeded = await seedBench(database, storage, listings);
  }
  console.warn(seeded.reused ? '  reusing the seeded database' : `  seeded in ${seeded.seconds.toFixed(1)} s`);
  // A migration that rewrote or filled a table since the seed (a new column, a new narrow table) leaves its
  // visibility map unset; autovacuum would set it on a live site. Cheap when there is nothing to do.
  await database.db.execute(sql`vacuum analyze properties, property_search, property_map, property_map_tally`);

  const deps = { db: database.db, storage };
  const options = {
    warmup: 10,
    iterations: Number(args.iterations),
    budgetMs: Number(args.budget) * 1000,
    minimum: 5,
  };
  const loadBefore = os.loadavg()[0]!;
  const timings: Timing[] = [];
  const plans: Record<string, string> = {};
  const chosen = (name: string) => name.includes(args.only);
  for (const scenario of (await scenarios(deps)).filter((s) => chosen(s.name))) {
    const timing = await measure(scenario.name, scenario.run, {
      ...options,
      warmup: scenario.warmup ?? options.warmup,
    });
    console.warn(`  ${timing.name}: p50 ${ms(timing.p50)} ms, p95 ${ms(timing.p95)} ms (${timing.iterations} runs)`);
    timings.push(timing);
    if (args.explain) {
      const [slowest] = await explain(await recordStatements(() => scenario.run(0)));
      if (slowest) plans[scenario.name] = `${slowest.text}\n\n${slowest.plan}`;
    }
  }
  // The detail scenario counted views in memory; a clean shutdown writes them before the database closes.
  await flushViews(database.db);
  // The owner scenario leaves 1,000 dead listings per run at the newest end of every index, and pages that a vacuum
  // has not marked all-visible; autovacuum (the server's maintenance on PGlite) clears them within a minute on a live
  // site (migration 0023), so the HTTP runs start after that pass rather than reading its leftovers.
  for (const { table, ms: took } of await maintainTables(database.db))
    console.warn(`  vacuumed ${table} after the scenarios (${took} ms)`);
  await database.close();

  let http;
  if (args.http) {
    const server = await startServer({ port: await freePort(), dataDir, databaseUrl });
    try {
      http = await httpBench(server, {
        connections: Number(args.connections),
        seconds: Number(args.duration),
        chosen,
      });
    } finally {
      await server.stop();
    }
  }

  const load = `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`;
  const report = { db: args.db, load, listings: seeded.listings, seedSeconds: seeded.seconds, timings, plans, http };
  fs.mkdirSync(path.join(ROOT, 'data/bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'data/bench/results', `${args.db}-${size}.json`), JSON.stringify(report, null, 2));

  print(`\n### ${args.db === 'pg' ? 'PostgreSQL' : 'PGlite'}, ${seeded.listings.toLocaleString('en')} listings\n`);
  if (!seeded.reused) print(`Seeded in ${seeded.seconds.toFixed(0)} s.\n`);
  print(`Load average (1 min) from start to end: ${load} on ${os.cpus().length} cores.\n`);
  print('| Query (in process, one at a time) | runs | p50 ms | p95 ms | p99 ms |');
  print('| --- | ---: | ---: | ---: | ---: |');
  for (const t of timings) print(`| ${t.name} | ${t.iterations} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.p99)} |`);
  if (http) {
    // CPU per request shows what the cores allow: 50 clients wait about 50 / throughput, whatever the query costs.
    const cpu = (v: number | null) => (v === null ? '–' : v.toFixed(2));
    const postgresCpu = (v: number | null) => (args.db === 'pg' ? cpu(v) : 'in server');
    print(
      `\n| HTTP, ${args.connections} connections, ${args.duration} s | req/s | p50 ms | p95 ms | p99 ms | failed | server CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req |`,
    );
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of http.results)
      print(
        `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.failures} | ${cpu(r.serverCpuMs)} | ${postgresCpu(r.postgresCpuMs)} | ${cpu(r.loadGeneratorCpuMs)} |`,
      );
    print('\n| SSR page | SSR req/s | static req/s | SSR / static |');
    print('| --- | ---: | ---: | ---: |');
    for (const r of http.ratios)
      print(
        `| ${r.page} | ${r.ssrRequestsPerSecond.toFixed(0)} | ${r.staticRequestsPerSecond.toFixed(0)} | ${(r.ratio * 100).toFixed(1)} % |`,
      );
  }
  for (const [name, plan] of Object.entries(plans))
    print(`\n#### Slowest statement of "${name}"\n\n\`\`\`\n${plan}\n\`\`\``);
}

await main();
