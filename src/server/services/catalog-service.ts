import type { Database } from '../db/client.ts';
import type { FileStorage } from '../storage/storage.ts';
import * as catalog from '../repositories/catalog-repository.ts';
import { imageView } from './image-view.ts';

type Page = { offset: number; limit: number };

/** get_categories: categories with their typed parameters, optionally only those with live listings. */
export async function getCategories(
  db: Database,
  storage: FileStorage,
  options: Page & { search?: string | undefined; hasProperty: boolean },
) {
  const { rows, total } = await catalog.listCategories(db, options);
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
          name: p.name,
          type_of_parameter: p.typeOfParameter,
          type_values: p.typeValues,
          is_required: p.isRequired,
          image: imageView(storage, p.image),
        })),
    })),
  };
}

/** Categories with live listings, for browse links on pages. */
export async function listCategoriesForBrowse(db: Database) {
  const { rows } = await catalog.listCategories(db, { hasProperty: true, offset: 0, limit: 50 });
  return rows;
}

export const findCategoryBySlug = catalog.findCategoryBySlug;

export async function getFacilities(db: Database, storage: FileStorage) {
  const rows = await catalog.listFacilities(db);
  return rows.map((row) => ({ id: row.id, name: row.name, image: imageView(storage, row.image) }));
}

export async function getCities(db: Database, storage: FileStorage, page: Page) {
  const { rows, total } = await catalog.listCities(db, page);
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

export const getReportReasons = catalog.listReportReasons;

/** What the add/edit property form offers: every active category, the chosen one's parameters, all facilities. */
export async function propertyFormOptions(db: Database, categoryId: number | null) {
  const [{ rows: categories }, parameters, facilities] = await Promise.all([
    catalog.listCategories(db, { hasProperty: false, offset: 0, limit: 100 }),
    categoryId ? catalog.listParametersOfCategories(db, [categoryId]) : Promise.resolve([]),
    catalog.listFacilities(db),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    parameters: parameters.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.typeOfParameter,
      options: p.typeValues,
      required: p.isRequired,
    })),
    facilities: facilities.map((f) => ({ id: f.id, name: f.name })),
  };
}
export type PropertyFormOptions = Awaited<ReturnType<typeof propertyFormOptions>>;
