import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { sidePort } from '../support/ports.ts';
import { adminQuery, databaseUrl, npm, register, signIn, withServer } from '../support/standalone.ts';

/*
 * `npm run move-to-postgres`: a site started on the embedded database (demo data, a new account signed in) moves
 * to an empty PostgreSQL database; every table holds the same rows there, and the server started on it carries on
 * with the same accounts, sessions, listings and counts.
 */
const PORT = sidePort(19);

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Rows and a digest of every table's contents, the tables that triggers fill included. The map tally's coordinate
 * sums are floating-point sums added in another order on the other side, so they are compared rounded.
 */
async function tableDigests(query: Query): Promise<Record<string, string>> {
  const { rows } =
    await query(`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 1`);
  const digests: Record<string, string> = {};
  for (const { name } of rows as { name: string }[]) {
    const row =
      name === 'property_map_tally'
        ? `(level, cell_row, cell_column, property_type, category_id, listings, round(latitude_sum::numeric, 6),
            round(longitude_sum::numeric, 6))::text`
        : 'r::text';
    const { rows: digest } = await query(
      `select count(*) || ' rows ' || md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${name}" r`,
    );
    digests[name] = String(digest[0]!['digest']);
  }
  return digests;
}

async function embeddedDigests(dataDir: string) {
  const database = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return await tableDigests((text) => database.query(text));
  } finally {
    await database.close();
  }
}

async function postgresDigests(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableDigests((text) => client.query(text));
  } finally {
    await client.end();
  }
}

const homeCounts = async (base: string) => {
  const home = (await (await fetch(`${base}/api/homepage-data`)).json()).data;
  const counted = (items: { name: string; property_count?: number; properties_count?: number }[]) =>
    items.map((item) => `${item.name}: ${item.property_count ?? item.properties_count}`);
  return {
    categories: counted(home.categories),
    cities: counted(home.cities),
    agents: counted(home.agents),
    latest: home.latest_properties.map((p: { slug_id: string }) => p.slug_id),
  };
};

test('move-to-postgres copies the embedded database to PostgreSQL, where the site carries on', async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-move-'));
  const dbName = `move_test_${randomBytes(4).toString('hex')}`;
  const target = databaseUrl(dbName);
  const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' };
  await adminQuery(`CREATE DATABASE ${dbName}`);
  try {
    const before = await withServer(PORT, { ...embedded, SEED_DEMO_DATA: 'true' }, async (base) => {
      const reply = await register(base, 'mover@example.com', 'Mover');
      expect(reply.status).toBe(200);
      const home = await homeCounts(base);
      // The running server holds the embedded database: the move refuses rather than read it under the server.
      // Asked last: the command blocks this process for seconds, longer than the server keeps an idle connection,
      // and a request sent right after it went out on a connection the server had just closed ("other side closed").
      expect(() => npm('move-to-postgres', [target], embedded)).toThrow(/in use by another process/);
      return { token: reply.body.data.token as string, id: reply.body.data.id as number, home };
    });

    expect(npm('move-to-postgres', [target], embedded)).toMatch(/"message":"moved/);
    const moved = await postgresDigests(target);
    expect(moved).toEqual(await embeddedDigests(dataDir));
    expect(Number.parseInt(moved['properties']!, 10)).toBeGreaterThan(100);

    await withServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: target }, async (base) => {
      // The session started on the embedded database is still signed in, and the password still signs in.
      const me = await fetch(`${base}/api/get-user-data`, { headers: { authorization: `Bearer ${before.token}` } });
      expect(me.status).toBe(200);
      expect((await me.json()).data.name).toBe('Mover');
      expect((await signIn(base, 'mover@example.com')).status).toBe(200);
      // New rows take ids after the moved ones.
      const next = await register(base, 'after-move@example.com', 'After Move');
      expect(next.status).toBe(200);
      expect(next.body.data.id).toBeGreaterThan(before.id);
      expect(await homeCounts(base)).toEqual(before.home);
    });

    // A second move into a database that holds data refuses, and changes nothing there.
    const kept = await postgresDigests(target);
    expect(() => npm('move-to-postgres', [target], embedded)).toThrow(/already holds data/);
    expect(await postgresDigests(target)).toEqual(kept);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
});
