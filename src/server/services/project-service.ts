import type { PostedSince } from '../../features/search/listing-filter.ts';
import type { ServerDeps } from '../platform/deps.ts';
import { isAdmin, type SessionUser } from '../auth/session-user.ts';
import { AppError } from '../errors.ts';
import {
  findProjectAccess,
  findProjectWithOwner,
  isPublicProject,
  listPlans,
  listProjects,
  type ProjectFilter,
  type ProjectType,
} from '../repositories/project-repository.ts';
import { imageView } from './image-view.ts';
import { metaView, ownerCardView } from './listing-view.ts';
import { hasPackageFeature } from './package-service.ts';
import { postedSinceDate } from './property-service.ts';
import {
  placeView,
  planView,
  projectCardView,
  projectCategoryView,
  projectDocumentView,
  projectFileName,
  type ProjectCardView,
} from './project-view.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type Page = { offset: number; limit: number };
type By = { id: number } | { slug: string };

const SIMILAR_COUNT = 4;

/** The message shown instead of plans and documents to a viewer without project access (spec section 6). */
export const PROJECT_ACCESS_MESSAGE = 'package.unavailable.project_access';

/** Who may see a project at all: everyone when it is public; its owner and admins whatever its state. */
const canSee = (row: { adminStatus: string; status: string; ownerId: number }, viewer: SessionUser | null) =>
  isPublicProject(row) || row.ownerId === viewer?.id || isAdmin(viewer);

/** get-projects criteria in the service's terms. */
export interface ProjectSearch {
  userId?: number | undefined;
  id?: number | undefined;
  slug?: string | undefined;
  search?: string | undefined;
  /** Projects of the same category as the one named by id or slug, without it. */
  similar?: boolean | undefined;
  categoryId?: number | undefined;
  type?: ProjectType | undefined;
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  postedSince?: PostedSince | undefined;
}

async function searchFilter(deps: Deps, viewer: SessionUser | null, search: ProjectSearch, now: Date) {
  const named: By | undefined = search.id ? { id: search.id } : search.slug ? { slug: search.slug } : undefined;
  const filter: ProjectFilter = {
    search: search.search,
    categoryId: search.categoryId,
    type: search.type,
    city: search.city,
    state: search.state,
    country: search.country,
    postedAfter: search.postedSince ? postedSinceDate(search.postedSince, now) : undefined,
    ownerId: search.userId,
  };
  if (search.similar) {
    if (!named) throw AppError.validation({ id: ['project.similar_needs_project'] });
    const reference = await findProjectAccess(deps.db, named);
    // A project the viewer may not see does not exist for them, not even through its similar projects.
    if (!reference || !canSee(reference, viewer)) throw AppError.notFound('project.not_found');
    if (filter.categoryId && filter.categoryId !== reference.categoryId) return null;
    return { ...filter, categoryId: reference.categoryId, exceptId: reference.id };
  }
  // An owner asking for their own projects (by userid, id or slug_id) sees them whatever their state.
  const ownRequest = viewer !== null && (search.userId === viewer.id || named !== undefined);
  return { ...filter, id: search.id, slug: search.slug, visibleTo: ownRequest ? viewer.id : undefined };
}

/** get-projects and the /projects page: public projects matching the criteria, newest first, one page. */
export async function searchProjects(
  deps: Deps,
  viewer: SessionUser | null,
  search: ProjectSearch,
  page: Page,
  lang: string,
  now = new Date(),
): Promise<{ total: number; offset: number; limit: number; items: ProjectCardView[] }> {
  const filter = await searchFilter(deps, viewer, search, now);
  if (!filter) return { total: 0, ...page, items: [] };
  const { rows, total } = await listProjects(deps.db, filter, page);
  return { total, ...page, items: rows.map((row) => projectCardView(deps.storage, row, viewer, lang)) };
}

/** Public projects of the same category as `project`, without it: a project's "similar projects", a few. */
export async function similarProjects(
  deps: Deps,
  project: { id: number; categoryId: number },
  viewer: SessionUser | null,
  lang: string,
) {
  const filter = { categoryId: project.categoryId, exceptId: project.id };
  const { rows } = await listProjects(deps.db, filter, { offset: 0, limit: SIMILAR_COUNT });
  return rows.map((row) => projectCardView(deps.storage, row, viewer, lang));
}

/** A project's owner and admins: they see its review state, and always its plans and documents. */
const isPrivileged = (viewer: SessionUser | null, row: { ownerId: number }) =>
  viewer?.id === row.ownerId || isAdmin(viewer);

/** Plans and documents (the detail's lists and their downloads): privileged viewers, others with project_access. */
const hasFileAccess = async (db: Deps['db'], viewer: SessionUser | null, row: { ownerId: number }) =>
  isPrivileged(viewer, row) || hasPackageFeature(db, viewer, 'project_access');

/**
 * get-project-detail and the detail page: the project with its category, owner card, gallery and similar
 * projects. The public sees approved, active projects; the owner and admins see it whatever its state. Plans and
 * documents go to viewers whose package includes project_access, and always to the owner and admins; anyone
 * else gets `access: false`, the message why, and how many there are.
 */
export async function projectDetail(
  deps: Deps,
  by: By,
  viewer: SessionUser | null,
  lang: string,
  options: { similar?: boolean } = {},
) {
  const found = await findProjectWithOwner(deps.db, by);
  if (!found || !canSee(found.project, viewer)) throw AppError.notFound('project.not_found');
  const { project: row, owner, category } = found;
  const { storage } = deps;
  const isOwner = viewer?.id === row.ownerId;
  const privileged = isPrivileged(viewer, row);
  const [access, plans, similar] = await Promise.all([
    hasFileAccess(deps.db, viewer, row),
    listPlans(deps.db, row.id),
    options.similar === false ? Promise.resolve([]) : similarProjects(deps, row, viewer, lang),
  ]);
  return {
    id: row.id,
    slug_id: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    category: projectCategoryView(lang, category),
    image: imageView(storage, row.image),
    gallery_images: row.galleryImages.map((image) => imageView(storage, image)!),
    video_link: row.videoLink,
    location: placeView(row),
    owner: ownerCardView(storage, owner, viewer),
    access,
    access_message: access ? null : PROJECT_ACCESS_MESSAGE,
    plans: access ? plans.map(planView) : [],
    documents: access ? row.documents.map((doc) => projectDocumentView(row.id, doc)) : [],
    plan_count: plans.length,
    document_count: row.documents.length,
    ...metaView(storage, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    similar,
    is_owner: isOwner,
    is_public: isPublicProject(row),
    status: row.status,
    // The review state is the owner's (and the moderators') business.
    admin_status: privileged ? row.adminStatus : null,
    reject_reason: privileged ? row.rejectReason : null,
  };
}
export type ProjectDetail = Awaited<ReturnType<typeof projectDetail>>;

/**
 * The detail page's address for what a link names: a slug, or (old links, spec section 2) a numeric id, answered
 * with the project's slug so the page can redirect to its one canonical URL.
 */
export async function projectDetailByPath(deps: Deps, slugOrId: string, viewer: SessionUser | null, lang: string) {
  try {
    return await projectDetail(deps, { slug: slugOrId }, viewer, lang);
  } catch (error) {
    const id = Number(slugOrId);
    if (!(error instanceof AppError) || error.status !== 404 || !/^\d{1,9}$/.test(slugOrId)) throw error;
    return projectDetail(deps, { id }, viewer, lang, { similar: false });
  }
}

/**
 * /api/project-file: a plan's or document's file, for those who see them on the project (projectDetail): its
 * owner and admins always, others when the project is public and their package includes project_access. A
 * project the viewer may not see, or a file it does not hold, is not found; no access is forbidden.
 */
export async function projectFile(deps: Deps, viewer: SessionUser | null, projectId: number, name: string) {
  const found = await findProjectWithOwner(deps.db, { id: projectId });
  if (!found || !canSee(found.project, viewer)) throw AppError.notFound('project.not_found');
  const row = found.project;
  if (!(await hasFileAccess(deps.db, viewer, row))) throw AppError.forbidden(PROJECT_ACCESS_MESSAGE);
  const plans = await listPlans(deps.db, row.id);
  const document = [...row.documents, ...plans.map((plan) => plan.document)].find(
    (doc) => projectFileName(doc) === name,
  );
  if (!document) throw AppError.notFound();
  const file = await deps.storage.get(document.key);
  if (!file) throw AppError.notFound();
  return { ...file, name: document.name };
}
