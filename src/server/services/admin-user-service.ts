import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import * as repo from '../repositories/admin-user-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listChoice, listPaging, listText } from './admin-list-query.ts';
import { recordAudit } from './audit-service.ts';
import { personLabel } from './audit-subjects.ts';
import { signOutEverywhere } from './session-service.ts';

export const USER_ROLES = ['user', 'agent', 'admin'] as const;

export const userQuerySchema = z.object({
  search: listText(100),
  role: listChoice(USER_ROLES),
  /** 1 (or true): active accounts, 0 (or false): deactivated ones, not given: both. */
  active: listChoice(['1', '0', 'true', 'false']),
  ...listPaging(),
});

const userView = (row: repo.AdminUserListRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  type: row.type,
  is_active: row.isActive,
  verification_status: row.verificationStatus,
  slug_id: row.slug,
  created_at: row.createdAt.toISOString(),
});
export type AdminUserView = ReturnType<typeof userView>;

/** Users by name, email or mobile, role and active state; newest first. */
export async function listUsers(db: Database, actor: SessionUser | null, input: unknown) {
  assertAdmin(actor);
  const query = userQuerySchema.parse(input ?? {});
  const { rows, total } = await repo.searchUsers(
    db,
    {
      search: query.search || undefined,
      role: query.role,
      active: query.active === undefined ? undefined : query.active === '1' || query.active === 'true',
    },
    { offset: query.offset, limit: query.limit },
  );
  return { total, offset: query.offset, limit: query.limit, items: rows.map(userView) };
}

/** One user: their account, how much they have on the site, live sessions and blocks (read-only). */
export async function getUserDetail(db: Database, actor: SessionUser | null, id: number, now = new Date()) {
  assertAdmin(actor);
  const user = await repo.findUserSummary(db, id);
  if (!user) throw AppError.notFound('admin.errors.user_not_found');
  const [counts, blocks] = await Promise.all([repo.userActivityCounts(db, id, now), repo.listBlocksOfUser(db, id)]);
  return {
    ...userView(user),
    property_count: counts.properties,
    project_count: counts.projects,
    live_session_count: counts.liveSessions,
    blocks: blocks.map((b) => ({
      id: b.id,
      direction: b.blockerId === id ? ('by_user' as const) : ('of_user' as const),
      blocker: { id: b.blockerId, name: b.blockerName },
      blocked: b.toAdmin ? null : { id: b.blockedId, name: b.blockedName },
      to_admin: b.toAdmin,
      reason: b.reason,
      created_at: b.createdAt.toISOString(),
    })),
    /** Whether the console offers deactivation: never for oneself or another admin. */
    can_deactivate: user.isActive && user.id !== actor.id && user.type !== 'admin',
  };
}
export type AdminUserDetail = Awaited<ReturnType<typeof getUserDetail>>;

/**
 * Deactivates an account and revokes every session it holds, in one transaction: the user is signed out everywhere
 * at once, and sign-in refuses them ("Your Account have been Deactivetd by Admin"). Admins cannot deactivate
 * themselves or another admin.
 */
export async function deactivateUser(db: Database, actor: SessionUser | null, id: number, now = new Date()) {
  return adminMutation(db, actor, async (tx, admin) => {
    if (id === admin.id) throw AppError.forbidden('admin.errors.cannot_deactivate_self');
    const before = await repo.lockUser(tx, id);
    if (!before) throw AppError.notFound('admin.errors.user_not_found');
    if (before.type === 'admin') throw AppError.forbidden('admin.errors.cannot_deactivate_admin');
    if (!before.isActive) throw AppError.conflict('admin.errors.already_inactive');
    const liveSessions = await repo.countLiveSessions(tx, id, now);
    const after = await repo.setUserActive(tx, id, false);
    await signOutEverywhere(tx, id, now);
    await recordAudit(tx, admin, {
      action: 'user.deactivate',
      entity: 'user',
      entityId: id,
      label: personLabel(after),
      before: { is_active: true, live_sessions: liveSessions },
      after: { is_active: false, live_sessions: 0, revoked_sessions: liveSessions },
    });
    return userView(after);
  });
}

/** Lets a deactivated user sign in again (their old sessions stay revoked). */
export async function reactivateUser(db: Database, actor: SessionUser | null, id: number) {
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await repo.lockUser(tx, id);
    if (!before) throw AppError.notFound('admin.errors.user_not_found');
    if (before.isActive) throw AppError.conflict('admin.errors.already_active');
    const after = await repo.setUserActive(tx, id, true);
    await recordAudit(tx, admin, {
      action: 'user.reactivate',
      entity: 'user',
      entityId: id,
      label: personLabel(after),
      before: { is_active: false },
      after: { is_active: true },
    });
    return userView(after);
  });
}
