import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, translatedNames, updatedAt } from './columns.ts';
import type { ImageRecord } from './media-types.ts';
import { users } from './users.ts';

export const articleCategories = pgTable(
  'article_categories',
  { id: id(), name: text().notNull(), names: translatedNames(), slug: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('article_categories_slug_unique').on(t.slug)],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    categoryId: integer().references(() => articleCategories.id, { onDelete: 'set null' }),
    title: text().notNull(),
    slug: text().notNull(),
    /** Sanitised HTML. */
    description: text().notNull(),
    image: jsonb().$type<ImageRecord>(),
    metaTitle: text(),
    metaDescription: text(),
    metaKeywords: text(),
    viewCount: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('articles_slug_unique').on(t.slug),
    index('articles_category_published_idx').on(t.categoryId, t.publishedAt.desc()),
  ],
);

export const faqs = pgTable('faqs', {
  id: id(),
  question: text().notNull(),
  answer: text().notNull(),
  sortOrder: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** A language of the interface, with its strings (the uploaded language file). */
export const languages = pgTable(
  'languages',
  {
    id: id(),
    code: text().notNull(),
    name: text().notNull(),
    nativeName: text().notNull(),
    isRtl: boolean().notNull().default(false),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    strings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('languages_code_unique').on(t.code)],
);

/** Site settings by key. Secret ones (payment keys, SMTP passwords) are never sent to browsers. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  isSecret: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

/** Messages sent through the contact-us form; admins read them in the console. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_recent_idx').on(t.createdAt.desc()), index('contact_messages_user_idx').on(t.userId)],
);

/**
 * What search engines and link previews read for one of the site's pages (its title, description, keywords and
 * share image), set in the admin console; `page` is a key of SEO_PAGES (services/seo-service.ts). One text for
 * every language: content has no translations.
 */
export const seoSettings = pgTable(
  'seo_settings',
  {
    id: id(),
    page: text().notNull(),
    metaTitle: text(),
    metaDescription: text(),
    metaKeywords: text(),
    image: jsonb().$type<ImageRecord>(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('seo_settings_page_unique').on(t.page)],
);
