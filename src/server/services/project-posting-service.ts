import { z } from 'zod';
import { coordinatesRule, coordinatesRuleParams, listingLocationSchema } from '../../lib/validation/location.ts';
import { MAX_ID } from '../../lib/validation/ids.ts';
import { propertyFieldsSchema } from '../../lib/validation/property.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { Nested } from '../platform/form-fields.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { projectType } from '../db/schema/enums.ts';
import type { DocumentRecord, ImageRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import { nameSent, parseSent, type SentNames } from '../field-names.ts';
import { findActiveCategory } from '../repositories/property-write-repository.ts';
import * as repo from '../repositories/project-repository.ts';
import { PRIVATE_PREFIX } from '../storage/storage.ts';
import { assertCanAddListing } from './listing-gate-service.ts';
import { editedListingPoint, listingPoint } from './geocode-service.ts';
import {
  asFile,
  claimListingSlug,
  clearedFields,
  editedValues,
  formText,
  mediaRemovalFields,
  metaPatch,
  optionalText,
  readTitledFiles,
  removalField,
  removedIds,
  saveUnderFreeSlug,
} from './listing-form.ts';
import {
  deleteListingMedia,
  editedImage,
  editedListingFiles,
  MediaBatch,
  newListingFiles,
} from './listing-media-batch.ts';
import { spendPackageFeature } from './package-service.ts';
import { similarProjects } from './project-service.ts';
import { ownProjectView } from './project-view.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

export const PROJECT_TYPES = projectType.enumValues;
/** Not in the spec: a ceiling on plans per project, like the gallery's. */
export const PLANS_MAX = 20;

/**
 * The text part of post_project (files are checked separately, by their content). The fields it shares with a
 * property follow the same rules; `location` is the formatted address of the chosen place (spec section 5).
 */
export const projectFieldsSchema = propertyFieldsSchema
  .pick({
    title: true,
    description: true,
    category_id: true,
    video_link: true,
    slug_id: true,
    meta_title: true,
    meta_description: true,
    meta_keywords: true,
  })
  .extend({
    type: z.enum(PROJECT_TYPES, { error: 'project.type_invalid' }),
    ...listingLocationSchema.omit({ formatted_address: true }).shape,
    location: listingLocationSchema.shape.formatted_address,
  });
/** A whole project: coordinates may be left out only with the place named (docs/decisions/034). */
const projectInputSchema = projectFieldsSchema.superRefine(coordinatesRule, coordinatesRuleParams);
type ProjectInput = z.output<typeof projectFieldsSchema>;

/** Form text only; the property calls' names of the formatted address are taken for `location` too. */
const textFields = (body: Nested) =>
  formText(body, (fields) => {
    const alias = fields['formatted_address'] ?? fields['address'];
    if (fields['location'] === undefined && typeof alias === 'string') fields['location'] = alias;
  });
/** The name `location` was sent by, so its message goes there. */
const locationName = (body: Nested): SentNames => ({
  location: nameSent(body, ['location', 'formatted_address', 'address']),
});

function claimSlug(db: Database, wanted: string, exceptId: number | null): Promise<string> {
  return claimListingSlug(wanted, 'project', (candidate) => repo.projectSlugTaken(db, candidate, exceptId));
}

async function assertActiveCategory(db: Database, categoryId: number) {
  if (!(await findActiveCategory(db, categoryId)))
    throw AppError.validation({ category_id: ['validation.category_unknown'] });
}

/** Plans: each needs a title and a document (PDF or image); the next is added only when the current is filled. */
function readPlans(
  body: Nested,
  media: MediaBatch,
  keep: Map<number, DocumentRecord> = new Map(),
  removed: ReadonlySet<number> = new Set(),
) {
  return readTitledFiles(
    body['plans'],
    { field: 'plans', fileKey: 'document', max: PLANS_MAX, incomplete: 'project.plan_incomplete' },
    (file, field) => media.document(file, field),
    keep,
    removed,
  );
}

/** The columns every save sets from the required fields (the point found by listingPoint). */
const requiredColumns = (input: ProjectInput, point: { latitude: number; longitude: number }) => ({
  title: input.title,
  description: input.description,
  categoryId: input.category_id,
  type: input.type,
  location: input.location,
  city: input.city,
  state: input.state,
  country: input.country,
  latitude: point.latitude,
  longitude: point.longitude,
});

/** The optional text columns: those given, null for those sent empty; an edit leaves the others as they are. */
function optionalColumns(input: Partial<ProjectInput>, cleared: ReadonlySet<string> = new Set()) {
  const videoLink = optionalText(input.video_link, 'video_link', cleared);
  const columns: Partial<repo.NewProject> = { ...metaPatch(input, cleared) };
  if (videoLink !== undefined) columns.videoLink = videoLink;
  return columns;
}

// JSON bodies send the id as a number, forms as text: either one makes the call an edit.
const hasId = (body: Nested) =>
  (typeof body['id'] === 'string' && body['id'].trim() !== '') || typeof body['id'] === 'number';

/**
 * A project's files: photos are public (/uploads), plans and documents private, downloaded through
 * /api/project-file and its project_access check.
 */
const projectMediaBatch = (deps: Deps, actor: SessionUser) =>
  new MediaBatch(deps, `projects/u${actor.id}`, `${PRIVATE_PREFIX}projects/u${actor.id}`);

/**
 * post_project: without `id`, a new project: the gates of spec sections 5-6 (profile, verification, a package
 * with project_list), every field checked, media checked by content, a unique slug, the row, its plans and the
 * package unit in one transaction. With `id`, an edit of the caller's own project (the spec has no separate
 * update call). New and edited projects wait for review.
 */
export async function postProject(deps: Deps, actor: SessionUser, body: Nested) {
  if (hasId(body)) return updateProject(deps, actor, body);
  await assertCanAddListing(deps.db, actor, 'project');
  const input = parseSent(projectInputSchema, textFields(body), locationName(body));
  await assertActiveCategory(deps.db, input.category_id);
  const point = await listingPoint(deps.db, input);
  const imageFile = asFile(body['image']);
  if (!imageFile) throw AppError.validation({ image: ['validation.title_image_required'] });
  const files = newListingFiles(body);

  const media = projectMediaBatch(deps, actor);
  return media.run(async () => {
    const image = await media.image(imageFile, 'image');
    const galleryImages = await media.images(files.gallery, 'gallery_images');
    const documents = await media.documents(files.documents, 'documents');
    const metaFile = asFile(body['meta_image']);
    const metaImage = metaFile ? await media.image(metaFile, 'meta_image') : null;
    const plans = await readPlans(body, media);
    const claim = () => claimSlug(deps.db, input.slug_id || input.title, null);

    const project = await saveUnderFreeSlug(claim, (slug) =>
      deps.db.transaction(async (tx) => {
        await spendPackageFeature(tx, actor, 'project_list');
        const row = await repo.insertProject(tx, {
          ownerId: actor.id,
          slug,
          ...requiredColumns(input, point),
          ...optionalColumns(input),
          image,
          galleryImages,
          documents,
          metaImage,
          adminStatus: 'pending',
          status: 'active',
        });
        const add = plans.map((p) => ({ title: p.title, document: p.file }));
        await repo.savePlans(tx, row.id, { remove: [], update: [], add });
        return row;
      }),
    );
    return ownProjectView(deps, project);
  });
}

/** A row id as forms send it; PostgreSQL integers end at MAX_ID (2^31 - 1). */
const idSchema = z.coerce.number({ error: 'validation.required' }).int().positive().max(MAX_ID);
const ownedId = (body: Nested) => idSchema.parse(body['id']);

/** delete_project's body. */
export const deleteProjectSchema = z.object({ id: idSchema });

/** post_project's body: a new project's fields, or with `id` an edit of any of them and what to take away. */
export const projectPostSchema = z
  .object({
    id: idSchema.optional().describe('Edits this project of yours; any field may then be left out'),
    plans: z
      .array(z.object({ id: idSchema.optional(), title: z.string().max(200) }))
      .max(PLANS_MAX)
      .optional()
      .describe('Each with its file as plans[i][document]; an id changes a kept plan'),
    ...mediaRemovalFields,
    remove_plans: removalField('Plans to take away, by id'),
  })
  .and(projectFieldsSchema);

async function ownedProject(deps: Deps, actor: SessionUser, by: { id: number } | { slug: string }) {
  const project = await repo.findOwnedProject(deps.db, by, actor.id);
  if (!project) throw AppError.notFound('project.not_found');
  return project;
}

/**
 * post_project with `id`: the owner's own project only. A field left out stays as it is; a text field sent empty
 * is cleared, or refused with its message when the project needs it (docs/decisions/034); cleared coordinates
 * become the place's centre, and so do the saved ones sent back with a new place; an empty slug_id keeps the
 * slug. Files are added; remove_gallery_images / remove_documents (indexes or keys), remove_meta_image and
 * remove_plans (plan ids) take media away; `plans[i][id]` with a title (and optionally a new document) changes a
 * kept plan. The edit goes back to review.
 */
export async function updateProject(deps: Deps, actor: SessionUser, body: Nested) {
  const id = ownedId(body);
  const current = await ownedProject(deps, actor, { id });
  const cleared = clearedFields(body);
  // The property calls' names of the formatted address clear it too.
  if (body['location'] === undefined && (cleared.has('formatted_address') || cleared.has('address')))
    cleared.add('location');
  const names = locationName(body);
  const partial = parseSent(projectFieldsSchema.partial(), textFields(body), names);
  const saved: Record<string, unknown> = {
    title: current.title,
    description: current.description,
    category_id: current.categoryId,
    type: current.type,
    location: current.location,
    city: current.city,
    state: current.state,
    country: current.country,
    latitude: current.latitude ?? undefined,
    longitude: current.longitude ?? undefined,
  };
  const merged = parseSent(projectInputSchema, editedValues(saved, partial, cleared), names);
  if (partial.category_id) await assertActiveCategory(deps.db, merged.category_id);
  const point = await editedListingPoint(deps.db, current, merged);

  const currentPlans = await repo.listPlans(deps.db, id);
  const removePlans = removedIds(body['remove_plans']);
  const keptPlans = currentPlans.filter((plan) => !removePlans.has(plan.id));
  const media = projectMediaBatch(deps, actor);
  return media.run(async () => {
    const { gallery, documents, dropped } = await editedListingFiles(media, body, current);
    const patch: Partial<repo.NewProject> = {
      ...requiredColumns(merged, point),
      ...optionalColumns(partial, cleared),
      galleryImages: gallery,
      documents,
      adminStatus: 'pending',
      rejectReason: null,
    };
    if (partial.slug_id) patch.slug = await claimSlug(deps.db, partial.slug_id, id);
    const replaced: (ImageRecord | DocumentRecord | null)[] = [];
    const imageFile = asFile(body['image']);
    if (imageFile) {
      patch.image = await media.image(imageFile, 'image');
      replaced.push(current.image);
    }
    // Without a share image, the project's image is shared instead.
    const metaImage = await editedImage(body, media, 'meta_image', current.metaImage, replaced);
    if (metaImage !== undefined) patch.metaImage = metaImage;
    const rows = await readPlans(body, media, new Map(keptPlans.map((p) => [p.id, p.document])), removePlans);
    const update = rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, title: r.title, document: r.file }]));
    const add = rows.filter((r) => r.id === null).map((r) => ({ title: r.title, document: r.file }));
    if (keptPlans.length + add.length > PLANS_MAX) throw AppError.validation({ plans: ['validation.too_many_files'] });
    const removedPlans = currentPlans.filter((p) => !keptPlans.includes(p));
    replaced.push(...removedPlans.map((p) => p.document));
    for (const plan of update) {
      const before = keptPlans.find((p) => p.id === plan.id)!;
      if (before.document !== plan.document) replaced.push(before.document);
    }

    const updated = await deps.db.transaction(async (tx) => {
      const row = await repo.updateProjectRow(tx, id, patch);
      await repo.savePlans(tx, id, { remove: removedPlans.map((p) => p.id), update, add });
      return row;
    });
    await deleteListingMedia(deps, [...dropped, ...replaced]);
    return ownProjectView(deps, updated);
  });
}

/** change-project-status's body. */
export const projectStatusSchema = z.object({
  project_id: idSchema,
  status: z.enum(['active', 'inactive'], { error: 'project.status_invalid' }),
});

/** change-project-status: the owner hides their project or shows it again (it stays in its review state). */
export async function changeProjectStatus(deps: Deps, actor: SessionUser, body: Nested) {
  const input = projectStatusSchema.parse(formText(body));
  const current = await ownedProject(deps, actor, { id: input.project_id });
  return ownProjectView(deps, await repo.updateProjectRow(deps.db, current.id, { status: input.status }));
}

/** delete_project: the owner's own project, its plans (cascade) and every file. */
export async function deleteProject(deps: Deps, actor: SessionUser, body: Nested) {
  const current = await ownedProject(deps, actor, { id: ownedId(body) });
  const plans = await repo.listPlans(deps.db, current.id);
  await repo.deleteProjectRow(deps.db, current.id);
  await deleteListingMedia(deps, [...projectMedia(current), ...plans.map((p) => p.document)]);
}

type ProjectMediaColumns = Pick<repo.ProjectRow, 'image' | 'metaImage' | 'galleryImages' | 'documents'>;

/** The files a project row points at (its plans are rows of their own). */
const projectMedia = (row: ProjectMediaColumns) => [row.image, row.metaImage, ...row.galleryImages, ...row.documents];

/** Every file of an owner's projects, read before their account (and with it the rows) is deleted. */
export async function ownerProjectMedia(db: Executor, ownerId: number) {
  const { projects, plans } = await repo.listOwnerProjectMedia(db, ownerId);
  return [...projects.flatMap(projectMedia), ...plans.map((p) => p.document)];
}

/**
 * get-added-projects: the owner's projects whatever their review state, newest first, or one by slug_id; with
 * `similar` (the spec's get_similar, for slug_id), the public projects of its category too.
 */
export async function listMyProjects(
  deps: Deps,
  actor: SessionUser,
  page: { offset: number; limit: number; slug?: string | undefined; similar?: boolean | undefined },
  lang: string,
) {
  if (page.similar && !page.slug) throw AppError.validation({ slug_id: ['project.similar_needs_project'] });
  const { rows, total } = await repo.listOwnedProjectRows(deps.db, actor.id, page);
  const items = await Promise.all(rows.map((row) => ownProjectView(deps, row)));
  const named = rows[0];
  if (!page.similar) return { total, offset: page.offset, limit: page.limit, items };
  const similar = named ? await similarProjects(deps, named, actor, lang) : [];
  return { total, offset: page.offset, limit: page.limit, items, similar };
}

/** One of the owner's projects as the owner sees it; someone else's is not found. */
export async function getOwnProject(deps: Deps, actor: SessionUser, by: { id: number } | { slug: string }) {
  return ownProjectView(deps, await ownedProject(deps, actor, by));
}
