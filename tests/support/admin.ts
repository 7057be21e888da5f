import { and, desc, eq } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/password.ts';
import { dropCachedReads } from '../../src/server/cache/read-cache.ts';
import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { createUser } from './factories.ts';
import { ADMIN, type TestApp } from './test-app.ts';

/** Signs the seeded admin in through the API, as a console client would: the bearer token. */
export async function adminToken(app: TestApp): Promise<string> {
  const res = await app.call('POST', '/api/user_signup', {
    body: { logintype: 'email', email: ADMIN.email, password: ADMIN.password },
    ip: '198.51.100.7',
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** A user who can sign in with a password, with a live session: `{ user, token, email, password }`. */
export async function userWithPassword(db: Database, overrides: Partial<typeof s.users.$inferInsert> = {}) {
  const password = 'secret-pass';
  const user = await createUser(db, { passwordHash: await hashPassword(password), ...overrides });
  const { token } = await startSession(db, user.id, { userAgent: null, ip: null });
  return { user, token, email: user.email!, password };
}

/**
 * Writes a site setting directly (demo mode, auto-approval): the console cannot be the way to switch demo off.
 * It stands for a console write, so it drops the shared public reads as a write request would.
 */
export async function setSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db.insert(s.settings).values({ key, value }).onConflictDoUpdate({ target: s.settings.key, set: { value } });
  dropCachedReads();
}

export async function auditRows(db: Database, entity: string, entityId: number | string) {
  return db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entity, entity), eq(s.auditLog.entityId, String(entityId))))
    .orderBy(desc(s.auditLog.id));
}

export async function countAuditRows(db: Database): Promise<number> {
  return (await db.select({ id: s.auditLog.id }).from(s.auditLog)).length;
}

export async function propertyRow(db: Database, id: number) {
  const [row] = await db.select().from(s.properties).where(eq(s.properties.id, id));
  return row!;
}

export async function projectRow(db: Database, id: number) {
  const [row] = await db.select().from(s.projects).where(eq(s.projects.id, id));
  return row!;
}

export async function userRow(db: Database, id: number) {
  const [row] = await db.select().from(s.users).where(eq(s.users.id, id));
  return row!;
}

export async function createAdvertisement(
  db: Database,
  values: { userId: number } & Partial<typeof s.advertisements.$inferInsert>,
) {
  const [row] = await db.insert(s.advertisements).values(values).returning();
  return row!;
}

export async function advertisementRow(db: Database, id: number) {
  const [row] = await db.select().from(s.advertisements).where(eq(s.advertisements.id, id));
  return row!;
}

export async function createReport(db: Database, values: { userId: number; propertyId: number; reasonId?: number }) {
  const [row] = await db.insert(s.reports).values(values).returning();
  return row!;
}

export async function reportRow(db: Database, id: number) {
  const [row] = await db.select().from(s.reports).where(eq(s.reports.id, id));
  return row!;
}

/** An application waiting for review, as apply-agent-verification leaves it. */
export async function createVerificationRequest(db: Database, userId: number) {
  await db.update(s.users).set({ verificationStatus: 'pending' }).where(eq(s.users.id, userId));
  const [row] = await db.insert(s.agentVerificationRequests).values({ userId, status: 'pending' }).returning();
  return row!;
}

export async function verificationRequestRow(db: Database, id: number) {
  const [row] = await db.select().from(s.agentVerificationRequests).where(eq(s.agentVerificationRequests.id, id));
  return row!;
}
