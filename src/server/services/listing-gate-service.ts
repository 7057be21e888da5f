import { listingBlock, type ListingBlock } from '../../lib/validation/profile.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { urls } from '../../lib/urls.ts';
import { findUserById } from '../repositories/user-repository.ts';
import { checkPackageLimit, freeListingPackage, isAvailable } from './package-service.ts';
import { getPublicSettings } from './settings-service.ts';

export type ListingKind = 'property' | 'project';
/**
 * Why adding is blocked: the profile and verification rules, no package at all (and no free one to start), or no
 * unit left in the packages held.
 */
export type GateBlock =
  ListingBlock | 'property_list_none' | 'project_list_none' | 'property_list_unavailable' | 'project_list_unavailable';

const PROPERTY_PLANS = `${urls.subscriptionPlan()}?feature=property_list&next=${encodeURIComponent('/user/properties?add=1')}`;
const PROJECT_PLANS = `${urls.subscriptionPlan()}?feature=project_list`;

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
    property_list_none: {
      title: 'gate.package',
      message: 'package.none.property_list',
      action: 'gate.choose_package',
      href: PROPERTY_PLANS,
    },
    project_list_none: {
      title: 'gate.package',
      message: 'package.none.project_list',
      action: 'gate.choose_package',
      href: PROJECT_PLANS,
    },
    property_list_unavailable: {
      title: 'gate.package',
      message: 'package.unavailable.property_list',
      action: 'gate.choose_package',
      href: PROPERTY_PLANS,
    },
    project_list_unavailable: {
      title: 'gate.package',
      message: 'package.unavailable.project_list',
      action: 'gate.choose_package',
      href: PROJECT_PLANS,
    },
  };

/**
 * Why the user may not add a property or project now, or null: profile first, then verification if required,
 * then a package with a listing unit left (check-package-limit). A user holding no package passes when the site
 * has a free one: the listing starts it (spendPackageFeature).
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
  const check = await checkPackageLimit(db, actor, feature);
  if (isAvailable(check)) return null;
  if (check.package_available) return `${feature}_unavailable`;
  return (await freeListingPackage(db, feature)) ? null : `${feature}_none`;
}

/**
 * For the posting calls: refuse early with the dialog's message, the block as the error code. The package unit is
 * spent later, inside the save's transaction, which is what makes the last unit go to one request only.
 */
export async function assertCanAddListing(db: Database, actor: SessionUser, kind: ListingKind = 'property') {
  const block = await listingGate(db, actor, kind);
  if (block)
    throw new AppError(
      block.startsWith('property_list') || block.startsWith('project_list') ? 'package_not_available' : block,
      403,
      listingBlockMessages[block].message,
    );
}
