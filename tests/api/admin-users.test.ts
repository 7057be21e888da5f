import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { createProject, createProperty, createSignedInUser, createUser, seedCatalog } from '../support/factories.ts';
import { adminToken, auditRows, countAuditRows, setSetting, userRow, userWithPassword } from '../support/admin.ts';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let admin: string;
let adminId: number;
const db = () => app.database.db;
const get = (url: string, token = admin) => app.call('GET', url, { token });
const post = (url: string, token = admin) => app.call('POST', url, { token });
const signIn = (email: string, password: string) =>
  app.call('POST', '/api/user_signup', { body: { logintype: 'email', email, password }, ip: '198.51.100.20' });

beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
  adminId = (await get('/api/admin/users?role=admin')).body.data.items[0].id;
});

describe('finding users', () => {
  it('searches by name, email or mobile, filters by role and active state, and pages', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const zoe = await createUser(db(), {
      name: `Zoe ${tag}`,
      mobile: `+1555${tag.length}0000${String(Date.now()).slice(-3)}`,
    });
    const agent = await createUser(db(), { name: `Agent ${tag}`, email: `broker-${tag}@example.com`, type: 'agent' });
    const gone = await createUser(db(), { name: `Gone ${tag}`, isActive: false });

    const byName = await get(`/api/admin/users?search=${encodeURIComponent(`zoe ${tag}`)}`);
    expect(byName.status).toBe(200);
    expect(byName.body.data.items.map((u: { id: number }) => u.id)).toEqual([zoe.id]);
    expect(byName.body.data.items[0]).not.toHaveProperty('password_hash');
    const byEmail = await get(`/api/admin/users?search=broker-${tag}`);
    expect(byEmail.body.data.items.map((u: { id: number }) => u.id)).toEqual([agent.id]);
    const byMobile = await get(`/api/admin/users?search=${encodeURIComponent(zoe.mobile!)}`);
    expect(byMobile.body.data.items.map((u: { id: number }) => u.id)).toEqual([zoe.id]);

    const agents = await get(`/api/admin/users?role=agent&search=${tag}`);
    expect(agents.body.data.items.map((u: { id: number }) => u.id)).toEqual([agent.id]);
    const inactive = await get(`/api/admin/users?active=0&search=${tag}`);
    expect(inactive.body.data.items.map((u: { id: number }) => u.id)).toEqual([gone.id]);
    const active = await get(`/api/admin/users?active=1&search=${tag}`);
    expect(active.body.data.items.map((u: { id: number }) => u.id).sort()).toEqual([zoe.id, agent.id].sort());

    const first = await get(`/api/admin/users?search=${tag}&limit=2`);
    const second = await get(`/api/admin/users?search=${tag}&limit=2&offset=2`);
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.items).toHaveLength(2);
    expect(second.body.data.items).toHaveLength(1);
    // Wildcards are literal characters.
    expect((await get('/api/admin/users?search=%25')).body.data.total).toBe(0);
  });

  it("shows a user's listings, verification, live sessions and blocks", async () => {
    const catalog = await seedCatalog(db());
    const { user } = await createSignedInUser(db(), { verificationStatus: 'pending' });
    await startAnotherSession(user.id);
    await createProperty(db(), { ownerId: user.id, categoryId: catalog.apartment.id });
    await createProperty(db(), { ownerId: user.id, categoryId: catalog.apartment.id, adminStatus: 'pending' });
    await createProject(db(), { ownerId: user.id, categoryId: catalog.villa.id });
    const pest = await createUser(db(), { name: 'Pest' });
    await db()
      .insert(s.blockedUsers)
      .values([
        { blockerId: user.id, blockedId: pest.id, reason: 'Spam' },
        { blockerId: pest.id, blockedId: user.id },
        { blockerId: user.id, toAdmin: true },
      ]);
    const res = await get(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      is_active: true,
      verification_status: 'pending',
      property_count: 2,
      project_count: 1,
      live_session_count: 2,
      can_deactivate: true,
    });
    const blocks = res.body.data.blocks as { direction: string; blocked: { id: number } | null; to_admin: boolean }[];
    expect(blocks).toHaveLength(3);
    expect(blocks.filter((b) => b.direction === 'by_user')).toHaveLength(2);
    expect(blocks.find((b) => b.to_admin)?.blocked).toBeNull();
    expect(blocks.find((b) => b.direction === 'of_user')).toMatchObject({ blocker: { id: pest.id, name: 'Pest' } });
    expect((await get('/api/admin/users/99999999')).status).toBe(404);
  });
});

async function startAnotherSession(userId: number) {
  const { startSession } = await import('../../src/server/services/session-service.ts');
  return (await startSession(db(), userId, { userAgent: null, ip: null })).token;
}

describe('deactivating and reactivating', () => {
  it('signs the user out everywhere, refuses their sign-in, and is audited', async () => {
    const account = await userWithPassword(db());
    const second = await startAnotherSession(account.user.id);
    expect((await app.call('GET', '/api/get-added-properties', { token: account.token })).status).toBe(200);

    const res = await post(`/api/admin/users/${account.user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: account.user.id, is_active: false });
    for (const token of [account.token, second]) {
      const refused = await app.call('GET', '/api/get-added-properties', { token });
      expect(refused.status).toBe(401);
    }
    const signIn1 = await signIn(account.email, account.password);
    expect(signIn1.status).toBe(401);
    expect(signIn1.body).toMatchObject({
      message: 'Your Account have been Deactivetd by Admin',
      data: { code: 'account_deactivated' },
    });
    expect((await get(`/api/admin/users/${account.user.id}`)).body.data).toMatchObject({
      is_active: false,
      live_session_count: 0,
      can_deactivate: false,
    });
    const [audit] = await auditRows(db(), 'user', account.user.id);
    expect(audit).toMatchObject({
      action: 'user.deactivate',
      actorId: adminId,
      before: { is_active: true, live_sessions: 2 },
      after: { is_active: false, live_sessions: 0, revoked_sessions: 2 },
    });
    expect((await post(`/api/admin/users/${account.user.id}/deactivate`)).status).toBe(409);

    const back = await post(`/api/admin/users/${account.user.id}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body.data.is_active).toBe(true);
    // Old sessions stay revoked; signing in works again.
    expect((await app.call('GET', '/api/get-added-properties', { token: account.token })).status).toBe(401);
    expect((await signIn(account.email, account.password)).status).toBe(200);
    expect((await auditRows(db(), 'user', account.user.id))[0]).toMatchObject({
      action: 'user.reactivate',
      before: { is_active: false },
      after: { is_active: true },
    });
    expect((await post(`/api/admin/users/${account.user.id}/reactivate`)).status).toBe(409);
  });

  it('refuses to deactivate yourself or another admin', async () => {
    const self = await post(`/api/admin/users/${adminId}/deactivate`);
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({
      message: 'You cannot deactivate your own account.',
      data: { code: 'forbidden' },
    });
    const other = await createUser(db(), { type: 'admin' });
    const res = await post(`/api/admin/users/${other.id}/deactivate`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Admin accounts cannot be deactivated.');
    expect((await userRow(db(), other.id)).isActive).toBe(true);
    expect((await userRow(db(), adminId)).isActive).toBe(true);
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
    expect((await post('/api/admin/users/99999999/deactivate')).status).toBe(404);
  });

  it('changes nothing in demo mode', async () => {
    const account = await userWithPassword(db());
    const gone = await createUser(db(), { isActive: false });
    const audits = await countAuditRows(db());
    await setSetting(db(), 'demo_mode', true);
    try {
      for (const url of [`/api/admin/users/${account.user.id}/deactivate`, `/api/admin/users/${gone.id}/reactivate`]) {
        const res = await post(url);
        expect(res.status, url).toBe(403);
        expect(res.body.data.code, url).toBe('demo_mode');
      }
      expect((await userRow(db(), account.user.id)).isActive).toBe(true);
      expect((await userRow(db(), gone.id)).isActive).toBe(false);
      expect((await app.call('GET', '/api/get-added-properties', { token: account.token })).status).toBe(200);
      expect(await countAuditRows(db())).toBe(audits);
    } finally {
      await setSetting(db(), 'demo_mode', false);
    }
  });
});
