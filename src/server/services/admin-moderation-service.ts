import { z } from 'zod';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import * as repo from '../repositories/admin-moderation-repository.ts';
import type { ProjectRow } from '../repositories/project-repository.ts';
import { findListingDetails } from '../repositories/property-repository.ts';
import type { PropertyRow } from '../repositories/property-write-repository.ts';
import { findUserVerificationStatus } from '../repositories/user-repository.ts';
import { findSettingValue } from '../repositories/admin-policy-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listChoice, listId, listPaging, listText } from './admin-list-query.ts';
import { notifyAdminEvent, ownerListingUrl, type AdminEvent } from './admin-events.ts';
import { recordAudit } from './audit-service.ts';
import { ownProjectView } from './project-view.ts';
import { ownPropertyView } from './property-view.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
export type ListingKind = repo.ListingKind;

export const ADMIN_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AUTO_APPROVE_SETTING = 'auto_approve_verified_agents';

/* ---------- auto-approval ---------- */

/**
 * The review state a new listing starts in. Normally it waits for an admin ('pending'); with the setting
 * `auto_approve_verified_agents` on, listings of verified owners (verification_status 'success') are approved at
 * once. post_property spreads the answer into the new row. Edits are not covered: an edited listing goes back to
 * review like any other (docs/decisions/008-admin-console.md).
 */
export async function initialAdminStatus(
  db: Executor,
  owner: Pick<SessionUser, 'id'>,
  now = new Date(),
): Promise<{ adminStatus: 'pending' | 'approved'; approvedAt: Date | null }> {
  // One query after the other: post_property calls this inside its transaction, on one connection.
  const setting = await findSettingValue(db, AUTO_APPROVE_SETTING);
  const on = setting === true || setting === 'true' || setting === 1 || setting === '1';
  return on && (await findUserVerificationStatus(db, owner.id)) === 'success'
    ? { adminStatus: 'approved', approvedAt: now }
    : { adminStatus: 'pending', approvedAt: null };
}

/* ---------- the queues ---------- */

export const reviewQuerySchema = z.object({
  admin_status: listChoice([...ADMIN_STATUSES, 'all'], 'pending'),
  search: listText(100),
  city: listText(100),
  category_id: listId(),
  ...listPaging(),
});
export type ReviewQuery = z.infer<typeof reviewQuerySchema>;

const reviewRowView = (row: repo.ReviewListRow) => ({
  id: row.id,
  title: row.title,
  slug_id: row.slug,
  city: row.city,
  country: row.country,
  category: row.category,
  status: row.status,
  admin_status: row.adminStatus,
  reject_reason: row.rejectReason,
  owner: { id: row.ownerId, name: row.ownerName, email: row.ownerEmail, verification_status: row.ownerVerification },
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
export type ReviewRowView = ReturnType<typeof reviewRowView>;

/** A review queue: pending by default, or the approved, rejected or all listings, with text/city/category filters. */
export async function listForReview(db: Database, actor: SessionUser | null, kind: ListingKind, input: unknown) {
  assertAdmin(actor);
  const query = reviewQuerySchema.parse(input ?? {});
  const { rows, total, totalCapped } = await repo.listListingsForReview(
    db,
    kind,
    {
      adminStatus: query.admin_status === 'all' ? undefined : query.admin_status,
      search: query.search || undefined,
      city: query.city || undefined,
      categoryId: query.category_id,
    },
    { offset: query.offset, limit: query.limit },
  );
  return {
    total,
    total_capped: totalCapped,
    offset: query.offset,
    limit: query.limit,
    items: rows.map(reviewRowView),
  };
}

const notFound = (kind: ListingKind) =>
  AppError.notFound(kind === 'property' ? 'admin.errors.property_not_found' : 'admin.errors.project_not_found');

/** One listing as its owner sees it (every field and file) plus who owns it, for the review page. */
export async function getListingForReview(deps: Deps, actor: SessionUser | null, kind: ListingKind, id: number) {
  assertAdmin(actor);
  const row = kind === 'property' ? await repo.findPropertyById(deps.db, id) : await repo.findProjectById(deps.db, id);
  if (!row) throw notFound(kind);
  const owner = await repo.findListingOwner(deps.db, row.ownerId, row.categoryId);
  const listing =
    kind === 'property'
      ? await ownPropertyView(deps, row as PropertyRow)
      : await ownProjectView(deps, row as ProjectRow);
  // A property's details and facilities by name, as visitors will read them (projects have neither).
  const { parameters, facilities } =
    kind === 'property' ? await findListingDetails(deps.db, row.id) : { parameters: [], facilities: [] };
  return {
    kind,
    listing,
    parameters: parameters.map((p) => ({ name: p.name, value: p.value })),
    facilities: facilities.map((f) => ({ name: f.name, distance: f.distance })),
    category: owner?.category ?? null,
    owner: owner && {
      id: owner.id,
      name: owner.name,
      email: owner.email,
      mobile: owner.mobile,
      verification_status: owner.verificationStatus,
      is_active: owner.isActive,
    },
  };
}
export type ListingReview = Awaited<ReturnType<typeof getListingForReview>>;

/* ---------- decisions ---------- */

type Reviewable = Pick<PropertyRow, 'id' | 'ownerId' | 'adminStatus' | 'rejectReason' | 'status' | 'title' | 'slug'> & {
  approvedAt?: Date | null;
};

/** What the audit log keeps of a listing's review state. */
export const reviewSnapshot = (row: Reviewable) => ({
  admin_status: row.adminStatus,
  reject_reason: row.rejectReason,
  status: row.status,
  ...(row.approvedAt !== undefined ? { approved_at: row.approvedAt?.toISOString() ?? null } : {}),
});

export const reasonSchema = z.object({
  reason: z
    .string({ error: 'admin.errors.reason_required' })
    .trim()
    .min(1, 'admin.errors.reason_required')
    .max(500, 'admin.errors.reason_too_long'),
});

async function lockListing(tx: Executor, kind: ListingKind, id: number): Promise<Reviewable> {
  const row = kind === 'property' ? await repo.lockProperty(tx, id) : await repo.lockProject(tx, id);
  if (!row) throw notFound(kind);
  return row;
}

async function saveReview(tx: Executor, kind: ListingKind, id: number, patch: repo.ReviewPatch): Promise<Reviewable> {
  if (kind === 'property') return repo.updatePropertyReview(tx, id, patch);
  const { approvedAt: _ignored, ...projectPatch } = patch;
  return repo.updateProjectReview(tx, id, projectPatch);
}

export interface ReviewOutcome {
  id: number;
  admin_status: Reviewable['adminStatus'];
  reject_reason: string | null;
  status: Reviewable['status'];
  /** For the owner's notification (see admin-events.ts). */
  event: AdminEvent;
}

/**
 * The decision's audit row and the owner's notification, in the transaction that made it; then its reply. A
 * rejection's reason goes into the notification.
 */
async function decided(
  tx: Executor,
  admin: SessionUser,
  kind: ListingKind,
  verb: 'approve' | 'reject',
  rows: { before: Reviewable; after: Reviewable },
  reason?: string,
): Promise<ReviewOutcome> {
  const { before, after } = rows;
  await recordAudit(tx, admin, {
    action: `${kind}.${verb}`,
    entity: kind,
    entityId: after.id,
    label: after.title,
    before: reviewSnapshot(before),
    after: reviewSnapshot(after),
  });
  const event: AdminEvent = {
    type: `${kind}_${verb === 'approve' ? 'approved' : 'rejected'}`,
    userId: after.ownerId,
    entity: kind,
    entityId: after.id,
    ...(reason === undefined ? {} : { reason }),
    subject: after.title,
    url: ownerListingUrl(kind, after.slug),
  };
  await notifyAdminEvent(tx, event);
  return {
    id: after.id,
    admin_status: after.adminStatus,
    reject_reason: after.rejectReason,
    status: after.status,
    event,
  };
}

/** Approves a waiting or rejected listing: it becomes public (if its owner keeps it active). */
export async function approveListing(db: Database, actor: SessionUser | null, kind: ListingKind, id: number) {
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await lockListing(tx, kind, id);
    if (before.adminStatus === 'approved') throw AppError.conflict('admin.errors.already_approved');
    const after = await saveReview(tx, kind, id, {
      adminStatus: 'approved',
      rejectReason: null,
      approvedAt: new Date(),
    });
    return decided(tx, admin, kind, 'approve', { before, after });
  });
}

/** Rejects a listing with a reason its owner reads on their listings; it leaves (or never reaches) the public site. */
export async function rejectListing(
  db: Database,
  actor: SessionUser | null,
  kind: ListingKind,
  id: number,
  input: unknown,
) {
  assertAdmin(actor);
  const { reason } = reasonSchema.parse(input ?? {});
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await lockListing(tx, kind, id);
    const after = await saveReview(tx, kind, id, { adminStatus: 'rejected', rejectReason: reason });
    return decided(tx, admin, kind, 'reject', { before, after }, reason);
  });
}
