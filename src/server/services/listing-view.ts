import type { SessionUser } from '../auth/session-user.ts';
import type { DocumentRecord, ImageRecord } from '../db/schema/media-types.ts';
import type { FileStorage } from '../storage/storage.ts';
import { imageView } from './image-view.ts';

/** A stored document as clients receive it: a download URL instead of its storage key. */
export function documentView(storage: FileStorage, doc: DocumentRecord) {
  return { url: storage.url(doc.key), name: doc.name, content_type: doc.contentType, size: doc.size };
}
export type DocumentView = ReturnType<typeof documentView>;

/** What a property and a project open with as their owner sees them, in the spec's names. */
export const ownBasicsView = (row: {
  id: number;
  slug: string;
  title: string;
  description: string;
  categoryId: number;
}) => ({
  id: row.id,
  slug_id: row.slug,
  title: row.title,
  description: row.description,
  category_id: row.categoryId,
});

/** A listing's SEO fields as clients receive them. */
export function metaView(
  storage: FileStorage,
  row: {
    metaTitle: string | null;
    metaDescription: string | null;
    metaKeywords: string | null;
    metaImage: ImageRecord | null;
  },
) {
  return {
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    meta_image: imageView(storage, row.metaImage),
  };
}

/** The owner of a listing as a detail shows them; email and mobile go to signed-in viewers only. */
export function ownerCardView(
  storage: FileStorage,
  owner: {
    id: number;
    name: string;
    slug: string;
    profileImage: ImageRecord | null;
    type: 'user' | 'agent' | 'admin';
    verificationStatus: string;
    email: string | null;
    mobile: string | null;
  },
  viewer: SessionUser | null,
) {
  return {
    id: owner.id,
    name: owner.name,
    slug_id: owner.slug,
    profile: imageView(storage, owner.profileImage),
    type: owner.type,
    is_verified: owner.verificationStatus === 'success',
    email: viewer ? owner.email : null,
    mobile: viewer ? owner.mobile : null,
  };
}
export type OwnerCardView = ReturnType<typeof ownerCardView>;
