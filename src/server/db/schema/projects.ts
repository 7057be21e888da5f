import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { projectType } from './enums.ts';
import { listingColumns } from './listing-columns.ts';
import type { DocumentRecord, ImageRecord } from './media-types.ts';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    ...listingColumns(),
    type: projectType().notNull(),
    location: text().notNull().default(''),
    image: jsonb().$type<ImageRecord>(),
  },
  (t) => [
    uniqueIndex('projects_slug_unique').on(t.slug),
    index('projects_public_recent_idx').on(t.adminStatus, t.status, t.createdAt.desc()),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_category_idx').on(t.categoryId),
    index('projects_city_idx').on(sql`lower(${t.city})`),
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
