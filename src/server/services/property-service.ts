import type { PropertyCardReply } from '../../features/listings/contract.ts';
import type { AreaUnit } from '../../lib/area-units.ts';
import { factRole, listingFacts, NO_FACTS, pricePerAreaLabel } from '../../lib/listing-facts.ts';
import type { ListingFilter, PostedSince } from '../../features/search/listing-filter.ts';
import { formatPrice, toMinor, type PriceSettings } from '../../lib/money.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import type { ImageRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import { listCardExtras, listNumberParameters } from '../repositories/card-facts-repository.ts';
import { viewerMarks } from '../repositories/engagement-repository.ts';
import { listOwnedPropertyRows } from '../repositories/property-write-repository.ts';
import {
  findPropertyAccess,
  isPublicListing,
  listPublicCardsById,
  listPublicProperties,
  listSimilarCards,
  type PublicPropertyFilter,
  type PublicPropertyRow,
  type PublicPropertySort,
} from '../repositories/property-repository.ts';
import { findCategoryIdBySlug } from './catalog-service.ts';
import { imageView } from './image-view.ts';
import { categoryIn, nameIn, type TranslatedNames } from '../../lib/i18n/translated-name.ts';
import { getPublicSettings, type PublicSettings } from './settings-service.ts';

export type { PublicPropertyFilter, PublicPropertySort };
type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type Page = { offset: number; limit: number };

/** A listing as cards show it: everything formatted for display, nothing private. */
export interface PropertyCardData {
  id: number;
  slug: string;
  title: string;
  priceMinor: number;
  priceLabel: string;
  propertyType: 'sell' | 'rent';
  rentDuration: 'daily' | 'monthly' | 'quarterly' | 'yearly' | null;
  city: string;
  state: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  image: ImageRecord | null;
  isPremium: boolean;
  isFeatured: boolean;
  totalViews: number;
  totalLikes: number;
  createdAt: Date;
  /** Its category, with the category's name in other languages (`nameIn` picks the reader's). */
  category: { id: number; name: string; names: TranslatedNames; slug: string } | null;
  /** Key facts from the listing's parameters (src/lib/listing-facts.ts); null where it has none. */
  bedrooms: number | null;
  bathrooms: number | null;
  area: { value: number; unit: AreaUnit } | null;
  /** The price of one unit of `area` ("€2,150"), shown with the unit's name. */
  pricePerAreaLabel: string | null;
  /** The title image and the gallery's photos. */
  photoCount: number;
  /** The owner's identity is verified (the verified-agent mark). */
  ownerVerified: boolean;
}

/** What a card shows besides the search's columns, as listCardExtras reads it for a page of cards. */
type CardExtras = Pick<PropertyCardData, 'bedrooms' | 'bathrooms' | 'area' | 'photoCount' | 'ownerVerified'>;
const NO_EXTRAS: CardExtras = { ...NO_FACTS, photoCount: 0, ownerVerified: false };

export function priceSettingsOf(settings: PublicSettings): PriceSettings {
  return {
    currencySymbol: settings.currency_symbol,
    currencyCode: settings.currency_code,
    numberWithSuffix: settings.number_with_suffix,
  };
}

/** Whether a listing is featured (`promoted` in replies) at `now`: an approved ad sets when its featuring ends. */
export const isFeatured = (row: { featuredUntil: Date | null }, now: Date) =>
  row.featuredUntil !== null && row.featuredUntil > now;

function propertyCard(row: PublicPropertyRow, extras: CardExtras, prices: PriceSettings, now: Date): PropertyCardData {
  return {
    ...extras,
    pricePerAreaLabel: pricePerAreaLabel(row, extras.area, prices),
    id: row.id,
    slug: row.slug,
    title: row.title,
    priceMinor: row.priceMinor,
    priceLabel: formatPrice(row.priceMinor, prices),
    propertyType: row.propertyType,
    rentDuration: row.propertyType === 'rent' ? row.rentDuration : null,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    image: row.titleImage,
    isPremium: row.isPremium,
    isFeatured: isFeatured(row, now),
    totalViews: row.totalViews,
    totalLikes: row.totalLikes,
    createdAt: row.createdAt,
    category:
      row.categoryName && row.categorySlug
        ? { id: row.categoryId, name: row.categoryName, names: row.categoryNames ?? {}, slug: row.categorySlug }
        : null,
  };
}

/**
 * One page of listing cards. `total` counts at most COUNT_CAP matches, WORD_SEARCH_COUNT_CAP for a search with words
 * (paging.ts); `totalCapped`: more match.
 */
export interface CardPage {
  total: number;
  totalCapped: boolean;
  items: PropertyCardData[];
}

export const NO_CARDS: CardPage = { total: 0, totalCapped: false, items: [] };

/** Cards with their category named in `lang`, for pages that draw cards as data. */
export const cardsNamedIn = (lang: string, page: CardPage): CardPage => ({
  ...page,
  items: page.items.map((card) =>
    card.category
      ? { ...card, category: { ...card.category, name: nameIn(lang, card.category.name, card.category.names) } }
      : card,
  ),
});

/** Public listings (approved and active) matching `filter`, as cards. Pages and the API share it. */
export async function browseProperties(
  db: Database,
  filter: PublicPropertyFilter,
  page: Page & { count?: boolean },
  now = new Date(),
): Promise<CardPage> {
  const found = listPublicProperties(db, filter, page);
  const items = await cardsOf(
    db,
    found.then(({ rows }) => rows),
    now,
  );
  const { total, totalCapped } = await found;
  return { total, totalCapped, items };
}

/** Listing rows as cards, priced in the site's currency, with their facts and photo counts. */
async function cardsOf(db: Database, rows: Promise<PublicPropertyRow[]>, now: Date) {
  const [loaded, found] = await Promise.all([getPublicSettings(db), rows]);
  const prices = priceSettingsOf(loaded);
  const extras = await cardExtras(
    db,
    found.map((row) => row.id),
  );
  return found.map((row) => propertyCard(row, extras.get(row.id) ?? NO_EXTRAS, prices, now));
}

async function cardExtras(db: Database, ids: number[]): Promise<Map<number, CardExtras>> {
  const { listings, parameterValues } = await listCardExtras(db, ids);
  const valuesOf = new Map<number, typeof parameterValues>();
  for (const value of parameterValues)
    valuesOf.set(value.propertyId, [...(valuesOf.get(value.propertyId) ?? []), value]);
  return new Map(
    listings.map((l) => [
      l.id,
      { ...listingFacts(valuesOf.get(l.id) ?? []), photoCount: l.photoCount, ownerVerified: l.ownerVerified },
    ]),
  );
}

/**
 * The search conditions of "at least this many" bedrooms and bathrooms: the number parameters named as each
 * (src/lib/listing-facts.ts), for the list and the map alike.
 */
async function roomsFilter(db: Database, wanted: { bedrooms?: number | undefined; bathrooms?: number | undefined }) {
  const set = (['bedrooms', 'bathrooms'] as const).filter((role) => wanted[role]);
  if (set.length === 0) return undefined;
  const numbers = await listNumberParameters(db);
  return set.map((role) => ({
    ids: numbers.filter((p) => factRole(p.name) === role).map((p) => p.id),
    atLeast: wanted[role]!,
  }));
}

/** Public listings' cards in the order of `ids`; one no longer public is left out. */
export async function publicCardsById(db: Database, ids: readonly number[], now = new Date()) {
  if (ids.length === 0) return [];
  const cards = await cardsOf(db, listPublicCardsById(db, ids), now);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The newest public listings of a listing's category (SIMILAR_LISTINGS of them), the listing itself left out. */
export function similarCards(db: Database, listing: { id: number; categoryId: number }, now = new Date()) {
  return cardsOf(db, listSimilarCards(db, listing), now);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The start of a posted_since window: today and yesterday from midnight (UTC), the others rolling back from now
 * (a week is 7 days, a month 30, as the spec's relative times count them).
 */
export function postedSinceDate(value: PostedSince, now = new Date()): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (value) {
    case 'today':
      return new Date(midnight);
    case 'yesterday':
      return new Date(midnight - DAY_MS);
    case 'last_week':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'last_month':
      return new Date(now.getTime() - 30 * DAY_MS);
    case 'last_3_months':
      return new Date(now.getTime() - 90 * DAY_MS);
    case 'last_6_months':
      return new Date(now.getTime() - 180 * DAY_MS);
  }
}

/** The viewer's favourites and interests among some listings; null for anonymous visitors. */
export type ViewerMarks = Awaited<ReturnType<typeof viewerMarks>> | null;

export function marksFor(db: Database, viewer: SessionUser | null, ids: readonly number[]): Promise<ViewerMarks> {
  return viewer ? viewerMarks(db, viewer.id, ids) : Promise.resolve(null);
}

/**
 * A card as the API sends it: the spec's names, prices in units and as a label, images as URLs, the category named
 * in `lang`.
 */
export function propertyCardView(
  storage: Deps['storage'],
  card: PropertyCardData,
  marks: ViewerMarks,
  lang: string,
): PropertyCardReply {
  return {
    id: card.id,
    slug_id: card.slug,
    title: card.title,
    price: card.priceMinor / 100,
    price_label: card.priceLabel,
    property_type: card.propertyType,
    rentduration: card.rentDuration,
    city: card.city,
    state: card.state,
    country: card.country,
    latitude: card.latitude,
    longitude: card.longitude,
    title_image: imageView(storage, card.image),
    category: card.category && categoryIn(lang, card.category),
    is_premium: card.isPremium,
    promoted: card.isFeatured,
    total_views: card.totalViews,
    total_likes: card.totalLikes,
    created_at: card.createdAt.toISOString(),
    bedrooms: card.bedrooms,
    bathrooms: card.bathrooms,
    area: card.area,
    price_per_area_label: card.pricePerAreaLabel,
    photo_count: card.photoCount,
    owner_verified: card.ownerVerified,
    is_favourite: marks?.favourites.has(card.id) ?? false,
    is_interested: marks?.interests.has(card.id) ?? false,
  };
}

/** Cards for the API, with the signed-in viewer's favourite and interest marks (one lookup for all of them). */
export async function propertyCardViews(
  deps: Deps,
  viewer: SessionUser | null,
  cards: PropertyCardData[],
  lang: string,
) {
  const marks = await marksFor(
    deps.db,
    viewer,
    cards.map((c) => c.id),
  );
  return cards.map((card) => propertyCardView(deps.storage, card, marks, lang));
}

/** A page of cards as the API's list replies carry it (`total_capped`: more listings match than `total`). */
export async function cardPageView(deps: Deps, viewer: SessionUser | null, result: CardPage, page: Page, lang: string) {
  return {
    total: result.total,
    total_capped: result.totalCapped,
    ...page,
    items: await propertyCardViews(deps, viewer, result.items, lang),
  };
}

/**
 * What get_property and get-property-list take beyond the listing filter: the spec's criteria that no page offers
 * (a category by id, one owner's listings, a parameter's value, listings similar to one).
 */
export interface ListingSearchExtras {
  categoryId?: number | undefined;
  /** Featured listings of `userId`, or of the viewer when no userid is given. */
  usersPromoted?: boolean | undefined;
  userId?: number | undefined;
  parameterId?: number | undefined;
  parameterValue?: string | undefined;
  /** Listings of the same category as this one, without it. */
  similarTo?: { id: number } | { slug: string } | undefined;
}

/** Whether a search has criteria beyond the listing filter (such a search is offered no suggestions). */
export const hasExtras = (extras: ListingSearchExtras) => Object.values(extras).some((value) => value !== undefined);

/** The criteria can match nothing (an unknown category slug, two different categories): no query needed. */
export const NOTHING = Symbol('nothing');

/**
 * The listing filter as the repository's filter: the one place a filter's value becomes a condition (pages, the
 * API, the map). `categoryId` is a category already known (a category page's, the API's category_id): a slug
 * naming another one matches nothing.
 */
export async function publicFilterOf(
  db: Database,
  filter: ListingFilter,
  now: Date,
  categoryId?: number,
): Promise<PublicPropertyFilter | typeof NOTHING> {
  let category = categoryId;
  if (filter.category) {
    const found = await findCategoryIdBySlug(db, filter.category);
    if (found === null || (category !== undefined && found !== category)) return NOTHING;
    category = found;
  }
  return {
    categoryId: category,
    propertyType: filter.property_type,
    city: filter.city,
    state: filter.state,
    country: filter.country,
    minPriceMinor: filter.min_price === undefined ? undefined : toMinor(filter.min_price),
    maxPriceMinor: filter.max_price === undefined ? undefined : toMinor(filter.max_price),
    postedAfter: filter.posted_since ? postedSinceDate(filter.posted_since, now) : undefined,
    featuredAt: filter.promoted ? now : undefined,
    search: filter.search,
    minParameters: await roomsFilter(db, filter),
    sort: filter.sort,
  };
}

async function searchFilter(
  db: Database,
  viewer: SessionUser | null,
  filter: ListingFilter,
  extras: ListingSearchExtras,
  now: Date,
): Promise<PublicPropertyFilter | typeof NOTHING> {
  let categoryId = extras.categoryId;
  let exceptId: number | undefined;
  if (extras.similarTo) {
    const reference = await findPropertyAccess(db, extras.similarTo);
    // A listing the viewer may not see does not exist for them, not even through its similar listings.
    if (!reference || (!isPublicListing(reference) && reference.ownerId !== viewer?.id))
      throw AppError.notFound('listing.not_found');
    if (categoryId !== undefined && categoryId !== reference.categoryId) return NOTHING;
    categoryId = reference.categoryId;
    exceptId = reference.id;
  }
  const base = await publicFilterOf(db, filter, now, categoryId);
  if (base === NOTHING) return NOTHING;

  let ownerId = extras.userId;
  if (extras.usersPromoted) {
    ownerId ??= viewer?.id;
    if (!ownerId) throw AppError.validation({ userid: ['validation.required'] });
  }
  return {
    ...base,
    exceptId,
    featuredAt: filter.promoted || extras.usersPromoted ? now : undefined,
    ownerId,
    parameter: extras.parameterId ? { id: extras.parameterId, value: extras.parameterValue } : undefined,
  };
}

/** Public listings matching the criteria, as cards for pages, one page. */
export async function findProperties(
  db: Database,
  viewer: SessionUser | null,
  search: ListingFilter,
  extras: ListingSearchExtras,
  page: Page,
  now = new Date(),
): Promise<CardPage> {
  const filter = await searchFilter(db, viewer, search, extras, now);
  if (filter === NOTHING) return NO_CARDS;
  return browseProperties(db, filter, page, now);
}

/** get_property and get-property-list: public listings matching the criteria, as API cards, one page. */
export async function searchProperties(
  deps: Deps,
  viewer: SessionUser | null,
  search: ListingFilter,
  extras: ListingSearchExtras,
  page: Page,
  lang: string,
  now = new Date(),
) {
  return cardPageView(deps, viewer, await findProperties(deps.db, viewer, search, extras, page, now), page, lang);
}

/** get_nearby_properties: public listings in a city (and state), optionally of one type. */
export async function nearbyProperties(
  deps: Deps,
  viewer: SessionUser | null,
  place: { city?: string | undefined; state?: string | undefined; propertyType?: 'sell' | 'rent' | undefined },
  page: Page,
  lang: string,
  now = new Date(),
) {
  if (!place.city && !place.state) throw AppError.validation({ city: ['validation.required'] });
  const filter = { city: place.city, state: place.state, propertyType: place.propertyType };
  return cardPageView(deps, viewer, await browseProperties(deps.db, filter, page, now), page, lang);
}

/** get_favourite_property: the user's favourites that are still public, most recently added first. */
export async function favouriteProperties(deps: Deps, actor: SessionUser, page: Page, lang: string, now = new Date()) {
  const result = await browseProperties(deps.db, { favouritedBy: actor.id }, page, now);
  return cardPageView(deps, actor, result, page, lang);
}

/** The owner's own listings with their review state, whatever it is (newest 100; the API pages further). */
export async function myProperties(db: Database, actor: SessionUser) {
  return (await listOwnedPropertyRows(db, actor.id, { offset: 0, limit: 100 })).rows;
}
