import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  apiListingFilterShape,
  blank,
  checkPriceRange,
  filterOfApiQuery,
  listingFilterShape,
  type ListingFilter,
} from '../../../features/search/listing-filter.ts';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import { AppError } from '../../errors.ts';
import { offsetPaging } from '../../paging.ts';
import { apiSearchSuggestions } from '../../services/forgiving-search-service.ts';
import { homepageData } from '../../services/home-service.ts';
import { viewProperty } from '../../services/property-detail-service.ts';
import { nearbyProperties, searchProperties, type ListingSearchExtras } from '../../services/property-service.ts';
import {
  categoryRef,
  keyFacts,
  ownerCard,
  propertyCard,
  propertyType,
  rentDuration,
} from '../../../features/listings/contract.ts';
import type { ApiEnv } from '../context.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';
import { imageReply, listingPage, totalCapped } from '../../../features/common/contract.ts';
import { seoMetaReply, cityReply } from '../schemas.ts';

/* ---------- query values: empty means absent, anything malformed is a 422 with a message per field ---------- */

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const idParam = optional(
  z.coerce
    .number({ error: 'listing.invalid_id' })
    .int('listing.invalid_id')
    .positive('listing.invalid_id')
    .max(MAX_ID, 'listing.invalid_id'),
).openapi({ type: 'integer' });
const textParam = (max: number) =>
  optional(z.string({ error: 'listing.invalid_text' }).trim().max(max, 'listing.invalid_text')).openapi({
    type: 'string',
  });
const flagParam = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''], { error: 'listing.invalid_flag' })
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on')
  .openapi({ type: 'string', enum: ['1', '0'] });

/** The listing filter (src/features/search/listing-filter.ts) and the spec's criteria that no page offers. */
const listQuery = z
  .object({
    ...apiListingFilterShape(),
    id: idParam,
    slug_id: textParam(200),
    category_id: idParam,
    most_viewed: flagParam,
    most_liked: flagParam,
    top_rated: flagParam,
    users_promoted: flagParam,
    userid: idParam,
    parameter_id: idParam,
    parameter_value: textParam(100),
    get_simiilar: flagParam,
    get_similar: flagParam,
    current_user: idParam,
    ...offsetPaging(),
  })
  .superRefine(checkPriceRange);
type ListQuery = z.output<typeof listQuery>;

const LIST_DESCRIPTION =
  'Public listings (approved by an admin and active), newest first. Every parameter is optional; empty ones are ' +
  'ignored. `category_id` or `category_slug_id`; `property_type` sell|rent (or 0|1); `city`, `state`, `country` ' +
  '(case-insensitive); `min_price`, `max_price` in currency units; `bedrooms`, `bathrooms` at least that many; `posted_since` today|yesterday (from midnight ' +
  'UTC)|last_week (7 days)|last_month (30)|last_3_months (90)|last_6_months (180); `promoted=1` featured listings; ' +
  '`most_viewed=1` and `top_rated=1` rank by views (listings have no star ratings), `most_liked=1` by favourites, ' +
  "`sort` newest|price_asc|price_desc|most_viewed|most_liked overrides them; `userid` one owner's listings; " +
  '`users_promoted=1` the featured listings of `userid` (or yours); `search` full text (words, "a phrase", ' +
  '-excluded); `parameter_id` listings that have this detail, with `parameter_value` that value; ' +
  '`get_simiilar=1` with `id` or `slug_id`: the same category without that listing; `offset`, `limit` (at most ' +
  '100). `current_user` is accepted for old clients and ignored: favourites and interest come from the token. ' +
  'Items carry `is_favourite` and `is_interested` for a signed-in caller.';

/** The filter of a get-property-list query: the older ranking flags are its sort when no `sort` is given. */
function filterOf(q: ListQuery): ListingFilter {
  const filter = filterOfApiQuery(q);
  const sort = q.sort ?? (q.most_viewed || q.top_rated ? 'most_viewed' : q.most_liked ? 'most_liked' : undefined);
  return { ...filter, sort };
}

/** The listing named by id or slug_id, if any; get_simiilar needs one. */
function namedListing(q: ListQuery) {
  const one = q.id ? { id: q.id } : q.slug_id ? { slug: q.slug_id } : undefined;
  const similar = q.get_simiilar || q.get_similar;
  if (similar && !one) throw AppError.validation({ id: ['listing.similar_needs_listing'] });
  return { one, similar };
}

/** A page of listings; when nothing matches, the searches nearby that find something. */
async function listPage(c: Context<ApiEnv>, q: ListQuery, similarTo: ListingSearchExtras['similarTo']) {
  const filter = filterOf(q);
  const extras: ListingSearchExtras = {
    categoryId: q.category_id,
    usersPromoted: q.users_promoted || undefined,
    userId: q.userid,
    parameterId: q.parameter_id,
    parameterValue: q.parameter_value,
    similarTo,
  };
  const { lang } = c.var.t;
  const page = { offset: q.offset, limit: q.limit };
  const found = await searchProperties(c.var, c.var.user, filter, extras, page, lang);
  const suggestions = found.total === 0 ? await apiSearchSuggestions(c.var.db, filter, extras, lang, c.var.t) : [];
  return { ...found, suggestions };
}

/* ---------- reply shapes ---------- */

const image = imageReply;

const propertyDetail = z
  .object({
    id: z.number(),
    slug_id: z.string(),
    title: z.string(),
    description: z.string(),
    property_type: propertyType,
    rentduration: rentDuration,
    price: z.number(),
    price_label: z.string(),
    category: categoryRef.nullable(),
    title_image: image,
    gallery_images: z.array(image.unwrap()),
    three_d_image: image,
    video_link: z.string().nullable(),
    documents: z.array(z.object({ url: z.string(), name: z.string(), content_type: z.string(), size: z.number() })),
    parameters: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        type_of_parameter: z.string(),
        value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
        image,
      }),
    ),
    facilities: z.array(z.object({ id: z.number(), name: z.string(), distance: z.number(), image })),
    ...keyFacts,
    floors: z.array(z.object({ id: z.number(), title: z.string(), image })),
    location: z.object({
      address: z.string(),
      formatted_address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
    owner: ownerCard,
    total_views: z.number(),
    total_likes: z.number(),
    is_premium: z.boolean(),
    access: z.boolean().openapi({
      description: 'false for a premium listing without the premium_properties feature: its details are left out',
    }),
    access_message: z.string().nullable(),
    promoted: z.boolean(),
    ...seoMetaReply,
    created_at: z.string(),
    updated_at: z.string(),
    similar: z.array(propertyCard),
    is_favourite: z.boolean(),
    is_interested: z.boolean(),
    is_reported: z.boolean(),
    is_owner: z.boolean(),
    is_public: z.boolean(),
    status: z.enum(['active', 'inactive', 'sold', 'rented']),
    admin_status: z.enum(['pending', 'approved', 'rejected']).nullable().openapi({ description: 'Owner only' }),
    reject_reason: z.string().nullable().openapi({ description: 'Owner only' }),
    client_address: z.string().nullable().openapi({ description: 'Owner only' }),
  })
  .openapi('PropertyDetail');

const searchSuggestion = z
  .object({
    kind: z.enum(['spelling', 'place', 'wider']).openapi({
      description:
        'spelling: a word or the city corrected; place: a city read out of the words; wider: a filter left out',
    }),
    label: z.string().openapi({ description: "What the results page calls it, in the caller's language" }),
    params: z
      .record(z.string(), z.string())
      .openapi({ description: 'The query to call get-property-list with for this search' }),
    url: z.string().openapi({ description: "The site's results page for it" }),
    total: z.number(),
    total_capped: totalCapped,
  })
  .openapi('SearchSuggestion');

/** A page of listings, with searches nearby when nothing matched. */
const propertyListPage = listingPage(propertyCard)
  .extend({
    suggestions: z.array(searchSuggestion).openapi({
      description:
        'Only when nothing matches (total 0): searches nearby that find something (the spelling of a word or the ' +
        'city corrected, a city read out of the words, a filter left out), as the results page offers them. Empty ' +
        'otherwise, and for searches by owner, parameter or similar listings',
    }),
  })
  .openapi('PropertyListPage');

const homepage = z
  .object({
    sliders: z.array(
      z.object({
        property_id: z.number(),
        slug_id: z.string(),
        title: z.string(),
        price_label: z.string(),
        image,
        link: z.string(),
      }),
    ),
    featured_properties: z.array(propertyCard),
    featured_projects: z.array(z.record(z.string(), z.unknown())),
    most_viewed_properties: z.array(propertyCard),
    most_liked_properties: z.array(propertyCard),
    latest_properties: z.array(propertyCard),
    personalised_properties: z.array(propertyCard).nullable(),
    categories: z.array(
      z.object({ id: z.number(), name: z.string(), slug: z.string(), image, property_count: z.number() }),
    ),
    cities: z.array(cityReply),
    projects: z.array(
      z.object({
        id: z.number(),
        slug_id: z.string(),
        title: z.string(),
        type: z.enum(['upcoming', 'under_construction']),
        image,
        city: z.string(),
        state: z.string(),
        country: z.string(),
        category: z.object({ name: z.string(), slug: z.string() }).nullable(),
        created_at: z.string(),
      }),
    ),
    agents: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        slug_id: z.string(),
        profile: image,
        is_verified: z.boolean(),
        property_count: z.number(),
      }),
    ),
    articles: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        slug_id: z.string(),
        excerpt: z.string(),
        image,
        category: categoryRef.nullable(),
        published_at: z.string(),
        updated_at: z.string(),
      }),
    ),
  })
  .openapi('HomepageData');

/* ---------- routes ---------- */

const routes = {
  getProperty: createRoute({
    method: 'get',
    path: '/get_property',
    tags: ['properties'],
    summary: 'One listing by id or slug_id (its detail, counted as a view), or a page of listings',
    description:
      `With \`id\` or \`slug_id\` (and no get_simiilar): that listing's detail. The public sees approved, active ` +
      `listings; the owner sees their own in any state, with admin_status and reject_reason. The owner's email and ` +
      `mobile are sent to signed-in callers only. A visit by anyone but the owner adds one to total_views. ` +
      `Otherwise: ${LIST_DESCRIPTION} The token is optional.`,
    request: { query: listQuery },
    responses: replies(z.union([propertyDetail, propertyListPage]), 'A listing or a page of listings'),
  }),
  list: createRoute({
    method: 'get',
    path: '/get-property-list',
    tags: ['properties'],
    summary: 'A page of public listings, filtered',
    description: `${LIST_DESCRIPTION} The token is optional.`,
    request: { query: listQuery },
    responses: replies(propertyListPage, 'Listings'),
  }),
  nearby: createRoute({
    method: 'get',
    path: '/get_nearby_properties',
    tags: ['properties'],
    summary: 'Public listings in a city (and state), optionally for sale or rent',
    description:
      '`city` and/or `state` (case-insensitive; one is required), `type` sell|rent (or 0|1), `offset`, `limit`.',
    request: {
      query: z.object({
        city: listingFilterShape.city,
        state: listingFilterShape.state,
        type: listingFilterShape.property_type,
        property_type: listingFilterShape.property_type,
        ...offsetPaging(),
      }),
    },
    responses: replies(listingPage(propertyCard), 'Listings nearby'),
  }),
  homepage: createRoute({
    method: 'get',
    path: '/homepage-data',
    tags: ['properties'],
    summary: 'Every section of the home page',
    description:
      'Sliders (the featured listings with a photo), featured, most viewed, most liked and latest listings, ' +
      'categories with their number of listings, cities, latest projects, agents with listings, latest articles; ' +
      'with a token, `personalised_properties` matches the saved personalised fields (null when none are saved) ' +
      'and listing cards carry is_favourite and is_interested.',
    responses: replies(homepage, 'Home page sections'),
  }),
};

export const propertyRoutes = newRouter()
  .openapi(routes.getProperty, async (c) => {
    const q = c.req.valid('query');
    const { one, similar } = namedListing(q);
    if (one && !similar) {
      const detail = await viewProperty(c.var, one, c.var.user, c.var.t.lang);
      return ok(c, { ...detail, access_message: detail.access_message && c.var.t(detail.access_message) });
    }
    return ok(c, await listPage(c, q, similar ? one : undefined));
  })
  .openapi(routes.list, async (c) => {
    const q = c.req.valid('query');
    const { one, similar } = namedListing(q);
    return ok(c, await listPage(c, q, similar ? one : undefined));
  })
  .openapi(routes.nearby, async (c) => {
    const { city, state, type, property_type, offset, limit } = c.req.valid('query');
    const place = { city, state, propertyType: type ?? property_type };
    return ok(c, await nearbyProperties(c.var, c.var.user, place, { offset, limit }, c.var.t.lang));
  })
  .openapi(routes.homepage, async (c) => ok(c, await homepageData(c.var, c.var.user, c.var.t.lang)));
