import { z } from '@hono/zod-openapi';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import {
  applyForVerification,
  verificationApplicationSchema,
  verificationFile,
  verificationFormFields,
  verificationFormValues,
} from '../../services/verification-service.ts';
import { readNestedBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { storedFileResponse } from '../../storage/file-response.ts';
import { userRoute } from './user-route.ts';

const fieldView = z
  .object({
    id: z.number(),
    name: z.string(),
    field_type: z.string(),
    options: z.array(z.string()),
    is_required: z.boolean(),
  })
  .openapi('VerificationField');

const routes = {
  fields: userRoute({
    method: 'get',
    path: '/get-agent-verification-form-fields',
    tags: ['verification'],
    summary: 'The agent verification form (admin-defined fields)',
    responses: replies(z.array(fieldView), 'Fields'),
  }),
  apply: userRoute({
    method: 'post',
    path: '/apply-agent-verification',
    tags: ['verification'],
    summary: 'Apply (or re-apply after a failure) for agent verification',
    description:
      'Multipart or JSON: form_fields[i][id], form_fields[i][value] (a file for file fields; several values ' +
      'form_fields[i][value][] for checkboxes). Allowed when the status is initial or failed.',
    request: { body: requestBody(verificationApplicationSchema) },
    responses: replies(z.object({ request_id: z.number(), status: z.literal('pending') }), 'Application'),
  }),
  values: userRoute({
    method: 'get',
    path: '/get-agent-verification-form-values',
    tags: ['verification'],
    summary: 'Your verification status, the last fail reason and your answers',
    responses: replies(z.record(z.string(), z.unknown()).openapi('VerificationValues'), 'Status and answers'),
  }),
  file: userRoute({
    method: 'get',
    path: '/agent-verification-file',
    tags: ['verification'],
    summary: 'Download an uploaded verification file (yours; admins may name request_id or user_id)',
    description:
      "field_id with request_id: that application's file (each application keeps its own answers and files); " +
      'without it, the latest application of user_id (admins) or your own.',
    request: {
      query: z.object({
        field_id: z.coerce.number().int().positive().max(MAX_ID),
        user_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
        request_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
      }),
    },
    responses: { 200: { description: 'The file' } },
  }),
};

export const verificationRoutes = newRouter()
  .openapi(routes.fields, async (c) => ok(c, await verificationFormFields(c.var)))
  .openapi(routes.apply, async (c) =>
    ok(c, await applyForVerification(c.var, c.var.user!, await readNestedBody(c)), 'verification.applied'),
  )
  .openapi(routes.values, async (c) => ok(c, await verificationFormValues(c.var, c.var.user!)))
  .openapi(routes.file, async (c) => {
    const { field_id, user_id, request_id } = c.req.valid('query');
    const file = await verificationFile(c.var, c.var.user!, field_id, { requestId: request_id, userId: user_id });
    return storedFileResponse(file, { inline: false, name: file.name, cacheControl: 'private, no-store' });
  });
