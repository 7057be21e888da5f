import { listingBlock, type ListingBlock } from '../../lib/validation/profile.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findUserById } from '../repositories/user-repository.ts';
import { getPublicSettings } from './settings-service.ts';

/** The spec's dialogs for each reason adding a listing is blocked (section 8). */
export const listingBlockMessages: Record<
  ListingBlock,
  { title: string; message: string; action: string; href: string }
> = {
  profile_incomplete: {
    title: 'gate.opps',
    message: 'gate.profile_incomplete',
    action: 'gate.ok',
    href: '/user/profile',
  },
  verification_pending: {
    title: 'gate.verification',
    message: 'gate.verification_pending',
    action: 'gate.ok',
    href: '/user/profile',
  },
  verification_failed: {
    title: 'gate.verification',
    message: 'gate.verification_failed',
    action: 'gate.ok',
    href: '/user/profile',
  },
  verification_required: {
    title: 'gate.verification',
    message: 'gate.verification_required',
    action: 'gate.ok',
    href: '/user/profile',
  },
};

/** Why the user may not add a property or project now, or null: profile first, then verification if required. */
export async function listingGate(db: Database, actor: SessionUser): Promise<ListingBlock | null> {
  const [user, settings] = await Promise.all([findUserById(db, actor.id), getPublicSettings(db)]);
  if (!user) throw AppError.unauthenticated();
  return listingBlock(user, settings.verification_required_for_user);
}

/** For the posting calls: refuse with the dialog's message and the block as the error code. */
export async function assertCanAddListing(db: Database, actor: SessionUser): Promise<void> {
  const block = await listingGate(db, actor);
  if (block) throw new AppError(block, 403, listingBlockMessages[block].message);
}
