import { isProfileComplete } from '../../lib/validation/profile.ts';
import type { UserRow } from '../repositories/user-repository.ts';
import type { FileStorage } from '../storage/storage.ts';
import { imageView } from './image-view.ts';

/** The signed-in user's own record as the API returns it: the spec's field names, nothing secret. */
export function ownUserView(user: UserRow, storage: FileStorage) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    type: user.type,
    logintype: user.logintype,
    profile: imageView(storage, user.profileImage),
    address: user.address,
    city: user.city,
    state: user.state,
    country: user.country,
    latitude: user.latitude,
    longitude: user.longitude,
    about_me: user.aboutMe,
    facebook_id: user.facebookId,
    twiiter_id: user.twitterId,
    instagram_id: user.instagramId,
    youtube_id: user.youtubeId,
    linkedin_id: user.linkedinId,
    notification: user.notificationsEnabled ? 1 : 0,
    verification_status: user.verificationStatus,
    is_profile_complete: isProfileComplete(user),
    slug_id: user.slug,
    created_at: user.createdAt.toISOString(),
  };
}
export type OwnUserView = ReturnType<typeof ownUserView>;
