import { z } from 'zod';
import { urls } from '../../lib/urls.ts';
import { recordId } from '../../lib/validation/ids.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { onShutdown } from '../lifecycle.ts';
import { logger } from '../logger.ts';
import * as repo from '../repositories/advertisement-repository.ts';
import { listProjects } from '../repositories/project-repository.ts';
import { imageView } from './image-view.ts';
import { notify } from './notification-service.ts';
import { spendPackageFeature } from './package-service.ts';
import { projectCardView } from './project-view.ts';
import { browseProperties, cardPageView } from './property-service.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type Page = { offset: number; limit: number };
export type FeatureFor = 'property' | 'project';
export type AdState = repo.AdvertisementRow['status'];

/** Where the owner follows their advertisements (the spec sends them here after featuring). */
export const ADVERTISEMENTS_PATH = '/user/advertisement';

const id = recordId();

/** store_advertisement: feature_for says which of property_id and project_id is read. */
export const storeAdvertisementSchema = z.discriminatedUnion(
  'feature_for',
  [
    z.object({ feature_for: z.literal('property'), property_id: id }),
    z.object({ feature_for: z.literal('project'), project_id: id }),
  ],
  { error: 'advertisement.feature_for_invalid' },
);

/**
 * The state an owner sees: an approved advertisement whose end has passed is expired even before the periodic
 * sweep has marked it, so what is shown never depends on when the sweep last ran.
 */
export function effectiveAdState(ad: { status: AdState; endsAt: Date | null }, now: Date): AdState {
  return ad.status === 'approved' && ad.endsAt !== null && ad.endsAt <= now ? 'expired' : ad.status;
}

/**
 * store_advertisement: asks to feature one of the caller's own public listings. The listing row is locked, then
 * the checks (no request waiting or running for it) and the package unit (property_feature or project_feature) are
 * spent in the transaction that stores the request, so parallel requests cannot feature a listing twice or spend
 * the last unit twice. The request waits for an admin (the featured queue), who sets how long it runs.
 */
export async function storeAdvertisement(db: Database, actor: SessionUser, input: unknown, now = new Date()) {
  const parsed = storeAdvertisementSchema.parse(input ?? {});
  const target: repo.AdTarget =
    parsed.feature_for === 'property' ? { propertyId: parsed.property_id } : { projectId: parsed.project_id };
  const ad = await db.transaction(async (tx) => {
    const listing = await repo.lockOwnedListing(tx, target, actor.id);
    // Another user's listing is as invisible as a missing one.
    if (!listing) throw AppError.notFound('advertisement.listing_not_found');
    if (listing.adminStatus !== 'approved' || listing.status !== 'active')
      throw new AppError('listing_not_public', 409, 'advertisement.listing_not_public');
    const open = await repo.findOpenAdvertisement(tx, target, now);
    if (open)
      throw AppError.conflict(
        open.status === 'pending' ? 'advertisement.already_pending' : 'advertisement.already_featured',
      );
    await spendPackageFeature(
      tx,
      actor,
      parsed.feature_for === 'property' ? 'property_feature' : 'project_feature',
      now,
    );
    return repo.insertAdvertisement(tx, { userId: actor.id, ...target });
  });
  return {
    id: ad.id,
    feature_for: parsed.feature_for,
    property_id: ad.propertyId,
    project_id: ad.projectId,
    status: ad.status,
    starts_at: null,
    ends_at: null,
    created_at: ad.createdAt.toISOString(),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function myAdView(deps: Deps, row: repo.UserAdvertisementRow, now: Date) {
  const listing = row.propertyId
    ? {
        id: row.propertyId,
        title: row.propertyTitle ?? '',
        slug_id: row.propertySlug ?? '',
        url: urls.myProperty(row.propertySlug ?? ''),
        image: imageView(deps.storage, row.propertyImage),
      }
    : {
        id: row.projectId!,
        title: row.projectTitle ?? '',
        slug_id: row.projectSlug ?? '',
        url: urls.project(row.projectSlug ?? ''),
        image: imageView(deps.storage, row.projectImage),
      };
  return {
    id: row.id,
    feature_for: (row.propertyId ? 'property' : 'project') as FeatureFor,
    status: effectiveAdState(row, now),
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    created_at: row.createdAt.toISOString(),
    listing,
  };
}
export type MyAdvertisementView = ReturnType<typeof myAdView>;

/** get-my-advertisements and /user/advertisement: the caller's requests, newest first, with their state and end. */
/**
 * Which of the user's listings are featured or waiting to be (by id, with that state), so their pages offer
 * "Feature" only for the others.
 */
export async function openAdvertisements(db: Database, actor: SessionUser, now = new Date()) {
  const property = new Map<number, AdState>();
  const project = new Map<number, AdState>();
  for (const row of await repo.listOpenAdvertisements(db, actor.id, now)) {
    if (row.propertyId !== null) property.set(row.propertyId, row.status);
    if (row.projectId !== null) project.set(row.projectId, row.status);
  }
  return { property, project };
}

export async function listMyAdvertisements(deps: Deps, actor: SessionUser, page: Page, now = new Date()) {
  const { rows, total } = await repo.listUserAdvertisements(deps.db, actor.id, page);
  return { total, ...page, items: rows.map((row) => myAdView(deps, row, now)) };
}

/** Public properties featured at `now`: featured_until holds the end of the running advertisement (set on approval). */
export async function featuredProperties(
  deps: Deps,
  viewer: SessionUser | null,
  page: Page,
  lang: string,
  now = new Date(),
) {
  const result = await browseProperties(deps.db, { featuredAt: now }, page, now);
  return { type: 'property' as const, ...(await cardPageView(deps, viewer, result, page, lang)) };
}

/** Public projects with an approved advertisement running at `now`. */
export async function featuredProjects(
  deps: Deps,
  viewer: SessionUser | null,
  page: Page,
  lang: string,
  now = new Date(),
) {
  const { rows, total } = await listProjects(deps.db, { advertisedAt: now }, page);
  return {
    type: 'project' as const,
    total,
    ...page,
    items: rows.map((row) => projectCardView(deps.storage, row, viewer, lang)),
  };
}

/**
 * get-featured-data: the public featured properties or projects, newest first. Live means approved and not past
 * its end, compared with the clock on every query, so correctness never waits for the expiry sweep.
 */
export function getFeaturedData(
  deps: Deps,
  viewer: SessionUser | null,
  type: FeatureFor,
  page: Page,
  lang: string,
  now = new Date(),
) {
  return type === 'property'
    ? featuredProperties(deps, viewer, page, lang, now)
    : featuredProjects(deps, viewer, page, lang, now);
}

/** What the owner hears when their featured period ends (admin decisions: admin-events.ts). */
async function notifyExpired(tx: Executor, ad: { id: number; userId: number }) {
  await notify(tx, ad.userId, {
    type: 'advertisement_expired',
    title: 'advertisement.notification.expired_title',
    body: 'advertisement.notification.expired_body',
    data: { advertisement_id: ad.id, url: ADVERTISEMENTS_PATH },
  });
}

/** Marks ended advertisements expired and tells their owners, in one transaction. */
export async function expireAdvertisements(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const expired = await repo.expireAdvertisements(tx, now);
    for (const ad of expired) await notifyExpired(tx, ad);
    return expired.length;
  });
}

const SWEEP_MS = 5 * 60 * 1000;

/**
 * The expiry sweep, started with the server: once now, then every five minutes. Only the stored status and the
 * owner's notification wait for it; public lists compare ends with the clock themselves.
 */
export function startAdvertisementExpiry(db: Database) {
  const sweep = () =>
    expireAdvertisements(db).catch((error: unknown) =>
      logger.warn('advertisement expiry failed', { reason: error instanceof Error ? error.message : String(error) }),
    );
  void sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  onShutdown(() => clearInterval(timer));
}
