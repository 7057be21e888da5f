import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { emailSchema, isWebAddress, phoneSchema } from '../../lib/validation/fields.ts';
import { validationMessages as m } from '../../lib/validation/messages.ts';
import { checkPhoto } from '../../lib/validation/images.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../errors.ts';
import { createImageVariants } from '../media/image-variants.ts';
import { inspectImage } from '../media/inspect-image.ts';
import { logger } from '../logger.ts';
import { deleteContactMessagesOf } from '../repositories/contact-repository.ts';
import { releaseFavouritesOf } from '../repositories/engagement-repository.ts';
import {
  contactTaken,
  deleteUserRow,
  findUserById,
  lockUserRow,
  updateUser,
  type UserPatch,
  type UserRow,
} from '../repositories/user-repository.ts';
import { deleteListingMedia } from './listing-media-batch.ts';
import { ownerProjectMedia } from './project-posting-service.ts';
import { ownerPropertyMedia } from './property-posting-service.ts';
import { endSession, signOutEverywhere } from './session-service.ts';
import { ownUserView } from './user-view.ts';

/** A blank required field means "unchanged" (forms post every input); a blank optional one clears it. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? null : v));
/** A social profile's page: the agent page links to it, so only a web address (isWebAddress); blank clears it. */
const optionalUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || isWebAddress(v), m.url)
  .optional()
  .transform((v) => (v === '' ? null : v));
const coordinate = (limit: number) =>
  z
    .union([z.literal(''), z.coerce.number().min(-limit).max(limit)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** update_profile fields (spec section 3). Identity (userid, firebase_id) comes from the session, never the body. */
export const profileUpdateSchema = z.object({
  name: z.preprocess(blankToUndefined, z.string().trim().min(1).max(100).optional()),
  email: z.preprocess(blankToUndefined, emailSchema.optional()),
  mobile: z.preprocess(blankToUndefined, phoneSchema.optional()),
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  latitude: coordinate(90),
  longitude: coordinate(180),
  about_me: optionalText(2000),
  facebook_id: optionalUrl,
  twiiter_id: optionalUrl,
  instagram_id: optionalUrl,
  youtube_id: optionalUrl,
  linkedin_id: optionalUrl,
  notification: z.enum(['0', '1', 'true', 'false']).optional(),
  fcm_id: z.string().max(4096).optional(),
});

export async function getOwnProfile(deps: Pick<ServerDeps, 'db' | 'storage'>, actor: SessionUser) {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw AppError.unauthenticated();
  return ownUserView(user, deps.storage);
}

/** Updates the caller's own profile; a photo must really be a JPEG or PNG of at least 120x120 and is re-encoded. */
export async function updateProfile(
  deps: Pick<ServerDeps, 'db' | 'storage'>,
  actor: SessionUser,
  input: unknown,
  photo: Uint8Array | null,
) {
  const values = profileUpdateSchema.parse(input);
  const current = await findUserById(deps.db, actor.id);
  if (!current) throw AppError.unauthenticated();
  if (values.email && values.email !== current.email && (await contactTaken(deps.db, 'email', values.email, actor.id)))
    throw AppError.validation({ email: ['auth.errors.email_in_use'] });
  if (
    values.mobile &&
    values.mobile !== current.mobile &&
    (await contactTaken(deps.db, 'mobile', values.mobile, actor.id))
  )
    throw AppError.validation({ mobile: ['auth.errors.mobile_in_use'] });

  const patch: UserPatch = {
    name: values.name,
    email: values.email,
    mobile: values.mobile,
    address: values.address,
    city: values.city,
    state: values.state,
    country: values.country,
    latitude: values.latitude,
    longitude: values.longitude,
    aboutMe: values.about_me,
    facebookId: values.facebook_id,
    twitterId: values.twiiter_id,
    instagramId: values.instagram_id,
    youtubeId: values.youtube_id,
    linkedinId: values.linkedin_id,
    notificationsEnabled:
      values.notification === undefined ? undefined : values.notification === '1' || values.notification === 'true',
    fcmId: values.fcm_id,
  };
  if (photo) patch.profileImage = await storeProfilePhoto(deps, actor.id, photo);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as UserPatch;
  const updated = Object.keys(defined).length ? await updateUser(deps.db, actor.id, defined) : current;
  if (photo && current.profileImage) await deleteImageFiles(deps, current);
  return ownUserView(updated, deps.storage);
}

async function storeProfilePhoto(deps: Pick<ServerDeps, 'storage'>, userId: number, bytes: Uint8Array) {
  const info = await inspectImage(bytes);
  const problem = info ? checkPhoto(info) : 'validation.image_type';
  if (problem) throw AppError.validation({ profile: [problem] });
  return createImageVariants(bytes, {
    keyPrefix: `users/${userId}/profile-${randomBytes(6).toString('hex')}`,
    storage: deps.storage,
    widths: [160, 320, 640],
  });
}

async function deleteImageFiles(deps: Pick<ServerDeps, 'storage'>, user: UserRow) {
  for (const variant of user.profileImage?.variants ?? []) await deps.storage.delete(variant.key);
}

export async function logout(deps: Pick<ServerDeps, 'db'>, actor: SessionUser) {
  await endSession(deps.db, actor);
}

/** before-logout's body: the app's push token, when it has one. */
export const beforeLogoutSchema = z.object({ fcm_id: z.string().max(4096).optional() });

/** before-logout: an app signs out, naming its push token (fcm_id), which is forgotten with the session. */
export async function beforeLogout(deps: Pick<ServerDeps, 'db'>, actor: SessionUser, input: unknown) {
  const { fcm_id: fcmId } = beforeLogoutSchema.parse(input);
  await endSession(deps.db, actor, { forgetAppPushToken: { fcmId } });
}

/** delete_user's body: the caller's own id, so a client cannot delete an account by mistake. */
export const deleteAccountSchema = z.object({ userid: z.coerce.number().int().positive() });

/**
 * delete_user: only the account itself (userid must be the caller), after the page's confirmation. Its listings,
 * projects, messages and the rest go with it (foreign keys cascade); its favourites leave the listings' like counts;
 * its photo and its listings' and projects' files are removed from storage once the rows are gone (the files are
 * public: left behind, their addresses would go on serving them).
 */
export async function deleteAccount(deps: Pick<ServerDeps, 'db' | 'storage'>, actor: SessionUser, input: unknown) {
  const { userid } = deleteAccountSchema.parse(input);
  if (userid !== actor.id) throw AppError.forbidden();
  if (actor.role === 'admin') throw AppError.forbidden('auth.errors.admin_cannot_delete');
  const { user, listingFiles } = await deps.db.transaction(async (tx) => {
    // Locked first: a favourite being added meanwhile commits before the release counts it, a later one finds no
    // user and writes nothing; the photo read is the one deleted.
    const locked = await lockUserRow(tx, actor.id);
    if (!locked) throw AppError.unauthenticated();
    await signOutEverywhere(tx, actor.id, new Date());
    await releaseFavouritesOf(tx, actor.id);
    await deleteContactMessagesOf(tx, actor.id);
    const files = [...(await ownerPropertyMedia(tx, actor.id)), ...(await ownerProjectMedia(tx, actor.id))];
    await deleteUserRow(tx, actor.id);
    return { user: locked, listingFiles: files };
  });
  // The account is gone whatever happens to its files now: a storage failure is logged, not answered as one.
  await Promise.all([deleteImageFiles(deps, user), deleteListingMedia(deps, listingFiles)]).catch((error: unknown) =>
    logger.warn('files of a deleted account not removed', { error, userId: actor.id }),
  );
}
