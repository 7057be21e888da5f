import { sql, type SQL } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { projectType } from './enums.ts';
import { listingColumns } from './listing-columns.ts';
import type { DocumentRecord, ImageRecord } from './media-types.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const projects = pgTable(
  'projects',
  {
    id: id(),
    ...listingColumns(),
    type: projectType().notNull(),
    location: text().notNull().default(''),
    image: jsonb().$type<ImageRecord>(),
    /** Full-text search document, weighted and folded like properties.search ('simple': every language, no stemming). */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', fold_text(coalesce("title", ''))), 'A') || setweight(to_tsvector('simple', fold_text(coalesce("city", '') || ' ' || coalesce("state", '') || ' ' || coalesce("country", '') || ' ' || coalesce("location", ''))), 'B') || setweight(to_tsvector('simple', fold_text(coalesce("description", ''))), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('projects_slug_unique').on(t.slug),
    index('projects_public_recent_idx').on(t.adminStatus, t.status, t.createdAt.desc()),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_category_idx').on(t.categoryId),
    index('projects_city_idx').on(sql`fold_text(${t.city})`),
    index('projects_state_idx').on(sql`fold_text(${t.state})`),
    index('projects_country_idx').on(sql`fold_text(${t.country})`),
    index('projects_search_idx').using('gin', t.search),
    index('projects_title_words_idx').using('gin', sql`to_tsvector('simple', ${t.title})`),
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
