import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { adminToken } from '../support/admin.ts';
import { migrateUpTo } from '../support/migrations-before.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Migration 0021 gave the audit log the subject's name (entity_label). Rows written before it get the name their
// subject has now, where it is still there; a subject already deleted stays a number.
const MIGRATION = '0021_audit_entity_labels';

let app: TestApp;
const ids = { user: 0, article: 0, language: 0 };

async function one(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows[0]!.id;
}

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      migrate: async (database) => {
        await migrateUpTo(database, MIGRATION);
        ids.user = await one(
          database,
          sql`insert into users (name, email, slug) values ('Lena Old', 'lena-old@example.com', 'lena-old') returning id`,
        );
        ids.article = await one(
          database,
          sql`insert into articles (title, slug, description) values ('Moving checklist', 'moving-checklist', '<p>x</p>') returning id`,
        );
        ids.language = await one(
          database,
          sql`insert into languages (code, name, native_name) values ('pt', 'Portuguese', 'Português') returning id`,
        );
        await database.db.execute(sql`insert into audit_log (action, entity, entity_id) values
          ('user.deactivate', 'user', ${String(ids.user)}),
          ('article.update', 'article', ${String(ids.article)}),
          ('language.create', 'language', ${String(ids.language)}),
          ('property.approve', 'property', '2000000000'),
          ('settings.update', 'settings', null)`);
        await database.migrate();
      },
    },
  );
});

describe(`migration ${MIGRATION}`, () => {
  it('names the subjects of earlier rows as they are now, and leaves the gone ones unnamed', async () => {
    const log = await app.call('GET', '/api/admin/audit-log?limit=100', { token: await adminToken(app) });
    type Entry = { action: string; entity_label: string | null; entity_url: string | null; entity_deleted: boolean };
    const entry = (action: string) => (log.body.data.items as Entry[]).find((i) => i.action === action);
    expect(entry('user.deactivate')).toMatchObject({
      entity_label: 'Lena Old (lena-old@example.com)',
      entity_url: `/admin/users/${ids.user}`,
    });
    expect(entry('article.update')).toMatchObject({
      entity_label: 'Moving checklist',
      entity_url: `/admin/content/articles/${ids.article}`,
    });
    expect(entry('language.create')).toMatchObject({ entity_label: 'Portuguese (pt)' });
    expect(entry('property.approve')).toMatchObject({ entity_label: null, entity_url: null, entity_deleted: true });
    expect(entry('settings.update')).toMatchObject({ entity_label: null, entity_url: null, entity_deleted: false });
  });
});
