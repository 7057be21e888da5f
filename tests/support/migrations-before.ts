import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from '../../src/server/db/client.ts';

const source = path.resolve('src/server/db/migrations');

/**
 * Migrates the database as far as the migration before `tag`, so a test can write rows in the old shape and then
 * run the rest (database.migrate()) to see what `tag` makes of them.
 */
export async function migrateUpTo(database: DatabaseHandle, tag: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8'));
    const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
    if (cut < 1) throw new Error(`no migration ${tag} after the first`);
    journal.entries = journal.entries.slice(0, cut);
    fs.mkdirSync(path.join(dir, 'meta'));
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries as { tag: string }[])
      fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: dir });
    else await migrateNodePg(database.db as never, { migrationsFolder: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
