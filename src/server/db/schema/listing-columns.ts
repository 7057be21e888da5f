import { doublePrecision, integer, jsonb, text } from 'drizzle-orm/pg-core';
import { categories } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { adminStatus, listingStatus } from './enums.ts';
import type { DocumentRecord, ImageRecord } from './media-types.ts';
import { users } from './users.ts';

/** What properties and projects both carry: owner, category, text, place, media, SEO fields and review state. */
export const listingColumns = () => ({
  ownerId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  categoryId: integer()
    .notNull()
    .references(() => categories.id, { onDelete: 'restrict' }),
  title: text().notNull(),
  slug: text().notNull(),
  description: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  country: text().notNull(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  videoLink: text(),
  galleryImages: jsonb().$type<ImageRecord[]>().notNull().default([]),
  documents: jsonb().$type<DocumentRecord[]>().notNull().default([]),
  metaTitle: text(),
  metaDescription: text(),
  metaKeywords: text(),
  metaImage: jsonb().$type<ImageRecord>(),
  status: listingStatus().notNull().default('active'),
  adminStatus: adminStatus().notNull().default('pending'),
  rejectReason: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
