import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../auth/tokens.ts';
import { deleteSessionPushSubscriptions, deleteUserPushSubscriptions } from '../repositories/push-repository.ts';
import {
  findLiveSession,
  insertSession,
  revokeAllSessions,
  revokeSession,
  touchSession,
} from '../repositories/session-repository.ts';

// Writing last-used on every request would turn reads into writes; once a minute is enough for "active sessions".
const TOUCH_INTERVAL_MS = 60_000;

/** The user behind a token, or null when the token is unknown, expired or revoked. */
export async function resolveSession(db: Database, token: string, now = new Date()): Promise<SessionUser | null> {
  const row = await findLiveSession(db, hashToken(token), now);
  if (!row) return null;
  if (!row.isActive) throw new AppError('account_deactivated', 401, 'errors.account_deactivated');
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(db, row.sessionId, now);
  return { id: row.userId, sessionId: row.sessionId, name: row.name, email: row.email, role: row.role };
}

export async function startSession(
  db: Database,
  userId: number,
  client: { userAgent: string | null; ip: string | null },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { userId, tokenHash: hash, expiresAt, ...client });
  return { token, expiresAt };
}

/**
 * Signs this session out, and forgets the push subscription of the browser it subscribed (without JavaScript,
 * sign-out cannot ask the browser to drop it).
 */
export async function endSession(db: Database, user: SessionUser, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId, now);
    await deleteSessionPushSubscriptions(tx, user.sessionId);
  });
}

/**
 * Ends every session of the user (a password reset, a deactivation, the account's deletion) and forgets their
 * browsers' push subscriptions: a browser signed in before must not go on receiving their messages' previews.
 */
export async function signOutEverywhere(tx: Executor, userId: number, now: Date) {
  await revokeAllSessions(tx, userId, now);
  await deleteUserPushSubscriptions(tx, userId);
}
