import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { assertNotDemo } from './demo-mode.ts';

export const adminOnlyError = () => new AppError('admin_only', 403, 'errors.admin_only');

/** Admin services check their caller themselves, whatever route or page reached them. */
export function assertAdmin(actor: SessionUser | null): asserts actor is SessionUser {
  if (!actor) throw AppError.unauthenticated();
  if (actor.role !== 'admin') throw adminOnlyError();
}

/**
 * What an admin page does with its visitor: the admin to serve, or 'anonymous' (send to sign in) or 'forbidden'
 * (a signed-in non-admin: the 403 "Admin Only Operation" page).
 */
export function adminPageUser(user: SessionUser | null): SessionUser | 'anonymous' | 'forbidden' {
  if (!user) return 'anonymous';
  return user.role === 'admin' ? user : 'forbidden';
}

/**
 * Every change the console makes goes through here: the caller must be an admin, the site must not be in demo
 * mode, and the change, its audit row (recordAudit) and anything else it writes share one transaction.
 */
export async function adminMutation<T>(
  db: Database,
  actor: SessionUser | null,
  work: (tx: Executor, admin: SessionUser) => Promise<T>,
): Promise<T> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await assertNotDemo(tx);
    return work(tx, actor);
  });
}
