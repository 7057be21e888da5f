import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import type { DocumentRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import * as repo from '../repositories/admin-queue-repository.ts';
import { lockUser, setUserVerification } from '../repositories/admin-user-repository.ts';
import { listVerificationValues } from '../repositories/verification-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listChoice, listPaging } from './admin-list-query.ts';
import { urls } from '../../lib/urls.ts';
import { notifyAdminEvent, type AdminEvent } from './admin-events.ts';
import { reasonSchema } from './admin-moderation-service.ts';
import { recordAudit } from './audit-service.ts';
import { personLabel } from './audit-subjects.ts';
import { verificationFileUrl } from './verification-service.ts';

export const VERIFICATION_QUEUE_STATUSES = ['pending', 'success', 'failed'] as const;

export const verificationQuerySchema = z.object({
  status: listChoice([...VERIFICATION_QUEUE_STATUSES, 'all'], 'pending'),
  ...listPaging(),
});

const requestView = (row: repo.VerificationRequestListRow) => ({
  id: row.id,
  status: row.status,
  fail_reason: row.failReason,
  created_at: row.createdAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
  reviewed_by: row.reviewerName,
  user: {
    id: row.userId,
    name: row.userName,
    email: row.userEmail,
    mobile: row.userMobile,
    type: row.userType,
    verification_status: row.userVerification,
  },
});
export type VerificationRequestView = ReturnType<typeof requestView>;

/** Agent verification applications: waiting ones by default. */
export async function listVerificationQueue(db: Database, actor: SessionUser | null, input: unknown) {
  assertAdmin(actor);
  const query = verificationQuerySchema.parse(input ?? {});
  const { rows, total } = await repo.listVerificationRequests(
    db,
    { status: query.status === 'all' ? undefined : query.status },
    { offset: query.offset, limit: query.limit },
  );
  return { total, offset: query.offset, limit: query.limit, items: rows.map(requestView) };
}

const isDocument = (value: unknown): value is DocumentRecord =>
  typeof value === 'object' && value !== null && 'key' in value && 'contentType' in value;

/** One application with the applicant's answers; files link to the admin-only download. */
export async function getVerificationRequest(db: Database, actor: SessionUser | null, id: number) {
  assertAdmin(actor);
  const row = await repo.findVerificationRequest(db, id);
  if (!row) throw AppError.notFound('admin.errors.request_not_found');
  // The answers this application was made (and judged) with, not the applicant's later ones.
  const values = await listVerificationValues(db, row.id);
  return {
    ...requestView(row),
    answers: values.map((v) => ({
      field_id: v.fieldId,
      name: v.name,
      field_type: v.fieldType,
      // Files are private: the admin downloads them through agent-verification-file, never a public URL.
      value: isDocument(v.value) ? null : v.value,
      file: isDocument(v.value) ? { name: v.value.name, url: verificationFileUrl(v.fieldId, row.id) } : null,
    })),
  };
}
export type VerificationRequestDetail = Awaited<ReturnType<typeof getVerificationRequest>>;

async function lockPendingRequest(tx: Executor, id: number) {
  const request = await repo.lockVerificationRequest(tx, id);
  if (!request) throw AppError.notFound('admin.errors.request_not_found');
  if (request.status !== 'pending') throw AppError.conflict('admin.errors.already_decided');
  const user = await lockUser(tx, request.userId);
  if (!user) throw AppError.notFound('admin.errors.user_not_found');
  return { request, user };
}

type Snapshot = { status: string; failReason: string | null };
const snapshot = (request: Snapshot, user: { verificationStatus: string; type: string }) => ({
  request_status: request.status,
  fail_reason: request.failReason,
  user_verification_status: user.verificationStatus,
  user_type: user.type,
});

/** How a decision is written: the audit action, the applicant's notification, and the request's new state. */
const OUTCOMES = {
  approve: { status: 'success', event: 'verification_approved' },
  fail: { status: 'failed', event: 'verification_failed' },
} as const;

/**
 * Decides the application locked as `before`: the request reviewed, the applicant's verification state set (`userPatch`: what changes
 * besides it), the audit row and the applicant's notification (with the reason of a failure), in the transaction.
 */
async function decide(
  tx: Executor,
  admin: SessionUser,
  before: Awaited<ReturnType<typeof lockPendingRequest>>,
  verb: keyof typeof OUTCOMES,
  userPatch: { type?: 'admin' | 'agent' },
  reason?: string,
) {
  const outcome = OUTCOMES[verb];
  const id = before.request.id;
  const request = await repo.updateVerificationRequest(tx, id, {
    status: outcome.status,
    failReason: reason ?? null,
    reviewedAt: new Date(),
    reviewedBy: admin.id,
  });
  const user = await setUserVerification(tx, before.user.id, { verificationStatus: outcome.status, ...userPatch });
  await recordAudit(tx, admin, {
    action: `verification.${verb}`,
    entity: 'verification_request',
    entityId: id,
    label: personLabel(user),
    before: snapshot(before.request, before.user),
    after: snapshot(request, user),
  });
  const event: AdminEvent = {
    type: outcome.event,
    userId: user.id,
    entity: 'verification_request',
    entityId: id,
    ...(reason === undefined ? {} : { reason }),
    subject: '',
    url: urls.verification(),
  };
  await notifyAdminEvent(tx, event);
  return { id, status: request.status, fail_reason: reason ?? null, user_id: user.id, event };
}

/** Verifies the applicant: verification_status 'success', and an ordinary user becomes an agent. */
export async function approveVerification(db: Database, actor: SessionUser | null, id: number) {
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await lockPendingRequest(tx, id);
    return decide(tx, admin, before, 'approve', { type: before.user.type === 'admin' ? 'admin' : 'agent' });
  });
}

/** Fails the application with a reason the applicant reads; they may apply again. */
export async function failVerification(db: Database, actor: SessionUser | null, id: number, input: unknown) {
  assertAdmin(actor);
  const { reason } = reasonSchema.parse(input ?? {});
  return adminMutation(db, actor, async (tx, admin) =>
    decide(tx, admin, await lockPendingRequest(tx, id), 'fail', {}, reason),
  );
}
