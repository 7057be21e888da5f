import { createRoute, z } from '@hono/zod-openapi';
import { POSTED_SINCE } from '../../../features/search/listing-filter.ts';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import { AppError } from '../../errors.ts';
import { PROJECT_TYPES } from '../../services/project-posting-service.ts';
import { projectDetail, projectFile, searchProjects } from '../../services/project-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';
import { imageReply, page } from '../../../features/common/contract.ts';
import { ownerCard } from '../../../features/listings/contract.ts';
import { paginationQuery, queryFlag, seoMetaReply } from '../schemas.ts';
import { storedFileResponse } from '../../storage/file-response.ts';

/* Query values: an empty value means "not given", as the spec's clients leave empty fields out. */
const idQuery = z
  .string()
  .regex(/^\d{0,9}$/, 'listing.invalid_id')
  .optional()
  .transform((v) => (v ? Number(v) : undefined))
  .openapi({ type: 'integer' });
const textQuery = z
  .string()
  .trim()
  .max(100, 'listing.invalid_text')
  .optional()
  .transform((v) => v || undefined);
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional())
    .openapi({ type: 'string', enum: [...values] });

const listQuery = paginationQuery.extend({
  userid: idQuery,
  id: idQuery,
  slug_id: textQuery,
  search: textQuery,
  get_similar: queryFlag.optional(),
  category_id: idQuery,
  type: choice(PROJECT_TYPES, 'project.type_invalid'),
  city: textQuery,
  state: textQuery,
  country: textQuery,
  posted_since: choice(POSTED_SINCE, 'listing.invalid_posted_since'),
});

/* Reply shapes. */
const image = imageReply;
const categoryRef = z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable();
const projectType = z.enum(PROJECT_TYPES);
const place = {
  location: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};
const fileRef = z.object({ url: z.string(), name: z.string(), content_type: z.string(), size: z.number() });

const projectCard = z
  .object({
    id: z.number(),
    slug_id: z.string(),
    title: z.string(),
    type: projectType,
    image,
    ...place,
    category: categoryRef,
    created_at: z.string(),
    status: z.enum(['active', 'inactive', 'sold', 'rented']),
    admin_status: z.enum(['pending', 'approved', 'rejected']).nullable().openapi({ description: 'Owner only' }),
  })
  .openapi('ProjectCard');

const projectDetailShape = z
  .object({
    id: z.number(),
    slug_id: z.string(),
    title: z.string(),
    description: z.string(),
    type: projectType,
    category: categoryRef,
    image,
    gallery_images: z.array(image.unwrap()),
    video_link: z.string().nullable(),
    location: z.object(place),
    owner: ownerCard,
    access: z.boolean().openapi({ description: 'Whether plans and documents are included (project_access)' }),
    access_message: z.string().nullable(),
    plans: z.array(z.object({ id: z.number(), title: z.string(), document: fileRef })),
    documents: z.array(fileRef),
    plan_count: z.number(),
    document_count: z.number(),
    ...seoMetaReply,
    created_at: z.string(),
    updated_at: z.string(),
    similar: z.array(projectCard),
    is_owner: z.boolean(),
    is_public: z.boolean(),
    status: z.enum(['active', 'inactive', 'sold', 'rented']),
    admin_status: z.enum(['pending', 'approved', 'rejected']).nullable().openapi({ description: 'Owner and admins' }),
    reject_reason: z.string().nullable().openapi({ description: 'Owner and admins' }),
  })
  .openapi('ProjectDetail');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/get-projects',
    tags: ['projects'],
    summary: 'A page of public projects, filtered',
    description:
      'Approved, active projects, newest first; the token is optional. Every parameter is optional and empty ones ' +
      "are ignored: `userid` one owner's projects, `id` / `slug_id` one project, `search` full text (words, " +
      '"a phrase", -excluded), `category_id`, `type` upcoming|under_construction, `city`, `state`, `country` ' +
      '(case-insensitive), `posted_since` today|yesterday|last_week|last_month|last_3_months|last_6_months, ' +
      '`get_similar=1` with `id` or `slug_id`: the same category without that project; `offset`, `limit` (at ' +
      'most 100). A signed-in owner naming their own projects (userid, id or slug_id) sees them in any state.',
    request: { query: listQuery },
    responses: replies(page(projectCard), 'Projects'),
  }),
  detail: createRoute({
    method: 'get',
    path: '/get-project-detail',
    tags: ['projects'],
    summary: 'One project with its plans, documents, gallery, owner and similar projects',
    description:
      '`slug_id` (or `id`); `get_similar=1` adds up to 4 projects of the same category. Plans and documents need ' +
      'a package with project_access: without one, they are left out, `access` is false and the message says ' +
      "why (the owner and admins always see them). The owner's email and mobile go to signed-in callers only.",
    request: { query: z.object({ slug_id: textQuery, id: idQuery, get_similar: queryFlag.optional() }) },
    responses: replies(projectDetailShape, 'A project'),
  }),
  file: createRoute({
    method: 'get',
    path: '/project-file/{project_id}/{name}',
    tags: ['projects'],
    summary: "Download a project's plan or document (project_access)",
    description:
      'The URLs get-project-detail and get-added-projects give for plans and documents. The token (or session ' +
      "cookie) is optional: the project's owner and admins always get the file; others only from a public " +
      'project and with a package that includes project_access (403 otherwise). These files are never served ' +
      'from /uploads.',
    request: {
      params: z.object({
        project_id: z.coerce.number().int().positive().max(MAX_ID),
        name: z.string().regex(/^[\w.-]{1,200}$/),
      }),
    },
    responses: { 200: { description: 'The file' } },
  }),
};

export const projectRoutes = newRouter()
  .openapi(routes.list, async (c) => {
    const q = c.req.valid('query');
    const search = {
      userId: q.userid,
      id: q.id,
      slug: q.slug_id,
      search: q.search,
      similar: q.get_similar,
      categoryId: q.category_id,
      type: q.type,
      city: q.city,
      state: q.state,
      country: q.country,
      postedSince: q.posted_since,
    };
    return ok(c, await searchProjects(c.var, c.var.user, search, { offset: q.offset, limit: q.limit }, c.var.t.lang));
  })
  .openapi(routes.detail, async (c) => {
    const { slug_id, id, get_similar } = c.req.valid('query');
    if (!slug_id && !id) throw AppError.validation({ slug_id: ['validation.required'] });
    const by = slug_id ? { slug: slug_id } : { id: id! };
    const detail = await projectDetail(c.var, by, c.var.user, c.var.t.lang, { similar: get_similar ?? false });
    const message = detail.access_message ?? 'api.ok';
    return ok(c, { ...detail, access_message: detail.access_message && c.var.t(detail.access_message) }, message);
  })
  .openapi(routes.file, async (c) => {
    const { project_id, name } = c.req.valid('param');
    const file = await projectFile(c.var, c.var.user, project_id, name);
    // Who may read it depends on the caller's package: never kept by a shared cache.
    return storedFileResponse(file, { inline: false, name: file.name, cacheControl: 'private, no-store' });
  });
