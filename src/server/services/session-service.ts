import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../auth/tokens.ts';
import { deleteSessionPushSubscriptions, deleteUserPushSubscriptions } from '../repositories/push-repository.ts';
import { forgetFcmId } from '../repositories/user-repository.ts';
import {
  findSessionByToken,
  insertSession,
  revokeAllSessions,
  revokeSession,
  touchSession,
} from '../repositories/session-repository.ts';

// Writing last-used on every request would turn reads into writes; once a minute is enough for "active sessions".
const TOUCH_INTERVAL_MS = 60_000;

/** Why a token signs nobody in: it is unknown, expired or revoked, or its account was deactivated. */
export type SessionEnd = 'invalid' | 'deactivated';
export type SessionLookup = { user: SessionUser; ended: null } | { user: null; ended: SessionEnd };

export const accountDeactivatedError = () => new AppError('account_deactivated', 401, 'errors.account_deactivated');

/** What a login-required call answers to a session that ended. */
export const sessionEndedError = (ended: SessionEnd) =>
  ended === 'deactivated' ? accountDeactivatedError() : AppError.unauthenticated('errors.invalid_token');

/**
 * The user behind a token, or why there is none. Deactivation revokes every session, so a session of an account
 * that is inactive now says so (the spec's "Your Account have been Deactivetd by Admin"), whatever else ended it.
 */
export async function resolveSession(db: Database, token: string, now = new Date()): Promise<SessionLookup> {
  const row = await findSessionByToken(db, hashToken(token));
  if (!row) return { user: null, ended: 'invalid' };
  if (!row.isActive) return { user: null, ended: 'deactivated' };
  if (row.revokedAt || row.expiresAt <= now) return { user: null, ended: 'invalid' };
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(db, row.sessionId, now);
  return {
    user: { id: row.userId, sessionId: row.sessionId, name: row.name, email: row.email, role: row.role },
    ended: null,
  };
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
 * sign-out cannot ask the browser to drop it). An app signing out (before-logout) also has its push token
 * forgotten: the one it names when it is the user's, or the user's when it names none.
 */
export async function endSession(
  db: Database,
  user: SessionUser,
  options: { forgetAppPushToken?: { fcmId: string | undefined }; now?: Date } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId, options.now ?? new Date());
    await deleteSessionPushSubscriptions(tx, user.sessionId);
    if (options.forgetAppPushToken) await forgetFcmId(tx, user.id, options.forgetAppPushToken.fcmId);
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
