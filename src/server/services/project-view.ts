import type { ApiDeps } from '../api/context.ts';
import type { SessionUser } from '../auth/session-user.ts';
import {
  listPlans,
  type ProjectListRow,
  type ProjectPlanRow,
  type ProjectRow,
} from '../repositories/project-repository.ts';
import type { FileStorage } from '../storage/storage.ts';
import { imageView } from './image-view.ts';
import { documentView, metaView } from './listing-view.ts';

/** Where a project is: the formatted address and the parts of the chosen place. */
export const placeView = (row: ProjectRow) => ({
  location: row.location,
  city: row.city,
  state: row.state,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
});

export const planView = (storage: FileStorage, plan: ProjectPlanRow) => ({
  id: plan.id,
  title: plan.title,
  document: documentView(storage, plan.document),
});

/** A project as its owner sees it: every field in the spec's names, media as URLs, review state included. */
export async function ownProjectView(deps: Pick<ApiDeps, 'db' | 'storage'>, row: ProjectRow) {
  const plans = await listPlans(deps.db, row.id);
  const { storage } = deps;
  return {
    id: row.id,
    slug_id: row.slug,
    title: row.title,
    description: row.description,
    category_id: row.categoryId,
    type: row.type,
    ...placeView(row),
    image: imageView(storage, row.image),
    gallery_images: row.galleryImages.map((img) => imageView(storage, img)!),
    documents: row.documents.map((doc) => documentView(storage, doc)),
    plans: plans.map((plan) => planView(storage, plan)),
    video_link: row.videoLink,
    ...metaView(storage, row),
    status: row.status,
    admin_status: row.adminStatus,
    reject_reason: row.rejectReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type OwnProjectView = Awaited<ReturnType<typeof ownProjectView>>;

/** A project in a list: the summary anyone may see; the review state only for its owner. */
export function projectCardView(
  storage: FileStorage,
  { project: row, category }: ProjectListRow,
  viewer: SessionUser | null,
) {
  const isOwner = viewer?.id === row.ownerId;
  return {
    id: row.id,
    slug_id: row.slug,
    title: row.title,
    type: row.type,
    image: imageView(storage, row.image),
    ...placeView(row),
    category,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    admin_status: isOwner ? row.adminStatus : null,
  };
}
export type ProjectCardView = ReturnType<typeof projectCardView>;
