import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import {
  advertisements,
  agentVerificationRequests,
  projects,
  properties,
  reportReasons,
  reports,
  users,
} from '../db/schema/index.ts';
import { advertisementWithListing } from './advertisement-repository.ts';
import { withTotal } from './paging.ts';

type Page = { offset: number; limit: number };

/* ---------- featured-ad requests (the advertisements table) ---------- */

export type AdvertisementRow = typeof advertisements.$inferSelect;
export type AdvertisementStatus = AdvertisementRow['status'];

/** Requests to feature a listing, with who asked and what for; waiting ones oldest first. */
export function listAdvertisements(db: Executor, filter: { status?: AdvertisementStatus | undefined }, page: Page) {
  const where = filter.status ? eq(advertisements.status, filter.status) : undefined;
  const order =
    filter.status === 'pending'
      ? [asc(advertisements.createdAt), asc(advertisements.id)]
      : [desc(advertisements.createdAt), desc(advertisements.id)];
  return withTotal(
    db
      .select({ ...advertisementWithListing, userId: users.id, userName: users.name, userEmail: users.email })
      .from(advertisements)
      .innerJoin(users, eq(users.id, advertisements.userId))
      .leftJoin(properties, eq(properties.id, advertisements.propertyId))
      .leftJoin(projects, eq(projects.id, advertisements.projectId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(advertisements).where(where),
  );
}
export type AdvertisementListRow = Awaited<ReturnType<typeof listAdvertisements>>['rows'][number];

export async function lockAdvertisement(tx: Executor, id: number): Promise<AdvertisementRow | null> {
  const [row] = await tx.select().from(advertisements).where(eq(advertisements.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateAdvertisement(
  tx: Executor,
  id: number,
  patch: Partial<Pick<AdvertisementRow, 'status' | 'startsAt' | 'endsAt'>>,
): Promise<AdvertisementRow> {
  const [row] = await tx.update(advertisements).set(patch).where(eq(advertisements.id, id)).returning();
  return row!;
}

/** The title of the property or project an advertisement features. */
export async function advertisedTitle(
  db: Executor,
  ad: Pick<AdvertisementRow, 'propertyId' | 'projectId'>,
): Promise<string> {
  const [row] = ad.propertyId
    ? await db.select({ title: properties.title }).from(properties).where(eq(properties.id, ad.propertyId))
    : await db
        .select({ title: projects.title })
        .from(projects)
        .where(eq(projects.id, ad.projectId ?? 0));
  return row?.title ?? '';
}

export async function countPendingAdvertisements(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(advertisements).where(eq(advertisements.status, 'pending'));
  return row?.value ?? 0;
}

/* ---------- agent verification requests ---------- */

export type VerificationRequestRow = typeof agentVerificationRequests.$inferSelect;
export type VerificationState = VerificationRequestRow['status'];

const reviewer = alias(users, 'reviewer');

const verificationRequestFields = {
  id: agentVerificationRequests.id,
  status: agentVerificationRequests.status,
  failReason: agentVerificationRequests.failReason,
  createdAt: agentVerificationRequests.createdAt,
  reviewedAt: agentVerificationRequests.reviewedAt,
  reviewerName: reviewer.name,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  userMobile: users.mobile,
  userType: users.type,
  userVerification: users.verificationStatus,
};

/** Applications with their applicant; waiting ones oldest first. */
export function listVerificationRequests(db: Executor, filter: { status?: VerificationState | undefined }, page: Page) {
  const where = filter.status ? eq(agentVerificationRequests.status, filter.status) : undefined;
  const order =
    filter.status === 'pending'
      ? [asc(agentVerificationRequests.createdAt), asc(agentVerificationRequests.id)]
      : [desc(agentVerificationRequests.createdAt), desc(agentVerificationRequests.id)];
  return withTotal(
    db
      .select(verificationRequestFields)
      .from(agentVerificationRequests)
      .innerJoin(users, eq(users.id, agentVerificationRequests.userId))
      .leftJoin(reviewer, eq(reviewer.id, agentVerificationRequests.reviewedBy))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(agentVerificationRequests).where(where),
  );
}
export type VerificationRequestListRow = Awaited<ReturnType<typeof listVerificationRequests>>['rows'][number];

export async function findVerificationRequest(db: Executor, id: number): Promise<VerificationRequestListRow | null> {
  const [row] = await db
    .select(verificationRequestFields)
    .from(agentVerificationRequests)
    .innerJoin(users, eq(users.id, agentVerificationRequests.userId))
    .leftJoin(reviewer, eq(reviewer.id, agentVerificationRequests.reviewedBy))
    .where(eq(agentVerificationRequests.id, id))
    .limit(1);
  return row ?? null;
}

export async function lockVerificationRequest(tx: Executor, id: number): Promise<VerificationRequestRow | null> {
  const [row] = await tx
    .select()
    .from(agentVerificationRequests)
    .where(eq(agentVerificationRequests.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateVerificationRequest(
  tx: Executor,
  id: number,
  patch: Partial<Pick<VerificationRequestRow, 'status' | 'failReason' | 'reviewedAt' | 'reviewedBy'>>,
): Promise<VerificationRequestRow> {
  const [row] = await tx
    .update(agentVerificationRequests)
    .set(patch)
    .where(eq(agentVerificationRequests.id, id))
    .returning();
  return row!;
}

export async function countPendingVerificationRequests(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(agentVerificationRequests)
    .where(eq(agentVerificationRequests.status, 'pending'));
  return row?.value ?? 0;
}

/* ---------- reports on listings ---------- */

export type ReportRow = typeof reports.$inferSelect;
export type ReportStatus = ReportRow['status'];

/** Reports with the listing, the reporter and the reason; open ones oldest first. */
export function listReports(db: Executor, filter: { status?: ReportStatus | undefined }, page: Page) {
  const where = filter.status ? eq(reports.status, filter.status) : undefined;
  const order =
    filter.status === 'open' ? [asc(reports.createdAt), asc(reports.id)] : [desc(reports.createdAt), desc(reports.id)];
  return withTotal(
    db
      .select({
        id: reports.id,
        status: reports.status,
        otherMessage: reports.otherMessage,
        createdAt: reports.createdAt,
        reason: reportReasons.reason,
        reporterId: users.id,
        reporterName: users.name,
        propertyId: properties.id,
        propertyTitle: properties.title,
        propertySlug: properties.slug,
        propertyStatus: properties.status,
        propertyAdminStatus: properties.adminStatus,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.userId))
      .innerJoin(properties, eq(properties.id, reports.propertyId))
      .leftJoin(reportReasons, eq(reportReasons.id, reports.reasonId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(reports).where(where),
  );
}
export type ReportListRow = Awaited<ReturnType<typeof listReports>>['rows'][number];

export async function lockReport(tx: Executor, id: number): Promise<ReportRow | null> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Closes every open report on a listing (hiding it answers them all); returns the ids it closed. */
export async function closeOpenReports(tx: Executor, propertyId: number, status: ReportStatus): Promise<number[]> {
  const rows = await tx
    .update(reports)
    .set({ status })
    .where(and(eq(reports.propertyId, propertyId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}

export async function updateReportStatus(tx: Executor, ids: number[], status: ReportStatus): Promise<void> {
  if (ids.length) await tx.update(reports).set({ status }).where(inArray(reports.id, ids));
}

/** The title of the listing a report is about. */
export async function reportedTitle(db: Executor, propertyId: number): Promise<string> {
  const [row] = await db.select({ title: properties.title }).from(properties).where(eq(properties.id, propertyId));
  return row?.title ?? '';
}

export async function countOpenReports(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(reports).where(eq(reports.status, 'open'));
  return row?.value ?? 0;
}
