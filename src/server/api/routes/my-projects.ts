import { z } from '@hono/zod-openapi';
import {
  changeProjectStatus,
  deleteProject,
  deleteProjectSchema,
  listMyProjects,
  postProject,
  projectPostSchema,
  projectStatusSchema,
} from '../../services/project-posting-service.ts';
import { readNestedBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { page } from '../../../features/common/contract.ts';
import { paginationQuery, queryFlag } from '../schemas.ts';
import { userRoute, userWrites } from './user-route.ts';

const project = z.record(z.string(), z.unknown()).openapi('OwnProject');
const write = userWrites('my projects', project);

/** The files a project form carries besides its fields. */
const PROJECT_FILES = {
  image: 'The title image',
  'gallery_images[]': 'Gallery images',
  'documents[]': 'PDF documents or images',
  'plans[i][document]': "A plan's file, beside its plans[i][title]",
  meta_image: 'The image shared with a link',
};

const routes = {
  post: write(
    '/post_project',
    'Add a project, or edit yours when `id` is given (either waits for admin review)',
    'Multipart form: title, description, category_id, type (upcoming|under_construction), city, state, country, ' +
      'location (formatted address), latitude, longitude (both may be left out: the city centre is used), video_link, image (title image), gallery_images[], ' +
      'documents[] (PDF or images), plans[i][title] with plans[i][document] (each plan needs both), meta_title, ' +
      'meta_description, meta_keywords, meta_image, slug_id. Adding needs a complete profile, verification when ' +
      'the site requires it, and a package with project_list (one unit is spent). With `id`: any of the fields, ' +
      'plus remove_gallery_images and remove_documents (indexes, or the keys the reply gives), remove_plans ' +
      '(plan ids), remove_meta_image (1), and plans[i][id] with a title (and optionally a new document) to change a ' +
      'kept plan. A field left out stays as it is; a text field sent empty is cleared, or refused with its message ' +
      'when the project needs it (an empty slug_id keeps the slug; empty coordinates become the city centre).',
    requestBody(projectPostSchema, { files: PROJECT_FILES }),
  ),
  status: write(
    '/change-project-status',
    'Hide your project or show it again',
    'project_id, status (active|inactive).',
    requestBody(projectStatusSchema),
  ),
  delete: write(
    '/delete_project',
    'Delete your project, its plans and files',
    'id',
    requestBody(deleteProjectSchema),
    z.null(),
  ),
  list: userRoute({
    method: 'get',
    path: '/get-added-projects',
    tags: ['my projects'],
    summary: 'Your projects, whatever their review state',
    description:
      '`slug_id` one of them; with it, `get_similar=1` adds `similar`: up to 4 public projects of its category ' +
      '(as get-project-detail gives them).',
    request: {
      query: paginationQuery.extend({ slug_id: z.string().max(200).optional(), get_similar: queryFlag.optional() }),
    },
    responses: replies(page(project).extend({ similar: z.array(project).optional() }), 'Your projects'),
  }),
};

export const myProjectRoutes = newRouter()
  .openapi(routes.post, async (c) => {
    const body = await readNestedBody(c);
    const saved = await postProject(c.var, c.var.user!, body);
    return ok(c, saved, body['id'] ? 'project.updated' : 'project.posted');
  })
  .openapi(routes.status, async (c) =>
    ok(c, await changeProjectStatus(c.var, c.var.user!, await readNestedBody(c)), 'project.status_changed'),
  )
  .openapi(routes.delete, async (c) => {
    await deleteProject(c.var, c.var.user!, await readNestedBody(c));
    return ok(c, null, 'project.deleted');
  })
  .openapi(routes.list, async (c) => {
    const { offset, limit, slug_id, get_similar } = c.req.valid('query');
    const page = { offset, limit, slug: slug_id, similar: get_similar };
    return ok(c, await listMyProjects(c.var, c.var.user!, page, c.var.t.lang));
  });
