import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, translatedNames, updatedAt } from './columns.ts';
import { fieldType } from './enums.ts';
import type { ImageRecord } from './media-types.ts';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text().notNull(),
    names: translatedNames(),
    slug: text().notNull(),
    image: jsonb().$type<ImageRecord>(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    metaTitle: text(),
    metaDescription: text(),
    metaKeywords: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_slug_unique').on(t.slug)],
);

/** Typed attributes a category's listings carry (bedrooms, furnished, ...). */
export const parameters = pgTable('parameters', {
  id: id(),
  name: text().notNull(),
  names: translatedNames(),
  typeOfParameter: fieldType().notNull(),
  /** Options of dropdown, radio and checkbox parameters. */
  typeValues: jsonb().$type<string[]>().notNull().default([]),
  isRequired: boolean().notNull().default(false),
  image: jsonb().$type<ImageRecord>(),
  createdAt: createdAt(),
});

export const categoryParameters = pgTable(
  'category_parameters',
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    parameterId: integer()
      .notNull()
      .references(() => parameters.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.parameterId] }),
    index('category_parameters_parameter_idx').on(t.parameterId),
  ],
);

/** The spec's outdoor facilities: places a listing is near (hospital, school, ...). */
export const facilities = pgTable('facilities', {
  id: id(),
  name: text().notNull(),
  names: translatedNames(),
  image: jsonb().$type<ImageRecord>(),
  createdAt: createdAt(),
});

export const cities = pgTable(
  'cities',
  {
    id: id(),
    name: text().notNull(),
    state: text().notNull(),
    country: text().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    image: jsonb().$type<ImageRecord>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cities_name_state_country_unique').on(t.name, t.state, t.country)],
);
