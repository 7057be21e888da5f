import { editDistance, foldText, foldedWords } from '../../lib/fold-text.ts';
import type { TranslateFn } from '../../lib/i18n/translate.ts';
import {
  apiFilterQuery,
  filterQuery,
  type FilterKey,
  type ListingFilter,
} from '../../features/search/listing-filter.ts';
import { suggestionLabel, type SuggestedSearch } from '../../lib/search-suggestion-label.ts';
import { urls } from '../../lib/urls.ts';
import { cachedRead } from '../cache/read-cache.ts';
import type { Database } from '../db/client.ts';
import * as words from '../repositories/search-words-repository.ts';
import { findCategorySlugById } from './catalog-service.ts';
import { browseListings } from './listing-browse-service.ts';
import { hasExtras, type ListingSearchExtras } from './property-service.ts';

/**
 * A search that forgives: a place typed in the words box becomes the place filter, and a search that finds nothing
 * is answered with the searches nearby that do find something (a spelling corrected, a filter left out), each with
 * its count. Accents and case are forgiven by the database itself (fold_text, migration 0028).
 */

/** Words that join a place to what is sought ("flat in Lisboa"), dropped with the place. */
const PLACE_WORDS = new Set(
  [
    'in',
    'near',
    'at',
    'around',
    'en',
    'em',
    'na',
    'no',
    'nos',
    'nas',
    'a',
    'au',
    'aux',
    'cerca',
    'de',
    'del',
    'do',
    'da',
    'في',
    'قرب',
  ].map(foldText),
);
/** A place has at most this many words ("Rio de Janeiro", "Santa Cruz de Tenerife"). */
const PLACE_WORDS_MAX = 4;
/** Longer searches are not read for places (each run of words is a candidate). */
const WORDS_READ = 16;

const trimPunctuation = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The filter with a city named in its words as the city filter and the other words as the words, or null when the
 * words name no city that public listings are in (or a city is already chosen). The longest name wins: "Santa Cruz"
 * before "Santa".
 */
export async function placeInWords(db: Database, filter: ListingFilter): Promise<ListingFilter | null> {
  // Phrases and alternatives ("flat or lisboa") are searches whose words must stay as they are.
  if (!filter.search || filter.city || /["]|(^|\s)or(\s|$)/i.test(filter.search)) return null;
  const all = filter.search.split(/\s+/);
  const typed = all.slice(0, WORDS_READ);
  // A word left out ("-lisboa") is never a place: it ends any run of words.
  const folded = typed.map((word) => (word.startsWith('-') ? '' : foldText(trimPunctuation(word))));
  const runs: { start: number; end: number; key: string }[] = [];
  for (let start = 0; start < typed.length; start++)
    for (let end = start + 1; end <= Math.min(typed.length, start + PLACE_WORDS_MAX); end++) {
      const run = folded.slice(start, end);
      if (run.every(Boolean)) runs.push({ start, end, key: run.join(' ') });
    }
  const known = new Set(await words.citiesNamed(db, [...new Set(runs.map((run) => run.key))]));
  const found = runs
    .filter((run) => known.has(run.key))
    .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)[0];
  if (!found) return null;
  const city = await words.cityOfKey(db, found.key);
  if (!city) return null;
  let start = found.start;
  while (start > 0 && PLACE_WORDS.has(folded[start - 1]!)) start--;
  const rest = [...all.slice(0, start), ...all.slice(found.end)].join(' ').trim();
  return { ...filter, search: rest || undefined, city: city.city };
}

/** A search nearby that finds something: why it is offered, which filters it changed, and what it finds. */
export interface SearchSuggestion extends SuggestedSearch {
  total: number;
  totalCapped: boolean;
}

/** How many wider searches are offered (the ones that find most). */
const WIDER_OFFERED = 2;
/** The filters a wider search may leave out, the place first. */
const WIDENING: (FilterKey | 'price')[] = [
  'city',
  'state',
  'country',
  'category',
  'property_type',
  'price',
  'bedrooms',
  'bathrooms',
  'posted_since',
  'promoted',
  'search',
];

/** The cities and words a misspelling is compared with: shared for the read cache's time, the same for everyone. */
const dictionary = (db: Database) =>
  cachedRead(db, 'forgiving-search-dictionary', async () => {
    const [cities, common] = [await words.busiestCityKeys(db, 5_000), await words.commonWords(db, 2_000, 20_000)];
    return { cities, words: [...new Set([...common, ...cities.flatMap((key) => foldedWords(key))])] };
  });

/** The known name nearest to `word` within the edits its length allows (the first, commonest, of the nearest). */
function nearest(word: string, known: readonly string[]): string | null {
  const limit = word.length <= 4 ? 1 : 2;
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(word, name, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
    if (best?.distance === 0) return null;
  }
  return best?.name ?? null;
}

/** The words with each unknown word replaced by the nearest known one, or null when none was replaced. */
function correctedWords(search: string, known: ReadonlySet<string>, list: readonly string[]): string | null {
  let changed = false;
  const corrected = search.split(/\s+/).map((typed) => {
    const word = foldText(trimPunctuation(typed));
    if (word.length < 3 || /\d/.test(word) || known.has(word) || /[^\p{L}]/u.test(word)) return typed;
    const better = nearest(word, list);
    if (!better) return typed;
    changed = true;
    return better;
  });
  return changed ? corrected.join(' ') : null;
}

function without(filter: ListingFilter, key: FilterKey | 'price'): ListingFilter {
  if (key === 'price') return { ...filter, min_price: undefined, max_price: undefined };
  return { ...filter, [key]: undefined };
}

const isSet = (filter: ListingFilter, key: FilterKey | 'price') =>
  key === 'price' ? filter.min_price !== undefined || filter.max_price !== undefined : filter[key] !== undefined;

/**
 * Searches near one that found nothing, each with its count: the spelling of the city or of a word corrected against
 * the known cities and the newest listings' words, the city read out of the words, and the two searches with one
 * filter left out that find most. Only those that find something; none when nothing is near.
 */
export async function searchSuggestions(
  db: Database,
  filter: ListingFilter,
  lang: string,
  fixedCategory?: { id: number } | null,
): Promise<SearchSuggestion[]> {
  const tries: Omit<SearchSuggestion, 'total' | 'totalCapped'>[] = [];
  const known = await dictionary(db);
  if (filter.city) {
    const city = nearest(foldText(filter.city), known.cities);
    const named = city ? await words.cityOfKey(db, city) : null;
    if (named) tries.push({ kind: 'spelling', changed: ['city'], filter: { ...filter, city: named.city } });
  }
  if (filter.search) {
    const corrected = correctedWords(filter.search, new Set(known.words), known.words);
    if (corrected) {
      const spelt = { ...filter, search: corrected };
      tries.push({ kind: 'spelling', changed: ['search'], filter: (await placeInWords(db, spelt)) ?? spelt });
    }
    const placed = await placeInWords(db, filter);
    if (placed) tries.push({ kind: 'place', changed: ['search', 'city'], filter: placed });
  }
  const wider = WIDENING.filter((key) => isSet(filter, key)).map((key) => ({
    kind: 'wider' as const,
    changed: [key],
    filter: without(filter, key),
  }));
  // One search alone left out leaves nothing to widen.
  const widened = wider.length > 1 || !filter.search ? wider : [];
  const counted: SearchSuggestion[] = [];
  // One after another: the embedded database answers one statement at a time anyway.
  for (const suggestion of [...tries, ...widened]) {
    const found = await browseListings(db, null, suggestion.filter, { number: 1, size: 1 }, lang, fixedCategory);
    if (found.total > 0) counted.push({ ...suggestion, total: found.total, totalCapped: found.totalCapped });
  }
  const near = counted.filter((s) => s.kind !== 'wider');
  const widest = counted
    .filter((s) => s.kind === 'wider')
    .sort((a, b) => Number(b.totalCapped) - Number(a.totalCapped) || b.total - a.total)
    .slice(0, WIDER_OFFERED);
  return [...near, ...widest];
}

/**
 * get-property-list's filter as the pages' (its category_id named by slug), or null when the search holds what the
 * pages cannot say (an owner, a parameter, similar listings, a category that is not there): such a search is
 * offered nothing.
 */
async function pageFilterOf(
  db: Database,
  filter: ListingFilter,
  extras: ListingSearchExtras,
): Promise<ListingFilter | null> {
  const { categoryId, ...rest } = extras;
  if (hasExtras(rest)) return null;
  const slugOfId = categoryId ? await findCategorySlugById(db, categoryId) : undefined;
  if (slugOfId === null || (slugOfId && filter.category && slugOfId !== filter.category)) return null;
  return { ...filter, category: slugOfId ?? filter.category };
}

/**
 * The searches near a get-property-list search that found nothing, as the API sends them: the page's label, the
 * query to call get-property-list with, the results page's address, and what each finds.
 */
export async function apiSearchSuggestions(
  db: Database,
  filter: ListingFilter,
  extras: ListingSearchExtras,
  lang: string,
  t: TranslateFn,
) {
  const typed = await pageFilterOf(db, filter, extras);
  if (!typed) return [];
  return (await searchSuggestions(db, typed, lang)).map((suggestion) => {
    const query = filterQuery(suggestion.filter);
    return {
      kind: suggestion.kind,
      label: suggestionLabel(t, suggestion, typed),
      params: apiFilterQuery(suggestion.filter),
      url: query.size ? `${urls.properties()}?${query}` : urls.properties(),
      total: suggestion.total,
      total_capped: suggestion.totalCapped,
    };
  });
}
