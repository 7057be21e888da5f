import { z } from '@hono/zod-openapi';
import {
  changePropertyStatus,
  checkPropertyFields,
  deleteProperty,
  deletePropertySchema,
  interestedInMyProperty,
  listMyProperties,
  postProperty,
  propertyEditSchema,
  propertyStatusSchema,
  updateProperty,
} from '../../services/property-posting-service.ts';
import { propertyInputSchema } from '../../../lib/validation/property.ts';
import { AppError } from '../../errors.ts';
import { translateFieldMessages } from '../../i18n/translator.ts';
import { readNestedBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { page } from '../../../features/common/contract.ts';
import { paginationQuery, queryFlag } from '../schemas.ts';
import { userRoute, userWrites } from './user-route.ts';

const property = z.record(z.string(), z.unknown()).openapi('OwnProperty');
const write = userWrites('my properties', property);

/** The files a property form carries besides its fields. */
const PROPERTY_FILES = {
  title_image: 'The title image',
  'gallery_images[]': 'Gallery images',
  three_d_image: 'A 360° image',
  'documents[]': 'PDF documents or images',
  'floors[i][image]': "A floor plan's image, beside its floors[i][title]",
  meta_image: 'The image shared with a link',
};
const statusBody = requestBody(propertyStatusSchema);

const FIELDS =
  'Multipart form: title, description, category_id, property_type (sell|rent), price, rentduration (daily|monthly|quarterly|yearly, for rent), ' +
  'city, state, country, address (formatted), latitude, longitude (both may be left out: the city centre is used), client_address, video_link, parameters[i][parameter_id], parameters[i][value], ' +
  'facilities[i][facility_id], facilities[i][distance], title_image, gallery_images[], three_d_image, documents[], floors[i][title], floors[i][image], ' +
  'meta_title, meta_description, meta_keywords, meta_image, is_premium, slug_id.';

const routes = {
  post: write(
    '/post_property',
    'Add a property (waits for admin review)',
    FIELDS,
    requestBody(propertyInputSchema, { files: PROPERTY_FILES }),
  ),
  update: write(
    '/update_post_property',
    'Edit your property (goes back to review)',
    `id, then any of: ${FIELDS} Plus remove_gallery_images, remove_documents (indexes, or the keys the reply gives), ` +
      'remove_three_d_image, remove_meta_image, remove_floors (floor ids), action_type (1 deletes). A change of ' +
      'property_type needs a new price. A field left out stays as it is; a text field sent empty is cleared, or ' +
      'refused with its message when the listing needs it (an empty slug_id keeps the slug; empty coordinates ' +
      'become the city centre). Parameters and facilities sent replace their own values only (empty: removed).',
    requestBody(propertyEditSchema, { files: PROPERTY_FILES }),
    property.nullable(),
  ),
  status: write(
    '/update_property_status',
    'Mark sold, rented, available again, hidden, or switch sale/rent',
    'property_id, status (active|inactive|sold|rented), optional property_type and rentduration; a property_type ' +
      'that switches between sale and rent needs the new price (price is refused without such a switch).',
    statusBody,
  ),
  changeStatus: write(
    '/change-property-status',
    'Same as update_property_status',
    'property_id, status, optional property_type and rentduration, price with a switch between sale and rent.',
    statusBody,
  ),
  delete: write(
    '/delete_property',
    'Delete your property and its files',
    'id',
    requestBody(deletePropertySchema),
    z.null(),
  ),
  interested: userRoute({
    method: 'get',
    path: '/get_interested_users',
    tags: ['my properties'],
    summary: 'Who showed interest in your property (by property_id or slug_id)',
    request: {
      query: paginationQuery.extend({
        property_id: z.coerce.number().int().positive().optional(),
        slug_id: z.string().max(200).optional(),
      }),
    },
    responses: replies(page(z.record(z.string(), z.unknown())), 'Interested users'),
  }),
  check: write(
    '/validate-property',
    'Check property form fields without saving (the form uses it for step-by-step messages)',
    'The same text fields as post_property; replies with a message per field that is not right.',
    requestBody(propertyInputSchema),
    z.object({ fields: z.record(z.string(), z.array(z.string())) }),
  ),
  list: userRoute({
    method: 'get',
    path: '/get-added-properties',
    tags: ['my properties'],
    summary: 'Your properties, whatever their review state',
    description:
      '`slug_id` one of them; `is_promoted=1` (or true) only those featured now. Items carry `promoted` as public ' +
      'listing cards do: true while an approved featuring runs.',
    request: {
      query: paginationQuery.extend({ slug_id: z.string().max(200).optional(), is_promoted: queryFlag.optional() }),
    },
    responses: replies(page(property), 'Your properties'),
  }),
};

export const myPropertyRoutes = newRouter()
  .openapi(routes.post, async (c) =>
    ok(c, await postProperty(c.var, c.var.user!, await readNestedBody(c)), 'property.posted'),
  )
  .openapi(routes.update, async (c) =>
    ok(c, await updateProperty(c.var, c.var.user!, await readNestedBody(c)), 'property.updated'),
  )
  .openapi(routes.status, async (c) =>
    ok(c, await changePropertyStatus(c.var, c.var.user!, await readNestedBody(c)), 'property.status_changed'),
  )
  .openapi(routes.changeStatus, async (c) =>
    ok(c, await changePropertyStatus(c.var, c.var.user!, await readNestedBody(c)), 'property.status_changed'),
  )
  .openapi(routes.delete, async (c) => {
    await deleteProperty(c.var, c.var.user!, await readNestedBody(c));
    return ok(c, null, 'property.deleted');
  })
  .openapi(routes.interested, async (c) => {
    const { offset, limit, property_id, slug_id } = c.req.valid('query');
    if (!property_id && !slug_id) throw AppError.validation({ property_id: ['validation.required'] });
    const by = property_id ? { id: property_id } : { slug: slug_id! };
    return ok(c, await interestedInMyProperty(c.var, c.var.user!, by, { offset, limit }));
  })
  .openapi(routes.check, async (c) => {
    const fields = checkPropertyFields(await readNestedBody(c));
    return ok(c, { fields: translateFieldMessages(fields, c.var.t) });
  })
  .openapi(routes.list, async (c) => {
    const { offset, limit, slug_id, is_promoted } = c.req.valid('query');
    return ok(c, await listMyProperties(c.var, c.var.user!, { offset, limit, slug: slug_id, promoted: is_promoted }));
  });
