/** Gates on adding a property or project (spec section 5), shared by the buttons and the API. */

export type VerificationStatus = 'initial' | 'pending' | 'success' | 'failed';

export interface ProfileFields {
  name?: string | null;
  email?: string | null;
  mobile?: string | null;
  /** The stored photo record; the API names it `profile`, the database `profileImage`. Either is accepted. */
  profileImage?: unknown;
  profile?: unknown;
  address?: string | null;
}

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v !== null && v !== undefined);

/** Complete only when name, email, mobile, profile image and address are all set. */
export function isProfileComplete(user: ProfileFields): boolean {
  return (
    filled(user.name) &&
    filled(user.email) &&
    filled(user.mobile) &&
    (filled(user.profileImage) || filled(user.profile)) &&
    filled(user.address)
  );
}

/** Why adding a listing is blocked; each maps to one dialog of spec section 8. */
export type ListingBlock =
  'profile_incomplete' | 'verification_pending' | 'verification_failed' | 'verification_required';

/**
 * null when the user may add a property or project. The profile is checked first; verification only when the
 * setting verification_required_for_user is on, and then only status success passes.
 */
export function listingBlock(
  user: ProfileFields & { verificationStatus?: VerificationStatus | null },
  verificationRequired: boolean,
): ListingBlock | null {
  if (!isProfileComplete(user)) return 'profile_incomplete';
  if (!verificationRequired || user.verificationStatus === 'success') return null;
  if (user.verificationStatus === 'pending') return 'verification_pending';
  if (user.verificationStatus === 'failed') return 'verification_failed';
  return 'verification_required';
}
