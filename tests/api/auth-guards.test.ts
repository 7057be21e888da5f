import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin, requireUser } from '../../src/server/api/middleware/auth.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser } from '../support/factories.ts';

let app: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp();
  // Probe routes behind the guards the real login-required and admin calls use.
  app.api.get('/probe/user', requireUser, (c) => c.json({ error: false, message: '', data: { id: c.var.user!.id } }));
  app.api.post('/probe/admin', requireAdmin, (c) => c.json({ error: false, message: '', data: { ok: true } }));
  const user = await createUser(app.database.db);
  userToken = (await startSession(app.database.db, user.id, { userAgent: null, ip: null })).token;
  const [admin] = await app.database.db.select().from(users).where(eq(users.type, 'admin'));
  adminToken = (await startSession(app.database.db, admin!.id, { userAgent: null, ip: null })).token;
});

describe('guards', () => {
  it('login-required calls answer 401 to anonymous callers and serve a signed-in one', async () => {
    const anonymous = await app.call('GET', '/api/probe/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      error: true,
      message: 'Please sign in to continue.',
      data: { code: 'unauthenticated' },
    });
    const signedIn = await app.call('GET', '/api/probe/user', { token: userToken });
    expect(signedIn.status).toBe(200);
  });

  it('admin calls answer 401 anonymous, 403 "Admin Only Operation" to users, and serve admins', async () => {
    expect((await app.call('POST', '/api/probe/admin')).status).toBe(401);
    const asUser = await app.call('POST', '/api/probe/admin', { token: userToken });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ error: true, message: 'Admin Only Operation', data: { code: 'admin_only' } });
    expect((await app.call('POST', '/api/probe/admin', { token: adminToken })).status).toBe(200);
  });

  it('a bearer-token write needs no Origin header (API clients are not browsers)', async () => {
    expect(
      (
        await app.call('POST', '/api/probe/admin', {
          token: adminToken,
          headers: { origin: 'https://elsewhere.example' },
        })
      ).status,
    ).toBe(200);
  });

  it('a revoked session is refused', async () => {
    const user = await createUser(app.database.db);
    const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
    const { endSession, resolveSession } = await import('../../src/server/services/session-service.ts');
    const { user: sessionUser } = await resolveSession(app.database.db, token);
    await endSession(app.database.db, sessionUser!);
    expect((await app.call('GET', '/api/probe/user', { token })).status).toBe(401);
  });
});
