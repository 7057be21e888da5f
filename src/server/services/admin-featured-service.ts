import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { setPropertyFeaturedUntil } from '../repositories/admin-moderation-repository.ts';
import * as repo from '../repositories/admin-queue-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listChoice, listPaging } from './admin-list-query.ts';
import { notifyAdminEvent, type AdminEvent } from './admin-events.ts';
import { ADVERTISEMENTS_PATH } from './advertisement-service.ts';
import { recordAudit } from './audit-service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const AD_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
/** How long an approved feature runs unless the admin says otherwise. */
export const DEFAULT_FEATURE_DAYS = 30;

export const adQuerySchema = z.object({
  status: listChoice([...AD_STATUSES, 'all'], 'pending'),
  ...listPaging(),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

const adView = (row: repo.AdvertisementListRow) => ({
  id: row.id,
  status: row.status,
  starts_at: iso(row.startsAt),
  ends_at: iso(row.endsAt),
  created_at: row.createdAt.toISOString(),
  user: { id: row.userId, name: row.userName, email: row.userEmail },
  feature_for: row.propertyId ? ('property' as const) : ('project' as const),
  property: row.propertyId
    ? { id: row.propertyId, title: row.propertyTitle ?? '', slug_id: row.propertySlug ?? '' }
    : null,
  project: row.projectId ? { id: row.projectId, title: row.projectTitle ?? '', slug_id: row.projectSlug ?? '' } : null,
});
export type AdView = ReturnType<typeof adView>;

/** Featured-ad requests: waiting ones by default. */
export async function listFeaturedRequests(db: Database, actor: SessionUser | null, input: unknown) {
  assertAdmin(actor);
  const query = adQuerySchema.parse(input ?? {});
  const { rows, total } = await repo.listAdvertisements(
    db,
    { status: query.status === 'all' ? undefined : query.status },
    { offset: query.offset, limit: query.limit },
  );
  return { total, offset: query.offset, limit: query.limit, items: rows.map(adView) };
}

const adSnapshot = (row: repo.AdvertisementRow) => ({
  status: row.status,
  starts_at: iso(row.startsAt),
  ends_at: iso(row.endsAt),
});

export const approveAdSchema = z.object({
  days: z.coerce
    .number({ error: 'admin.errors.days_invalid' })
    .int('admin.errors.days_invalid')
    .min(1, 'admin.errors.days_invalid')
    .max(365, 'admin.errors.days_invalid')
    .default(DEFAULT_FEATURE_DAYS),
});

async function lockPending(tx: Executor, id: number) {
  const ad = await repo.lockAdvertisement(tx, id);
  if (!ad) throw AppError.notFound('admin.errors.request_not_found');
  if (ad.status !== 'pending') throw AppError.conflict('admin.errors.already_decided');
  return ad;
}

/**
 * The decision's audit row (`extra`: what it changed besides the request) and the requester's notification, in the
 * transaction that made it. Returns the event, for the reply.
 */
async function decided(
  tx: Executor,
  admin: SessionUser,
  verb: 'approve' | 'reject',
  rows: { before: repo.AdvertisementRow; after: repo.AdvertisementRow },
  extra: Record<string, unknown> = {},
): Promise<AdminEvent> {
  const { before, after } = rows;
  const subject = await repo.advertisedTitle(tx, after);
  await recordAudit(tx, admin, {
    action: `advertisement.${verb}`,
    entity: 'advertisement',
    entityId: after.id,
    label: subject,
    before: adSnapshot(before),
    after: { ...adSnapshot(after), ...extra },
  });
  const event: AdminEvent = {
    type: `advertisement_${verb === 'approve' ? 'approved' : 'rejected'}`,
    userId: after.userId,
    entity: 'advertisement',
    entityId: after.id,
    subject,
    url: ADVERTISEMENTS_PATH,
  };
  await notifyAdminEvent(tx, event);
  return event;
}

/**
 * Approves a waiting request: the feature runs from now for `days` (30 by default). A featured property carries
 * the end on properties.featured_until, which the listing filters and the home page read.
 */
export async function approveFeaturedRequest(db: Database, actor: SessionUser | null, id: number, input: unknown) {
  assertAdmin(actor);
  const { days } = approveAdSchema.parse(input ?? {});
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await lockPending(tx, id);
    const startsAt = new Date();
    const endsAt = new Date(startsAt.getTime() + days * DAY_MS);
    const after = await repo.updateAdvertisement(tx, id, { status: 'approved', startsAt, endsAt });
    const featured = after.propertyId ? await setPropertyFeaturedUntil(tx, after.propertyId, endsAt) : null;
    const event = await decided(
      tx,
      admin,
      'approve',
      { before, after },
      featured ? { property_featured_until: iso(featured.featuredUntil) } : {},
    );
    return { id, status: after.status, starts_at: iso(after.startsAt), ends_at: iso(after.endsAt), event };
  });
}

/** Turns a waiting request down; nothing is featured. */
export async function rejectFeaturedRequest(db: Database, actor: SessionUser | null, id: number) {
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await lockPending(tx, id);
    const after = await repo.updateAdvertisement(tx, id, { status: 'rejected' });
    const event = await decided(tx, admin, 'reject', { before, after });
    return { id, status: after.status, starts_at: null, ends_at: null, event };
  });
}
