import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { sidePort } from '../support/ports.ts';
import { adminQuery, databaseUrl, npm, post, register, signIn, withServer } from '../support/standalone.ts';

/*
 * `npm run backup` and `npm run restore` on both databases: back up, change things (a new account, a renamed
 * one, a deleted upload), restore, and the change is gone while the backed-up data is back.
 */
// A port per database: the two tests may run at the same time.
const PORTS = { embedded: sidePort(17), postgresql: sidePort(18) };

/** A backup archive holding these files. */
function writeArchive(file: string, files: Record<string, string | Buffer>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-archive-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  execFileSync('tar', ['-cf', file, '-C', dir, '.']);
  fs.rmSync(dir, { recursive: true });
  return file;
}

/**
 * Backup archives that cannot be restored: a database part that is not a database, for both kinds, and for
 * PostgreSQL a real dump whose data breaks a foreign key, so the restore fails near its end, after the schemas were
 * dropped and most of the tables loaded; the transaction must undo all of it.
 */
async function writeBrokenBackups(kind: 'embedded' | 'postgresql', base: string, dbName: string) {
  if (kind === 'embedded') return [writeArchive(`${base}.garbage`, { 'database.tar': 'not a database' })];
  const url = databaseUrl(dbName);
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE parent (id integer PRIMARY KEY);
    CREATE TABLE child (parent_id integer REFERENCES parent (id));
    ALTER TABLE child DISABLE TRIGGER ALL;
    INSERT INTO child VALUES (1);`);
  await client.end();
  const dump = execFileSync('pg_dump', ['--format=custom', url]);
  await adminQuery(`DROP DATABASE ${dbName}`);
  return [
    writeArchive(`${base}.garbage`, { 'database.dump': 'not a dump' }),
    writeArchive(`${base}.broken-key`, { 'database.dump': dump }),
  ];
}

for (const kind of ['embedded', 'postgresql'] as const) {
  test(`backup and restore bring the ${kind} database and the uploads back`, async () => {
    test.setTimeout(180_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-backup-${kind}-`));
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar`);
    const dbName = `backup_test_${randomBytes(4).toString('hex')}`;
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === 'postgresql') {
      env['DATABASE_URL'] = databaseUrl(dbName);
      await adminQuery(`CREATE DATABASE ${dbName}`);
    }
    const upload = path.join(dataDir, 'uploads', 'kept', 'photo.txt');
    const broken: string[] = [];
    try {
      broken.push(...(await writeBrokenBackups(kind, file, `${dbName}_broken`)));
      const kept = await withServer(PORTS[kind], env, async (base) => {
        const reply = await register(base, 'kept@example.com', 'Kept Name');
        expect(reply.status).toBe(200);
        return reply.body.data.token as string;
      });
      fs.mkdirSync(path.dirname(upload), { recursive: true });
      fs.writeFileSync(upload, 'a stored file');

      npm('backup', [file], env);

      // The changes a restore must undo.
      await withServer(PORTS[kind], env, async (base) => {
        expect((await register(base, 'later@example.com', 'Later')).status).toBe(200);
        expect((await post(base, '/api/update_profile', { name: 'Renamed' }, kept)).status).toBe(200);
      });
      fs.rmSync(upload);

      npm('restore', [file], env);

      // A backup that cannot be loaded fails the command and leaves the restored data as it is.
      for (const archive of broken) expect(() => npm('restore', [archive], env)).toThrow(/restore failed/);

      await withServer(PORTS[kind], env, async (base) => {
        expect((await signIn(base, 'later@example.com')).status).toBe(401);
        const back = await signIn(base, 'kept@example.com');
        expect(back.status).toBe(200);
        expect(back.body.data.name).toBe('Kept Name');
      });
      expect(fs.readFileSync(upload, 'utf8')).toBe('a stored file');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(file, { force: true });
      for (const archive of broken) fs.rmSync(archive, { force: true });
      if (kind === 'postgresql') {
        for (const name of [dbName, `${dbName}_broken`])
          await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  });
}
