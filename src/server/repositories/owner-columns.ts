import { users } from '../db/schema/index.ts';

/** What a listing's page shows of its owner (contact details only reach signed-in viewers: see listing-view). */
export const listingOwnerColumns = {
  id: users.id,
  name: users.name,
  slug: users.slug,
  profileImage: users.profileImage,
  type: users.type,
  verificationStatus: users.verificationStatus,
  email: users.email,
  mobile: users.mobile,
};
