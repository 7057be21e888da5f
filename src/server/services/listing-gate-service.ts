import { listingBlock, type ListingBlock } from '../../lib/validation/profile.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { urls } from '../../lib/urls.ts';
import { findUserById } from '../repositories/user-repository.ts';
import { checkPackageLimit, isAvailable } from './package-service.ts';
import { getPublicSettings } from './settings-service.ts';

export type ListingKind = 'property' | 'project';
/** Why adding is blocked: the profile and verification rules, or no package unit left for this kind. */
export type GateBlock = ListingBlock | 'property_list_unavailable' | 'project_list_unavailable';

/** The spec's dialogs for each reason adding a listing is blocked (section 8). */
export const listingBlockMessages: Record<GateBlock, { title: string; message: string; action: string; href: string }> =
  {
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
      href: urls.verification(),
    },
    verification_failed: {
      title: 'gate.verification',
      message: 'gate.verification_failed',
      action: 'gate.ok',
      href: urls.verification(),
    },
    verification_required: {
      title: 'gate.verification',
      message: 'gate.verification_required',
      action: 'gate.ok',
      href: urls.verification(),
    },
    property_list_unavailable: {
      title: 'gate.package',
      message: 'package.unavailable.property_list',
      action: 'gate.choose_package',
      href: `${urls.subscriptionPlan()}?feature=property_list&next=${encodeURIComponent('/user/properties?add=1')}`,
    },
    project_list_unavailable: {
      title: 'gate.package',
      message: 'package.unavailable.project_list',
      action: 'gate.choose_package',
      href: `${urls.subscriptionPlan()}?feature=project_list`,
    },
  };

/**
 * Why the user may not add a property or project now, or null: profile first, then verification if required,
 * then a package with a listing unit left (check-package-limit).
 */
export async function listingGate(
  db: Database,
  actor: SessionUser,
  kind: ListingKind = 'property',
): Promise<GateBlock | null> {
  const [user, settings] = await Promise.all([findUserById(db, actor.id), getPublicSettings(db)]);
  if (!user) throw AppError.unauthenticated();
  const block = listingBlock(user, settings.verification_required_for_user);
  if (block) return block;
  const feature = kind === 'property' ? 'property_list' : 'project_list';
  return isAvailable(await checkPackageLimit(db, actor, feature)) ? null : `${feature}_unavailable`;
}

/**
 * For the posting calls: refuse early with the dialog's message, the block as the error code. The package unit is
 * spent later, inside the save's transaction, which is what makes the last unit go to one request only.
 */
export async function assertCanAddListing(db: Database, actor: SessionUser, kind: ListingKind = 'property') {
  const block = await listingGate(db, actor, kind);
  if (block)
    throw new AppError(
      block.endsWith('_unavailable') ? 'package_not_available' : block,
      403,
      listingBlockMessages[block].message,
    );
}
