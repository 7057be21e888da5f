import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, countAuditRows, setSetting, userWithPassword } from '../support/admin.ts';
import { createProperty, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let user: Awaited<ReturnType<typeof userWithPassword>>;
let admin: string;
let propertyId: number;
const db = () => app.database.db;

interface Operation {
  method: string;
  url: string;
}

/** The calls that sign in, up or out: a demo's visitors still get in (to its demo accounts) and out. */
const SIGN_IN_AND_OUT = [
  'POST /api/user_signup',
  'POST /api/user-register',
  'POST /api/verify-otp',
  'POST /api/reset-password',
  'POST /api/logout',
  'POST /api/before-logout',
];
/** The spec's GET calls that change something: paypal starts a payment. */
const WRITES_BY_GET = ['GET /api/paypal'];

/** Every documented call but the console's (tests/api/admin-access.test.ts covers those). */
let writes: Operation[] = [];

const isDemoRefusal = (res: { status: number; body: any }) =>
  res.status === 403 &&
  res.body?.data?.code === 'demo_mode' &&
  res.body?.message === 'This Action is Not Allowed in Demo Mode';

beforeAll(async () => {
  app = await createTestApp();
  user = await userWithPassword(db());
  admin = await adminToken(app);
  const catalog = await seedCatalog(db());
  propertyId = (await createProperty(db(), { ownerId: user.user.id, categoryId: catalog.apartment.id })).id;
  const doc = (await app.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  writes = Object.entries(doc.paths).flatMap(([documented, methods]) => {
    const path = documented.startsWith('/api/') ? documented : `/api${documented}`;
    return Object.entries(methods)
      .filter(([method, op]) => !path.startsWith('/api/admin/') && !op.tags?.includes('admin') && method !== 'get')
      .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') }));
  });
  await setSetting(db(), 'demo_mode', true);
});

afterAll(async () => {
  await setSetting(db(), 'demo_mode', false);
});

const send = (op: Operation, token?: string) =>
  app.call(op.method, op.url, {
    ...(token ? { token } : {}),
    ...(op.method === 'GET' ? {} : { body: { property_id: propertyId, id: propertyId, type: 1 } }),
  });

describe('demo mode, for everyone signed in', () => {
  it('finds the writes in the OpenAPI document', () => {
    const names = writes.map((op) => `${op.method} ${op.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/update_profile',
        'POST /api/post_property',
        'POST /api/add_favourite',
        'POST /api/interested_users',
        'POST /api/send_message',
        'POST /api/add_reports',
        'POST /api/assign_package',
        'POST /api/apply-agent-verification',
        'POST /api/personalised-fields',
        'DELETE /api/personalised-fields',
        'POST /api/delete_user',
        ...SIGN_IN_AND_OUT,
      ]),
    );
  });

  it('refuses every write of a signed-in user with "This Action is Not Allowed in Demo Mode", but signing in and out', async () => {
    const wrong: string[] = [];
    const ops = [...writes, ...WRITES_BY_GET.map((name) => ({ method: 'GET', url: name.split(' ')[1]! }))];
    for (const op of ops) {
      const name = `${op.method} ${op.url}`;
      // Signing out ends the session the other calls use: a session of its own.
      const token = SIGN_IN_AND_OUT.includes(name) ? (await userWithPassword(db())).token : user.token;
      const res = await send(op, token);
      if (SIGN_IN_AND_OUT.includes(name) === isDemoRefusal(res))
        wrong.push(`${name}: ${res.status} ${res.body?.data?.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an admin's writes outside the console too, and changes nothing", async () => {
    const before = await countAuditRows(db());
    const favourite = await app.call('POST', '/api/add_favourite', {
      token: admin,
      body: { property_id: propertyId, type: 1 },
    });
    expect(isDemoRefusal(favourite)).toBe(true);
    const profile = await app.call('POST', '/api/update_profile', { token: user.token, body: { name: 'Renamed' } });
    expect(isDemoRefusal(profile)).toBe(true);
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).body.data.name).toBe(user.user.name);
    expect(await countAuditRows(db())).toBe(before);
  });

  it('lets everyone read, sign in and out, and visitors write as before', async () => {
    for (const url of ['/api/get-user-data', '/api/get_favourite_property', '/api/get_chats', '/api/web-settings'])
      expect((await app.call('GET', url, { token: user.token })).status, url).toBe(200);
    const signedIn = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: user.email, password: user.password },
    });
    expect(signedIn.status).toBe(200);
    expect((await app.call('POST', '/api/logout', { token: signedIn.body.data.token })).status).toBe(200);
    const contact = await app.call('POST', '/api/contct_us', {
      body: {
        first_name: 'Vi',
        last_name: 'Sitor',
        email: 'visitor@example.com',
        subject: 'Hello',
        message: 'A question.',
      },
    });
    expect(contact.status).toBe(200);
    expect((await app.call('GET', '/api/web-settings')).body.data.demo_mode).toBe(true);
  });

  it('a console admin can switch it on, and then not off', async () => {
    await setSetting(db(), 'demo_mode', false);
    const on = await app.call('POST', '/api/admin/settings', { token: admin, body: { demo_mode: true } });
    expect(on.status).toBe(200);
    const off = await app.call('POST', '/api/admin/settings', { token: admin, body: { demo_mode: false } });
    expect(isDemoRefusal(off)).toBe(true);
    expect((await app.call('GET', '/api/admin/dashboard', { token: admin })).body.data.demo_mode).toBe(true);
  });
});
