// Backup and restore: `npm run backup -- <file>` and `npm run restore -- <file>` (docs/deployment.md).
// One .tar holds the database and the uploads directory:
//   database.tar    the PGlite data directory (PGlite's dumpDataDir), or
//   database.dump   a pg_dump custom-format dump when DATABASE_URL is set (pg_restore reads it back),
//   uploads/        DATA_DIR/uploads (with STORAGE_DRIVER=s3 the files live in the bucket: back that up there).
// The embedded database is single-process: both commands take its lock, so stop the server first.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDirectoryLock } from '../src/server/db/lock.ts';

const [command, file] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command) || !file) {
  console.error('usage: npm run backup -- <file.tar> | npm run restore -- <file.tar>');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const pgliteDir = path.join(dataDir, 'pglite');
const uploadsDir = path.join(dataDir, 'uploads');
const databaseUrl = process.env.DATABASE_URL || '';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-backup-'));
const log = (message) =>
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', message }) + '\n');

/** What a PostgreSQL restore replaces: the app's tables and the migration journal (the dump creates both again). */
const REPLACED_SCHEMAS =
  'SET client_min_messages = warning; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE;' +
  ' CREATE SCHEMA public AUTHORIZATION pg_database_owner; GRANT USAGE ON SCHEMA public TO PUBLIC;';

/** Waits for a PostgreSQL client tool to exit cleanly, with a clear message when it is not installed. */
function exited(child, tool) {
  return new Promise((resolve, reject) => {
    child.once('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${tool} was not found: install the PostgreSQL client tools (same major version as the server)`, {
              cause: error,
            })
          : error,
      ),
    );
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** Runs a PostgreSQL client tool to its end, its output on ours. */
const pgTool = (tool, args) => exited(spawn(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] }), tool);

/**
 * pg_restore --clean drops objects one by one and cannot drop a partition's inherited key (property_search is
 * partitioned), so the schemas are dropped whole and the dump, turned into SQL by pg_restore, is streamed into psql,
 * which runs both in one transaction. psql commits when its input ends, so the input is ended only once pg_restore
 * has finished cleanly; if either fails, both are stopped and the database stays as it was. Nothing is written to
 * disk on the way (the SQL of a big database is several times the size of its dump).
 */
async function restorePostgres(dump) {
  const restore = spawn('pg_restore', ['--no-owner', '--file=-', dump], { stdio: ['ignore', 'pipe', 'inherit'] });
  const psql = spawn(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      `--command=${REPLACED_SCHEMAS}`,
      '--file=-',
      `--dbname=${databaseUrl}`,
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  // A psql that stopped early closes its input; its own error says why.
  psql.stdin.on('error', () => {});
  restore.stdout.pipe(psql.stdin, { end: false });
  let psqlError;
  let stopping = false;
  const loaded = exited(psql, 'psql').catch((error) => {
    psqlError = error;
    if (!stopping) restore.kill('SIGKILL');
  });
  try {
    await exited(restore, 'pg_restore');
  } catch (restoreError) {
    const psqlFailedFirst = psqlError;
    stopping = true;
    psql.kill('SIGKILL');
    await loaded;
    throw psqlFailedFirst ?? restoreError;
  }
  psql.stdin.end();
  await loaded;
  if (psqlError) throw psqlError;
}

/** The embedded database's files in a directory: everything but the lock the restore holds. */
const dataFiles = (dir) => fs.readdirSync(dir).filter((entry) => entry !== '.marketplace.lock');
const moveDataFiles = (from, to) => {
  for (const entry of dataFiles(from)) fs.renameSync(path.join(from, entry), path.join(to, entry));
};

async function backup() {
  if (databaseUrl)
    await pgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(work, 'database.dump')}`,
      databaseUrl,
    ]);
  else {
    const release = acquireDirectoryLock(pgliteDir);
    try {
      const db = await PGlite.create(pgliteDir);
      const tarball = await db.dumpDataDir('none');
      await db.close();
      fs.writeFileSync(path.join(work, 'database.tar'), new Uint8Array(await tarball.arrayBuffer()));
    } finally {
      release();
    }
  }
  if (fs.existsSync(uploadsDir)) fs.cpSync(uploadsDir, path.join(work, 'uploads'), { recursive: true });
  execFileSync('tar', ['-cf', path.resolve(file), '-C', work, '.']);
  log(`backup written to ${path.resolve(file)}`);
}

async function restore() {
  execFileSync('tar', ['-xf', path.resolve(file), '-C', work]);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (databaseUrl) {
    const dump = path.join(work, 'database.dump');
    if (!fs.existsSync(dump))
      throw new Error('this backup holds an embedded database; unset DATABASE_URL to restore it');
    await restorePostgres(dump);
  } else {
    const tarball = path.join(work, 'database.tar');
    if (!fs.existsSync(tarball)) throw new Error('this backup holds a PostgreSQL dump; set DATABASE_URL to restore it');
    const release = acquireDirectoryLock(pgliteDir);
    try {
      // The current data stays beside the restored one until you delete it.
      const previous = `${pgliteDir}.before-restore-${stamp}`;
      fs.mkdirSync(previous);
      moveDataFiles(pgliteDir, previous);
      try {
        const db = await PGlite.create(pgliteDir, { loadDataDir: new Blob([fs.readFileSync(tarball)]) });
        await db.query('select 1');
        await db.close();
      } catch (error) {
        // A backup that does not load puts the data it was to replace back in place.
        for (const entry of dataFiles(pgliteDir)) fs.rmSync(path.join(pgliteDir, entry), { recursive: true });
        moveDataFiles(previous, pgliteDir);
        fs.rmdirSync(previous);
        throw error;
      }
      log(`database restored; the previous data is in ${previous}`);
    } finally {
      release();
    }
  }
  const uploads = path.join(work, 'uploads');
  if (fs.existsSync(uploads)) {
    if (fs.existsSync(uploadsDir)) fs.renameSync(uploadsDir, `${uploadsDir}.before-restore-${stamp}`);
    fs.cpSync(uploads, uploadsDir, { recursive: true });
  }
  log(`restored from ${path.resolve(file)}`);
}

try {
  await (command === 'backup' ? backup() : restore());
} catch (error) {
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      message: `${command} failed`,
      error: error.message,
    }),
  );
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
