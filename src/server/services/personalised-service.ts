import { z } from 'zod';
import { toMinor } from '../../lib/money.ts';
import { MAX_ID } from '../../lib/validation/ids.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { nameSent, parseSent } from '../field-names.ts';
import { listFacilities } from '../repositories/catalog-repository.ts';
import { activeCategoryIds } from './catalog-service.ts';
import * as repo from '../repositories/personalised-repository.ts';
import type { FeedPreferences } from '../repositories/property-repository.ts';
import { browseProperties, cardPageView } from './property-service.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

/** A list of ids as the spec sends it: an array, repeated fields or "1,2,3". */
const idList = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : [v]),
  z
    .array(
      z.coerce
        .number({ error: 'personalised.invalid_ids' })
        .int('personalised.invalid_ids')
        .positive('personalised.invalid_ids')
        .max(MAX_ID, 'personalised.invalid_ids'),
    )
    .max(50, 'personalised.too_many'),
);
const price = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: 'personalised.invalid_price' })
    .min(0, 'personalised.invalid_price')
    .max(1e12, 'personalised.invalid_price')
    .optional(),
);

/**
 * personalised-fields (POST): the spec's names; price_range "min,max" (or min_price / max_price). A null is an
 * empty field, as the GET answers it, so a client can send back what it was given.
 */
export const personalisedSchema = z
  .preprocess(
    (input) => {
      if (typeof input !== 'object' || input === null) return input;
      const values = input as Record<string, unknown>;
      const range = typeof values['price_range'] === 'string' ? values['price_range'].split(/[,-]/) : [];
      return { ...values, min_price: values['min_price'] ?? range[0], max_price: values['max_price'] ?? range[1] };
    },
    z.object({
      price_range: z.unknown().optional().describe('"min,max": the same as min_price and max_price'),
      category_ids: idList,
      outdoor_facilitiy_ids: idList,
      min_price: price,
      max_price: price,
      property_type: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v === '0' ? 'sell' : v === '1' ? 'rent' : v),
        z.enum(['sell', 'rent'], { error: 'validation.property_type' }).optional(),
      ),
      city: z.preprocess(
        (v) => (v === null ? undefined : v),
        z.string().trim().max(100, 'personalised.invalid_city').optional(),
      ),
    }),
  )
  .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, {
    path: ['max_price'],
    message: 'listing.price_range',
  });

function preferencesOf(row: repo.PersonalisedRow): FeedPreferences | null {
  const prefs: FeedPreferences = {
    categoryIds: row.categoryIds,
    facilityIds: row.facilityIds,
    propertyType: row.propertyType ?? undefined,
    city: row.city?.trim() || undefined,
    minPriceMinor: row.priceMinMinor ?? undefined,
    maxPriceMinor: row.priceMaxMinor ?? undefined,
  };
  const empty =
    !prefs.categoryIds.length &&
    !prefs.facilityIds.length &&
    !prefs.propertyType &&
    !prefs.city &&
    prefs.minPriceMinor === undefined &&
    prefs.maxPriceMinor === undefined;
  return empty ? null : prefs;
}

/** The viewer's saved preferences as the listing ranking uses them; null when none are saved. */
export async function feedPreferences(db: Executor, viewer: SessionUser | null): Promise<FeedPreferences | null> {
  if (!viewer) return null;
  const row = await repo.findPersonalised(db, viewer.id);
  return row ? preferencesOf(row) : null;
}

/** The ids of the categories and facilities a preference may name: active categories, existing facilities. */
async function choosableIds(db: Executor) {
  const [categories, facilities] = await Promise.all([activeCategoryIds(db), listFacilities(db)]);
  return { categories: new Set(categories), facilities: new Set(facilities.map((f) => f.id)) };
}
type ChoosableIds = Awaited<ReturnType<typeof choosableIds>>;

/**
 * The saved preferences as the API shows them. A category deactivated or a facility deleted since they were saved
 * is left out, so that a client sending back what it was shown is not refused for it.
 */
function view(row: repo.PersonalisedRow | null, choosable: ChoosableIds) {
  return {
    category_ids: (row?.categoryIds ?? []).filter((id) => choosable.categories.has(id)),
    outdoor_facilitiy_ids: (row?.facilityIds ?? []).filter((id) => choosable.facilities.has(id)),
    min_price: row?.priceMinMinor == null ? null : row.priceMinMinor / 100,
    max_price: row?.priceMaxMinor == null ? null : row.priceMaxMinor / 100,
    property_type: row?.propertyType ?? null,
    city: row?.city ?? null,
  };
}
export type PersonalisedView = ReturnType<typeof view>;

export async function getPersonalised(deps: Pick<ServerDeps, 'db'>, actor: SessionUser) {
  const [row, choosable] = await Promise.all([repo.findPersonalised(deps.db, actor.id), choosableIds(deps.db)]);
  return view(row, choosable);
}

/** Saves the preferences (replacing earlier ones); ids must name active categories and facilities. */
export async function savePersonalisedFields(deps: Pick<ServerDeps, 'db'>, actor: SessionUser, input: unknown) {
  const values = parseSent(personalisedSchema, input, {
    min_price: nameSent(input, ['min_price', 'price_range']),
    max_price: nameSent(input, ['max_price', 'price_range']),
  });
  const choosable = await choosableIds(deps.db);
  const known = (ids: number[], choices: Set<number>) => ids.every((id) => choices.has(id));
  if (!known(values.category_ids, choosable.categories))
    throw AppError.validation({ category_ids: ['personalised.invalid_ids'] });
  if (!known(values.outdoor_facilitiy_ids, choosable.facilities))
    throw AppError.validation({ outdoor_facilitiy_ids: ['personalised.invalid_ids'] });
  const row = await repo.savePersonalised(deps.db, actor.id, {
    categoryIds: [...new Set(values.category_ids)],
    facilityIds: [...new Set(values.outdoor_facilitiy_ids)],
    priceMinMinor: values.min_price === undefined ? null : toMinor(values.min_price),
    priceMaxMinor: values.max_price === undefined ? null : toMinor(values.max_price),
    propertyType: values.property_type ?? null,
    city: values.city || null,
  });
  return view(row, choosable);
}

export async function clearPersonalised(deps: Pick<ServerDeps, 'db'>, actor: SessionUser) {
  await repo.deletePersonalised(deps.db, actor.id);
}

/** get_user_recommendation: public listings ranked by how well they match the saved preferences. */
export async function recommendations(
  deps: Deps,
  actor: SessionUser,
  page: { offset: number; limit: number },
  lang: string,
) {
  const preferences = await feedPreferences(deps.db, actor);
  if (!preferences) return { total: 0, total_capped: false, ...page, items: [], has_preferences: false };
  const result = await browseProperties(deps.db, { preferences }, page);
  return { ...(await cardPageView(deps, actor, result, page, lang)), has_preferences: true };
}
