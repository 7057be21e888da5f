import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../support/factories.ts';
import { adminToken, countAuditRows, setSetting } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let userToken: string;
let admin: string;

interface Operation {
  method: string;
  path: string;
  url: string;
}

/** Every admin call the API documents: paths under /api/admin or operations tagged admin. New calls join by themselves. */
let operations: Operation[] = [];

beforeAll(async () => {
  app = await createTestApp();
  userToken = (await createSignedInUser(app.database.db)).token;
  admin = await adminToken(app);
  const doc = (await app.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => path.replace(/^\/api/, '').startsWith('/admin') || op.tags?.includes('admin'))
      .map(([method, _op]) => {
        const full = path.startsWith('/api/') ? path : `/api${path}`;
        // Path parameters get a plausible id: the guards must answer before any lookup.
        return { method: method.toUpperCase(), path, url: full.replace(/\{[^}]+\}/g, '1') };
      }),
  );
});

const send = (op: Operation, token?: string) =>
  app.call(op.method, op.url, {
    ...(token ? { token } : {}),
    ...(op.method === 'GET' ? {} : { body: { reason: 'Because', days: 30 } }),
  });

describe('admin API guards', () => {
  it('finds the admin calls in the OpenAPI document', () => {
    const names = operations.map((op) => `${op.method} ${op.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard',
        'GET /api/admin/audit-log',
        'GET /api/admin/properties',
        'POST /api/admin/properties/1/approve',
        'POST /api/admin/properties/1/reject',
        'POST /api/admin/projects/1/approve',
        'POST /api/admin/featured-requests/1/approve',
        'POST /api/admin/verification-requests/1/fail',
        'POST /api/admin/reports/1/hide',
        'POST /api/admin/users/1/deactivate',
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it('every admin call answers 401 to anonymous callers', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await send(op);
      if (res.status !== 401 || res.body?.data?.code !== 'unauthenticated')
        wrong.push(`${op.method} ${op.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every admin call answers 403 "Admin Only Operation" to an ordinary user', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await send(op, userToken);
      if (res.status !== 403 || res.body?.message !== 'Admin Only Operation' || res.body?.data?.code !== 'admin_only')
        wrong.push(`${op.method} ${op.url}: ${res.status} ${res.body?.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('serves admins', async () => {
    const res = await app.call('GET', '/api/admin/dashboard', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ users: expect.any(Number), demo_mode: false });
  });
});

describe('demo mode', () => {
  it('refuses every admin write with "This Action is Not Allowed in Demo Mode", and lets reads through', async () => {
    const before = await countAuditRows(app.database.db);
    await setSetting(app.database.db, 'demo_mode', true);
    try {
      const wrong: string[] = [];
      for (const op of operations) {
        const res = await send(op, admin);
        if (op.method === 'GET') {
          if (res.status === 403 || res.status === 401) wrong.push(`${op.method} ${op.url}: ${res.status}`);
        } else if (
          res.status !== 403 ||
          res.body?.data?.code !== 'demo_mode' ||
          res.body?.message !== 'This Action is Not Allowed in Demo Mode'
        )
          wrong.push(`${op.method} ${op.url}: ${res.status} ${res.body?.data?.code}`);
      }
      expect(wrong).toEqual([]);
      // Others are still told who they are, not that the site is a demo.
      const write = operations.find((op) => op.method === 'POST')!;
      expect((await send(write)).status).toBe(401);
      expect((await send(write, userToken)).body.data.code).toBe('admin_only');
      expect(await countAuditRows(app.database.db)).toBe(before);
      expect((await app.call('GET', '/api/admin/dashboard', { token: admin })).body.data.demo_mode).toBe(true);
    } finally {
      await setSetting(app.database.db, 'demo_mode', false);
    }
  });
});
