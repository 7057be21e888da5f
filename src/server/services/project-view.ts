import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import {
  listPlans,
  type ProjectListRow,
  type ProjectPlanRow,
  type ProjectRow,
} from '../repositories/project-repository.ts';
import type { DocumentRecord } from '../db/schema/media-types.ts';
import type { FileStorage } from '../storage/storage.ts';
import { siteUrl } from '../web/site.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';
import { imageView, ownImageView } from './image-view.ts';
import { metaView, ownBasicsView } from './listing-view.ts';

/** Where a project is: the formatted address and the parts of the chosen place. */
export const placeView = (row: ProjectRow) => ({
  location: row.location,
  city: row.city,
  state: row.state,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
});

/** How a project's plan or document is named in its download address: the last part of its stored key. */
export const projectFileName = (doc: DocumentRecord) => doc.key.slice(doc.key.lastIndexOf('/') + 1);

/**
 * A project's plan or document as clients receive it. Its URL is the download behind the project_access check
 * (/api/project-file), never the file's public address: plans and documents are for package holders only. Like
 * every download behind a check, absolute on PUBLIC_URL, for pages and clients on other hosts alike (043).
 */
export const projectDocumentView = (projectId: number, doc: DocumentRecord) => ({
  url: siteUrl(`/api/project-file/${projectId}/${encodeURIComponent(projectFileName(doc))}`).href,
  name: doc.name,
  content_type: doc.contentType,
  size: doc.size,
});

export const planView = (plan: ProjectPlanRow) => ({
  id: plan.id,
  title: plan.title,
  document: projectDocumentView(plan.projectId, plan.document),
});

/**
 * A project as its owner sees it: every field in the spec's names, media as URLs (gallery photos and documents with
 * the keys an edit names to remove them), review state included.
 */
export async function ownProjectView(deps: Pick<ServerDeps, 'db' | 'storage'>, row: ProjectRow) {
  const plans = await listPlans(deps.db, row.id);
  const { storage } = deps;
  return {
    ...ownBasicsView(row),
    type: row.type,
    ...placeView(row),
    image: imageView(storage, row.image),
    gallery_images: row.galleryImages.map((img) => ownImageView(storage, img)),
    documents: row.documents.map((doc) => ({ key: doc.key, ...projectDocumentView(row.id, doc) })),
    plans: plans.map(planView),
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

/** A project's category, named in `lang`. */
export const projectCategoryView = (lang: string, category: ProjectListRow['category']) =>
  category && { id: category.id, name: nameIn(lang, category.name, category.names), slug: category.slug };

/** A project in a list: the summary anyone may see, its category named in `lang`; the review state only for its owner. */
export function projectCardView(
  storage: FileStorage,
  { project: row, category }: ProjectListRow,
  viewer: SessionUser | null,
  lang: string,
) {
  const isOwner = viewer?.id === row.ownerId;
  return {
    id: row.id,
    slug_id: row.slug,
    title: row.title,
    type: row.type,
    image: imageView(storage, row.image),
    ...placeView(row),
    category: projectCategoryView(lang, category),
    created_at: row.createdAt.toISOString(),
    status: row.status,
    admin_status: isOwner ? row.adminStatus : null,
  };
}
export type ProjectCardView = ReturnType<typeof projectCardView>;
