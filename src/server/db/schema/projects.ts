import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { adminStatus, listingStatus, projectType } from './enums.ts';
import type { DocumentRecord, ImageRecord } from './media-types.ts';
import { users } from './users.ts';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    slug: text().notNull(),
    description: text().notNull(),
    type: projectType().notNull(),
    location: text().notNull().default(''),
    city: text().notNull(),
    state: text().notNull(),
    country: text().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    videoLink: text(),
    image: jsonb().$type<ImageRecord>(),
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
  },
  (t) => [
    uniqueIndex('projects_slug_unique').on(t.slug),
    index('projects_public_recent_idx').on(t.adminStatus, t.status, t.createdAt.desc()),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_category_idx').on(t.categoryId),
  ],
);

export const projectPlans = pgTable(
  'project_plans',
  {
    id: id(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    document: jsonb().$type<DocumentRecord>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_plans_project_idx').on(t.projectId)],
);
