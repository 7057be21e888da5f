import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { lockProperty, updatePropertyReview } from '../repositories/admin-moderation-repository.ts';
import * as repo from '../repositories/admin-queue-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listChoice, listPaging } from './admin-list-query.ts';
import { notifyAdminEvent, ownerListingUrl, type AdminEvent } from './admin-events.ts';
import { reviewSnapshot } from './admin-moderation-service.ts';
import { recordAudit } from './audit-service.ts';

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

export const reportQuerySchema = z.object({
  status: listChoice([...REPORT_STATUSES, 'all'], 'open'),
  ...listPaging(),
});

const reportView = (row: repo.ReportListRow) => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  other_message: row.otherMessage,
  created_at: row.createdAt.toISOString(),
  reporter: { id: row.reporterId, name: row.reporterName },
  property: {
    id: row.propertyId,
    title: row.propertyTitle,
    slug_id: row.propertySlug,
    status: row.propertyStatus,
    admin_status: row.propertyAdminStatus,
  },
});
export type ReportView = ReturnType<typeof reportView>;

/** Reports on listings: open ones by default, oldest first. */
export async function listReportQueue(db: Database, actor: SessionUser | null, input: unknown) {
  assertAdmin(actor);
  const query = reportQuerySchema.parse(input ?? {});
  const { rows, total } = await repo.listReports(
    db,
    { status: query.status === 'all' ? undefined : query.status },
    { offset: query.offset, limit: query.limit },
  );
  return { total, offset: query.offset, limit: query.limit, items: rows.map(reportView) };
}

async function lockOpenReport(tx: Executor, id: number) {
  const report = await repo.lockReport(tx, id);
  if (!report) throw AppError.notFound('admin.errors.report_not_found');
  if (report.status !== 'open') throw AppError.conflict('admin.errors.already_decided');
  return report;
}

/** Closes a report without touching the listing. */
export async function dismissReport(db: Database, actor: SessionUser | null, id: number) {
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await lockOpenReport(tx, id);
    await repo.updateReportStatus(tx, [id], 'dismissed');
    await recordAudit(tx, admin, {
      action: 'report.dismiss',
      entity: 'report',
      entityId: id,
      label: await repo.reportedTitle(tx, before.propertyId),
      before: { status: before.status },
      after: { status: 'dismissed' },
    });
    return { id, status: 'dismissed' as const, closed_report_ids: [id] };
  });
}

export const hideSchema = z.object({
  reason: z.string().trim().max(500, 'admin.errors.reason_too_long').optional(),
});

/**
 * Takes a reported listing off the public site: admin_status 'rejected' with a reason its owner reads ("Reported"
 * unless the admin writes one), rather than status 'inactive', which the owner could switch back on; an edit by
 * the owner sends it back to review. Every open report on the listing is closed as actioned.
 */
export async function hideReportedListing(
  db: Database,
  actor: SessionUser | null,
  id: number,
  input: unknown,
  defaultReason: string,
) {
  assertAdmin(actor);
  const reason = hideSchema.parse(input ?? {}).reason || defaultReason;
  return adminMutation(db, actor, async (tx, admin) => {
    const report = await lockOpenReport(tx, id);
    const property = await lockProperty(tx, report.propertyId);
    if (!property) throw AppError.notFound('admin.errors.property_not_found');
    const hidden = await updatePropertyReview(tx, property.id, { adminStatus: 'rejected', rejectReason: reason });
    const closed = await repo.closeOpenReports(tx, property.id, 'actioned');
    await recordAudit(tx, admin, {
      action: 'property.hide',
      entity: 'property',
      entityId: property.id,
      label: hidden.title,
      before: reviewSnapshot(property),
      after: { ...reviewSnapshot(hidden), report_id: id },
    });
    await recordAudit(tx, admin, {
      action: 'report.hide_listing',
      entity: 'report',
      entityId: id,
      label: hidden.title,
      before: { status: report.status },
      after: { status: 'actioned', closed_report_ids: closed },
    });
    const event: AdminEvent = {
      type: 'listing_hidden',
      userId: property.ownerId,
      entity: 'property',
      entityId: property.id,
      reason,
      subject: property.title,
      url: ownerListingUrl('property', property.slug),
    };
    await notifyAdminEvent(tx, event);
    return { id, status: 'actioned' as const, closed_report_ids: closed, property_id: property.id, event };
  });
}
