import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { migrateUpTo } from '../support/migrations-before.ts';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app.ts';

// Migration 0019 moved verification answers from the user to the application: answers already given must stay
// visible, under the user's latest application, to the admin and to the applicant.
const MIGRATION = '0019_verification_answers_per_request';

let app: TestApp;
const ids = { failedUser: 0, pendingUser: 0, oldRequest: 0, latestRequest: 0, field: 0, orphanUser: 0 };

async function rowsOf<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      migrate: async (database) => {
        await migrateUpTo(database, MIGRATION);
        // Rows in the old shape: answers kept per user.
        const one = async (query: ReturnType<typeof sql>) => (await rowsOf<{ id: number }>(database, query))[0]!.id;
        ids.field = await one(
          sql`insert into agent_verification_fields (name, field_type) values ('Licence number', 'text') returning id`,
        );
        ids.pendingUser = await one(
          sql`insert into users (name, email, slug, verification_status) values ('Ana', 'ana-m@example.com', 'ana-m', 'pending') returning id`,
        );
        ids.oldRequest = await one(
          sql`insert into agent_verification_requests (user_id, status, fail_reason, created_at)
              values (${ids.pendingUser}, 'failed', 'Unreadable.', now() - interval '10 days') returning id`,
        );
        ids.latestRequest = await one(
          sql`insert into agent_verification_requests (user_id, status) values (${ids.pendingUser}, 'pending') returning id`,
        );
        ids.orphanUser = await one(
          sql`insert into users (name, email, slug) values ('Rui', 'rui-m@example.com', 'rui-m') returning id`,
        );
        await database.db.execute(
          sql`insert into agent_verification_values (user_id, field_id, value) values
              (${ids.pendingUser}, ${ids.field}, '"LIC-777"'::jsonb), (${ids.orphanUser}, ${ids.field}, '"LIC-1"'::jsonb)`,
        );
        await database.migrate();
      },
    },
  );
});

describe(`migration ${MIGRATION}`, () => {
  it("keeps the answers, under the user's latest application, for the admin and the applicant", async () => {
    const signIn = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: ADMIN.email, password: ADMIN.password },
    });
    const adminToken = signIn.body.data.token;
    const latest = await app.call('GET', `/api/admin/verification-requests/${ids.latestRequest}`, {
      token: adminToken,
    });
    expect(latest.body.data.answers).toMatchObject([{ field_id: ids.field, value: 'LIC-777' }]);

    const { token } = await startSession(app.database.db, ids.pendingUser, { userAgent: null, ip: null });
    const own = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    expect(own.body.data).toMatchObject({ status: 'pending', values: [{ field_id: ids.field, value: 'LIC-777' }] });
  });

  it('makes an application of answers that had none, so nothing is lost', async () => {
    const requests = await rowsOf<{ id: number; status: string }>(
      app.database,
      sql`select id, status from agent_verification_requests where user_id = ${ids.orphanUser}`,
    );
    expect(requests).toMatchObject([{ status: 'pending' }]);
    const users = await rowsOf<{ verification_status: string }>(
      app.database,
      sql`select verification_status from users where id = ${ids.orphanUser}`,
    );
    expect(users[0]!.verification_status).toBe('pending');
    const values = await rowsOf<{ value: unknown }>(
      app.database,
      sql`select value from agent_verification_values where request_id = ${requests[0]!.id}`,
    );
    expect(values).toEqual([{ value: 'LIC-1' }]);
  });
});
