import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { sessions, users } from '../db/schema/index.ts';

/**
 * Every signed-in request looks its session up: prepared once per database (db/prepared.ts). Found whether or not
 * it is still live, so that a session that ended can say why (its account was deactivated).
 */
const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.type,
      isActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token'),
);

export async function findSessionByToken(db: Executor, tokenHash: string) {
  const [row] = await sessionByToken(db).execute({ tokenHash });
  return row ?? null;
}

export async function insertSession(
  db: Executor,
  values: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string | null; ip: string | null },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!;
}

export async function touchSession(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Executor, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
