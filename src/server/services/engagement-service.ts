import { z } from 'zod';
import { reportSchema } from '../../lib/validation/chat.ts';
import { MAX_ID } from '../../lib/validation/ids.ts';
import { urls } from '../../lib/urls.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import * as engagement from '../repositories/engagement-repository.ts';
import { adjustPropertyLikes, findPropertyAccess, isPublicListing } from '../repositories/property-repository.ts';
import { deleteNotificationsCausedBy } from '../repositories/notification-repository.ts';
import { notify } from './notification-service.ts';

const propertyId = z.coerce
  .number({ error: 'validation.required' })
  .int('validation.required')
  .positive('validation.required')
  .max(MAX_ID, 'listing.not_found');

/** type 1 adds, 0 removes (the spec's add_favourite and interested_users); true/false are read the same way. */
const toggleType = z.preprocess(
  (v) =>
    typeof v === 'boolean' || typeof v === 'number' ? String(Number(v)) : v === 'true' ? '1' : v === 'false' ? '0' : v,
  z.enum(['1', '0'], { error: 'listing.type_flag' }),
);

/** add_favourite's and interested_users' body. */
export const toggleSchema = z.object({ property_id: propertyId, type: toggleType });

const notFound = () => AppError.notFound('listing.not_found');

/**
 * add_favourite: type 1 saves the listing to the user's favourites, 0 removes it; repeating either changes
 * nothing. Only a public listing (or the user's own) can be added; removing works whatever the listing's state.
 * total_likes moves with the favourite row in one transaction, so it never drifts from the rows.
 */
export async function setFavourite(db: Database, actor: SessionUser, input: Record<string, unknown>) {
  const { property_id, type } = toggleSchema.parse(input);
  const adding = type === '1';
  return db.transaction(async (tx) => {
    const property = await findPropertyAccess(tx, { id: property_id });
    if (!property) throw notFound();
    if (adding && !isPublicListing(property) && property.ownerId !== actor.id) throw notFound();
    const changed = adding
      ? await engagement.insertFavourite(tx, actor.id, property_id)
      : await engagement.deleteFavourite(tx, actor.id, property_id);
    const totalLikes = changed ? await adjustPropertyLikes(tx, property_id, adding ? 1 : -1) : property.totalLikes;
    return { property_id, is_favourite: adding, total_likes: totalLikes };
  });
}

/** The notification an owner gets when someone shows interest, and which taking it back withdraws. */
const INTEREST_NOTIFICATION = 'interest';

/**
 * interested_users: type 1 tells the owner the user is interested (they see it in get_interested_users), 0 takes
 * it back. Not in one's own listing, and only in public listings.
 */
export async function setInterest(db: Database, actor: SessionUser, input: Record<string, unknown>) {
  const { property_id, type } = toggleSchema.parse(input);
  const adding = type === '1';
  const property = await findPropertyAccess(db, { id: property_id });
  if (!property) throw notFound();
  if (property.ownerId === actor.id) throw new AppError('own_listing', 403, 'interest.own_listing');
  if (adding) {
    if (!isPublicListing(property)) throw notFound();
    await db.transaction(async (tx) => {
      // The owner hears of it once, with the interest itself (not again on a repeated click).
      if (await engagement.insertInterest(tx, actor.id, property_id))
        await notify(tx, property.ownerId, {
          type: INTEREST_NOTIFICATION,
          title: 'interest.notification_title',
          body: property.title,
          data: { property_id, url: urls.myProperty(property.slug), params: { name: actor.name } },
          actorId: actor.id,
        });
    });
  } else {
    await db.transaction(async (tx) => {
      // The owner's "... is interested" goes with the interest, as the user leaves their interested list.
      if (await engagement.deleteInterest(tx, actor.id, property_id))
        await deleteNotificationsCausedBy(tx, {
          actorId: actor.id,
          type: INTEREST_NOTIFICATION,
          propertyId: property_id,
        });
    });
  }
  return { property_id, is_interested: adding };
}

/**
 * add_reports: a report needs a reason, a listed one (reason_id) or a written one (other_message). One report per
 * user and listing; one's own listing cannot be reported, nor a listing the user cannot see.
 */
export async function reportProperty(db: Database, actor: SessionUser, input: Record<string, unknown>) {
  const values = reportSchema.parse(input);
  if (values.property_id > MAX_ID) throw notFound();
  if (values.reason_id !== undefined) {
    if (values.reason_id > MAX_ID || !(await engagement.findActiveReportReason(db, values.reason_id)))
      throw AppError.validation({ reason_id: ['report.unknown_reason'] });
  }
  const property = await findPropertyAccess(db, { id: values.property_id });
  if (!property || (!isPublicListing(property) && property.ownerId !== actor.id)) throw notFound();
  if (property.ownerId === actor.id) throw new AppError('own_listing', 403, 'report.own_listing');
  const report = await engagement.insertReport(db, {
    userId: actor.id,
    propertyId: property.id,
    reasonId: values.reason_id ?? null,
    otherMessage: values.other_message || null,
  });
  if (!report) throw AppError.conflict('report.already_reported');
  return { id: report.id, property_id: property.id, created_at: report.createdAt.toISOString() };
}
