import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, userWithPassword } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Read once per process (src/server/env.ts): set before anything reads it. The database's setting stays off.
process.env['DEMO_MODE'] = 'true';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

describe('DEMO_MODE=true', () => {
  it('turns demo mode on whatever the setting says', async () => {
    const user = await userWithPassword(app.database.db);
    const write = await app.call('POST', '/api/update_profile', { token: user.token, body: { name: 'Renamed' } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({
      message: 'This Action is Not Allowed in Demo Mode',
      data: { code: 'demo_mode' },
    });
    expect((await app.call('GET', '/api/web-settings')).body.data.demo_mode).toBe(true);
    const admin = await adminToken(app);
    expect((await app.call('GET', '/api/admin/dashboard', { token: admin })).body.data.demo_mode).toBe(true);
    // The console cannot switch it off: the environment decides.
    const off = await app.call('POST', '/api/admin/settings', { token: admin, body: { demo_mode: false } });
    expect(off.body.data.code).toBe('demo_mode');
  });
});
