import type { Database } from '../db/client.ts';
import type { FileStorage } from '../storage/storage.ts';
import { cachedRead } from '../cache/read-cache.ts';
import * as catalog from '../repositories/catalog-repository.ts';
import { imageView } from './image-view.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';

type Page = { offset: number; limit: number };
type CategoryQuery = Page & { search?: string | undefined; hasProperty: boolean; lang: string };

/**
 * Categories and cities are small, admin-kept tables, but their live listing counts read the whole listing table.
 * So each is loaded whole under one fixed key and shared for a few seconds (read-cache.ts), and pages are cut
 * from it: no query string can grow the cache or push the home page out of it. A search is always fresh.
 * Categories are kept per language (the request's, one of the site's languages), named in it; the counts are
 * read once for all of them.
 */
const WHOLE_LIST = { offset: 0, limit: 10_000 };

type CategoryRow = Awaited<ReturnType<typeof catalog.listCategories>>['rows'][number];

/** A category row named in `lang` (the default language's name when it has none there). */
const categoryIn = (lang: string, { names, ...row }: CategoryRow) => ({ ...row, name: nameIn(lang, row.name, names) });

/** Every active category with its live listing count, in the admin's order, with its names in every language. */
const everyCategory = (db: Database) =>
  cachedRead(
    db,
    'categories',
    async () => (await catalog.listCategories(db, { hasProperty: false, ...WHOLE_LIST })).rows,
  );

/** Every active category with its live listing count, in the admin's order, named in `lang`. */
const allCategories = (db: Database, lang: string) =>
  cachedRead(db, `categories:${lang}`, async () => (await everyCategory(db)).map((row) => categoryIn(lang, row)));

const pageOf = <T>(rows: T[], page: Page) => ({
  rows: rows.slice(page.offset, page.offset + page.limit),
  total: rows.length,
});

/** Active categories with their live listing counts, in the admin's order; `hasProperty`: only those with some. */
export async function categoriesWithCounts(db: Database, query: CategoryQuery) {
  if (query.search) {
    const { rows, total } = await catalog.listCategories(db, query);
    return { rows: rows.map((row) => categoryIn(query.lang, row)), total };
  }
  const all = await allCategories(db, query.lang);
  return pageOf(query.hasProperty ? all.filter((c) => c.propertyCount > 0) : all, query);
}

/** An active category by its slug, named in `lang` (from the shared list: list filters name categories on every request). */
export async function findCategoryBySlug(db: Database, slug: string, lang: string) {
  const found = (await allCategories(db, lang)).find((c) => c.slug === slug);
  return found ? { id: found.id, name: found.name, slug: found.slug } : null;
}

/** The ids of the active categories. */
export async function activeCategoryIds(db: Database) {
  return (await everyCategory(db)).map((c) => c.id);
}

/** The id of the active category of that slug, or null (list filters name categories on every request). */
export async function findCategoryIdBySlug(db: Database, slug: string) {
  return (await everyCategory(db)).find((c) => c.slug === slug)?.id ?? null;
}

/** The slug of the active category of that id, or null. */
export async function findCategorySlugById(db: Database, id: number) {
  return (await everyCategory(db)).find((c) => c.id === id)?.slug ?? null;
}

/** get_categories: categories with their typed parameters, optionally only those with live listings. */
export async function getCategories(db: Database, storage: FileStorage, options: CategoryQuery) {
  const { rows, total } = await categoriesWithCounts(db, options);
  const params = await catalog.listParametersOfCategories(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    offset: options.offset,
    limit: options.limit,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: imageView(storage, row.image),
      property_count: row.propertyCount,
      parameters: params
        .filter((p) => p.categoryId === row.id)
        .map((p) => ({
          id: p.id,
          name: nameIn(options.lang, p.name, p.names),
          type_of_parameter: p.typeOfParameter,
          type_values: p.typeValues,
          is_required: p.isRequired,
          image: imageView(storage, p.image),
        })),
    })),
  };
}

/** Categories with live listings, named in `lang`, for browse links on pages. */
export async function listCategoriesForBrowse(db: Database, lang: string) {
  const { rows } = await categoriesWithCounts(db, { hasProperty: true, offset: 0, limit: 50, lang });
  return rows;
}

export async function getFacilities(db: Database, storage: FileStorage, lang: string) {
  const rows = await catalog.listFacilities(db);
  return rows.map((row) => ({
    id: row.id,
    name: nameIn(lang, row.name, row.names),
    image: imageView(storage, row.image),
  }));
}

/** Cities with their live listing counts, busiest first; shared for a few seconds like the categories. */
export async function getCities(db: Database, storage: FileStorage, page: Page) {
  const all = await cachedRead(db, 'cities', () => catalog.listCitiesWithCounts(db));
  const { rows, total } = pageOf(all, page);
  return {
    total,
    ...page,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      state: row.state,
      country: row.country,
      latitude: row.latitude,
      longitude: row.longitude,
      image: imageView(storage, row.image),
      property_count: row.propertyCount,
    })),
  };
}

/** The active report reasons, worded in `lang`. */
export async function getReportReasons(db: Database, lang: string) {
  const rows = await catalog.listReportReasons(db);
  return rows.map((row) => ({ id: row.id, reason: nameIn(lang, row.reason, row.names) }));
}

/**
 * What the add/edit property form offers, named in `lang`: every active category, the chosen one's parameters,
 * all facilities.
 */
export async function propertyFormOptions(db: Database, categoryId: number | null, lang: string) {
  const [{ rows: categories }, parameters, facilities] = await Promise.all([
    categoriesWithCounts(db, { hasProperty: false, offset: 0, limit: 100, lang }),
    categoryId ? catalog.listParametersOfCategories(db, [categoryId]) : Promise.resolve([]),
    catalog.listFacilities(db),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    parameters: parameters.map((p) => ({
      id: p.id,
      name: nameIn(lang, p.name, p.names),
      type: p.typeOfParameter,
      options: p.typeValues,
      required: p.isRequired,
    })),
    facilities: facilities.map((f) => ({ id: f.id, name: nameIn(lang, f.name, f.names) })),
  };
}
export type PropertyFormOptions = Awaited<ReturnType<typeof propertyFormOptions>>;
