import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, users } from '../../src/server/db/schema/index.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { createProject, createProperty, createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let busyAgent: { id: number; slug: string };
let verifiedUser: { id: number; slug: string };

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const [category] = await db.insert(categories).values({ name: 'House', slug: 'house' }).returning();
  busyAgent = await createUser(db, { type: 'agent', name: 'Busy Agent', mobile: '+15550001111' });
  const quietAgent = await createUser(db, { type: 'agent', name: 'Quiet Agent' });
  verifiedUser = await createUser(db, { name: 'Verified Owner', verificationStatus: 'success' });
  await createUser(db, { name: 'Plain User' });
  await createUser(db, { type: 'agent', name: 'Gone Agent', isActive: false });
  for (let i = 0; i < 2; i++) await createProperty(db, { ownerId: busyAgent.id, categoryId: category!.id });
  await createProperty(db, { ownerId: busyAgent.id, categoryId: category!.id, adminStatus: 'pending' });
  await createProperty(db, { ownerId: quietAgent.id, categoryId: category!.id, status: 'sold' });
  await createProject(db, { ownerId: busyAgent.id, categoryId: category!.id, title: 'Harbour towers' });
  await createProject(db, { ownerId: busyAgent.id, categoryId: category!.id, adminStatus: 'pending' });
  const admin = (await db.select().from(users).where(eq(users.type, 'admin')))[0]!;
  await createProperty(db, { ownerId: admin.id, categoryId: category!.id, title: 'Site listing' });
});

describe('agent-list', () => {
  it('lists active agents and verified users, verified first, then by live listings, never admins', async () => {
    const res = await app.call('GET', '/api/agent-list');
    expect(res.status).toBe(200);
    const names = res.body.data.items.map((a: { name: string }) => a.name);
    expect(names).toEqual(['Verified Owner', 'Busy Agent', 'Quiet Agent']);
    const busy = res.body.data.items[1];
    expect(busy).toMatchObject({ slug_id: busyAgent.slug, property_count: 2, project_count: 1, is_verified: false });
    expect(res.body.data.items[0]).toMatchObject({ slug_id: verifiedUser.slug, is_verified: true });
  });

  it('shows contact details to signed-in callers only', async () => {
    const anonymous = await app.call('GET', '/api/agent-list');
    expect(anonymous.body.data.items[1]).toMatchObject({ email: null, mobile: null });
    const viewer = await createUser(app.database.db);
    const { token } = await startSession(app.database.db, viewer.id, { userAgent: null, ip: null });
    const signedIn = await app.call('GET', '/api/agent-list', { token });
    expect(signedIn.body.data.items[1]).toMatchObject({ mobile: '+15550001111', email: expect.stringContaining('@') });
    expect(JSON.stringify(signedIn.body)).not.toMatch(/password/i);
  });

  it('pages and refuses bad paging', async () => {
    const res = await app.call('GET', '/api/agent-list?limit=1&offset=1');
    expect(res.body.data).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(res.body.data.items.map((a: { id: number }) => a.id)).toEqual([busyAgent.id]);
    expect((await app.call('GET', '/api/agent-list?limit=0')).status).toBe(422);
  });
});

describe('agent-properties', () => {
  it('gives the agent and a page of their public properties, or projects', async () => {
    const res = await app.call('GET', `/api/agent-properties?slug_id=${busyAgent.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.data.agent).toMatchObject({ name: 'Busy Agent', property_count: 2 });
    expect(res.body.data.listings).toMatchObject({ kind: 'properties', total: 2 });
    const projects = await app.call('GET', `/api/agent-properties?slug_id=${busyAgent.slug}&is_projects=1`);
    expect(projects.body.data.listings).toMatchObject({ kind: 'projects', total: 1 });
    expect(projects.body.data.listings.items[0].title).toBe('Harbour towers');
  });

  it("gives the site's own listings with is_admin", async () => {
    const res = await app.call('GET', '/api/agent-properties?is_admin=1');
    expect(res.body.data.agent.is_admin).toBe(true);
    expect(res.body.data.listings.items.map((p: { title: string }) => p.title)).toEqual(['Site listing']);
  });

  it('needs an agent, and knows only agents', async () => {
    expect((await app.call('GET', '/api/agent-properties')).status).toBe(422);
    expect((await app.call('GET', '/api/agent-properties?slug_id=nobody')).status).toBe(404);
    const plain = await createUser(app.database.db, { name: 'Plain Person' });
    expect((await app.call('GET', `/api/agent-properties?slug_id=${plain.slug}`)).status).toBe(404);
  });
});
