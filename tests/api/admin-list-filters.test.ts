import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/server/auth/session-user.ts';
import { asAppError } from '../../src/server/errors.ts';
import { listForReview } from '../../src/server/services/admin-moderation-service.ts';
import { listUsers } from '../../src/server/services/admin-user-service.ts';
import { adminToken } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The console's lists refuse a filter they cannot use (an unknown state, a malformed number) with a 422 and a
// message on that field, as the public lists do, instead of quietly listing everything.

let app: TestApp;
let admin: string;
let adminUser: SessionUser;
/** Every admin list the API documents (a GET under /admin taking `limit`): new lists join by themselves. */
let lists: string[] = [];

const get = (url: string) => app.call('GET', url, { token: admin });

beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
  const doc = (await app.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
  };
  lists = Object.entries(doc.paths)
    .filter(([path, ops]) => path.includes('/admin/') && ops.get?.parameters?.some((p) => p.name === 'limit'))
    .map(([path]) => (path.startsWith('/api/') ? path : `/api${path}`));
  const row = (await app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.type, 'admin') }))!;
  adminUser = { id: row.id, sessionId: 0, name: row.name, email: row.email, role: 'admin' };
});

async function refused(url: string, field: string, message: string) {
  const res = await get(url);
  expect(res.status, url).toBe(422);
  expect(res.body.error, url).toBe(true);
  expect(res.body.data.code, url).toBe('validation_failed');
  expect(res.body.data.fields, url).toEqual({ [field]: [message] });
}

describe('admin lists', () => {
  it('are all found in the OpenAPI document, with their filters spelled out', async () => {
    expect(lists).toEqual(
      expect.arrayContaining([
        '/api/admin/users',
        '/api/admin/properties',
        '/api/admin/projects',
        '/api/admin/featured-requests',
        '/api/admin/verification-requests',
        '/api/admin/reports',
        '/api/admin/audit-log',
        '/api/admin/payments',
        '/api/admin/categories',
        '/api/admin/languages',
      ]),
    );
    const doc = (await app.call('GET', '/api/openapi.json')).body;
    const role = doc.paths['/api/admin/users'].get.parameters.find((p: { name: string }) => p.name === 'role');
    expect(role.schema.enum).toEqual(['user', 'agent', 'admin']);
  });

  it('refuse a malformed limit or offset with a message on it, and serve a large page as the largest', async () => {
    for (const list of lists) {
      // The API's one paging rule (docs/decisions/042): a malformed number is refused, a large page size served as 100.
      const limit = 'Enter a whole number of 1 or more (a page holds at most 100).';
      await refused(`${list}?limit=abc`, 'limit', limit);
      await refused(`${list}?limit=1.5`, 'limit', limit);
      await refused(`${list}?limit=0`, 'limit', limit);
      await refused(`${list}?offset=-1`, 'offset', 'Enter a whole number from 0 to 1000000.');
      await refused(`${list}?offset=x`, 'offset', 'Enter a whole number from 0 to 1000000.');
      expect((await get(`${list}?limit=101`)).body.data.limit, list).toBe(100);
      // Empty is "not given": the defaults.
      const plain = await get(`${list}?limit=&offset=`);
      expect(plain.status, list).toBe(200);
      expect(plain.body.data.offset, list).toBe(0);
      expect(plain.body.data.limit, list).toBe(list.endsWith('/audit-log') ? 50 : 20);
    }
  });

  it.each([
    ['/api/admin/users?role=superuser', 'role', 'Choose one of: user, agent, admin.'],
    ['/api/admin/users?active=maybe', 'active', 'Choose one of: 0, 1, true, false.'],
    ['/api/admin/users?search=' + 'x'.repeat(101), 'search', 'Use at most 100 characters.'],
    ['/api/admin/properties?admin_status=live', 'admin_status', 'Choose one of: pending, approved, rejected, all.'],
    ['/api/admin/projects?admin_status=live', 'admin_status', 'Choose one of: pending, approved, rejected, all.'],
    ['/api/admin/properties?category_id=abc', 'category_id', 'This value is not valid.'],
    ['/api/admin/projects?category_id=0', 'category_id', 'This value is not valid.'],
    ['/api/admin/properties?city=' + 'x'.repeat(101), 'city', 'Use at most 100 characters.'],
    ['/api/admin/featured-requests?status=live', 'status', 'Choose one of: pending, approved, rejected, expired, all.'],
    ['/api/admin/verification-requests?status=done', 'status', 'Choose one of: pending, success, failed, all.'],
    ['/api/admin/reports?status=closed', 'status', 'Choose one of: open, dismissed, actioned, all.'],
    ['/api/admin/payments?status=paid', 'status', 'Choose one of: review, pending, succeeded, failed, canceled.'],
    ['/api/admin/audit-log?entity=Property!', 'entity', 'This value is not in the expected form.'],
    ['/api/admin/categories?search=' + 'x'.repeat(101), 'search', 'Use at most 100 characters.'],
  ])('refuse %s', async (url, field, message) => {
    await refused(url, field, message);
  });

  it('say it in the language asked for', async () => {
    const res = await app.call('GET', '/api/admin/reports?status=closed', {
      token: admin,
      headers: { 'accept-language': 'ar' },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.fields.status[0]).not.toMatch(/Choose one of/);
    expect(res.body.data.fields.status[0]).toContain('open, dismissed, actioned, all');
  });

  it('take every value they offer, and empty filters as none', async () => {
    for (const role of ['user', 'agent', 'admin', ''])
      expect((await get(`/api/admin/users?role=${role}&active=&search=`)).status, role).toBe(200);
    for (const active of ['1', '0', 'true', 'false'])
      expect((await get(`/api/admin/users?active=${active}`)).status, active).toBe(200);
    const admins = await get('/api/admin/users?role=admin&active=1');
    expect(admins.body.data.items.map((u: { id: number }) => u.id)).toEqual([adminUser.id]);
    for (const state of ['pending', 'approved', 'rejected', 'all', ''])
      expect((await get(`/api/admin/properties?admin_status=${state}&category_id=`)).status, state).toBe(200);
    for (const status of ['open', 'dismissed', 'actioned', 'all'])
      expect((await get(`/api/admin/reports?status=${status}`)).status, status).toBe(200);
    expect((await get('/api/admin/payments?status=')).body.data.status).toBe('review');
    expect((await get('/api/admin/audit-log?entity=payment_transaction')).status).toBe(200);
    expect((await get('/api/admin/audit-log?entity=')).status).toBe(200);
  });

  it('are refused the same way when the console pages call the services', async () => {
    const problem = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => null,
        (e: unknown) => e,
      );
      return asAppError(error);
    };
    const role = await problem(listUsers(app.database.db, adminUser, { role: 'superuser', offset: 0, limit: 20 }));
    expect(role?.status).toBe(422);
    expect(role?.fields).toEqual({ role: ['validation.one_of {"values":"user, agent, admin"}'] });
    const state = await problem(listForReview(app.database.db, adminUser, 'property', { admin_status: 'live' }));
    expect(state?.status).toBe(422);
    expect(Object.keys(state?.fields ?? {})).toEqual(['admin_status']);
  });
});
