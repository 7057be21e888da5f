import { and, count, desc, eq, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { articleCategories, articles } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';

export type ArticleRow = typeof articles.$inferSelect;

/** Published: has a publication time that has come. */
const published = (now: Date): SQL => and(isNotNull(articles.publishedAt), lte(articles.publishedAt, now))!;

const listColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  description: articles.description,
  image: articles.image,
  metaDescription: articles.metaDescription,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  categoryNames: articleCategories.names,
  categorySlug: articleCategories.slug,
};

export function listPublishedArticles(
  db: Executor,
  filter: { categoryId?: number | undefined; exceptId?: number | undefined },
  page: { offset: number; limit: number },
  now: Date,
) {
  const where = and(
    published(now),
    filter.categoryId ? eq(articles.categoryId, filter.categoryId) : undefined,
    filter.exceptId ? ne(articles.id, filter.exceptId) : undefined,
  );
  return withTotal(
    db
      .select(listColumns)
      .from(articles)
      .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(articles).where(where),
  );
}

export async function findPublishedArticle(db: Executor, by: { id: number } | { slug: string }, now: Date) {
  const [row] = await db
    .select({ ...listColumns, metaTitle: articles.metaTitle, metaKeywords: articles.metaKeywords })
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(published(now), 'id' in by ? eq(articles.id, by.id) : eq(articles.slug, by.slug)))
    .limit(1);
  return row ?? null;
}

/** Article categories with how many published articles each has. */
export function listArticleCategories(db: Executor, now: Date) {
  return db
    .select({
      id: articleCategories.id,
      name: articleCategories.name,
      names: articleCategories.names,
      slug: articleCategories.slug,
      articleCount: sql<number>`count(${articles.id})`.mapWith(Number),
    })
    .from(articleCategories)
    .leftJoin(articles, and(eq(articles.categoryId, articleCategories.id), published(now)))
    .groupBy(articleCategories.id)
    .orderBy(articleCategories.name);
}

export async function findArticleCategoryBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: articleCategories.id,
      name: articleCategories.name,
      names: articleCategories.names,
      slug: articleCategories.slug,
    })
    .from(articleCategories)
    .where(eq(articleCategories.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function countArticleView(db: Executor, id: number) {
  await db
    .update(articles)
    // A view is not an edit: updated_at (sitemap lastmod) stays as it was.
    .set({ viewCount: sql`${articles.viewCount} + 1`, updatedAt: sql`${articles.updatedAt}` })
    .where(eq(articles.id, id));
}
