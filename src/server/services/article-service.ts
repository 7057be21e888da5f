import type { ServerDeps } from '../platform/deps.ts';
import { richTextToPlain, sanitizeRichText } from '../content/rich-text.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import * as repo from '../repositories/article-repository.ts';
import { imageView } from './image-view.ts';
import { truncate } from '../../lib/text.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type Page = { offset: number; limit: number };
type ListRow = Awaited<ReturnType<typeof repo.listPublishedArticles>>['rows'][number];

const EXCERPT_LENGTH = 180;

/** An article as lists show it, its category named in `lang`. */
function summary(deps: Deps, row: ListRow, lang: string) {
  return {
    id: row.id,
    title: row.title,
    slug_id: row.slug,
    excerpt: truncate(row.metaDescription || richTextToPlain(row.description), EXCERPT_LENGTH),
    image: imageView(deps.storage, row.image),
    category:
      row.categoryId && row.categoryName
        ? { id: row.categoryId, name: nameIn(lang, row.categoryName, row.categoryNames), slug: row.categorySlug! }
        : null,
    published_at: row.publishedAt!.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ArticleSummary = ReturnType<typeof summary>;

/** Published articles, newest first, optionally of one category. */
export async function listArticles(
  deps: Deps,
  filter: { categoryId?: number | undefined },
  page: Page,
  lang: string,
  now = new Date(),
) {
  const { rows, total } = await repo.listPublishedArticles(deps.db, filter, page, now);
  return { total, ...page, items: rows.map((row) => summary(deps, row, lang)) };
}

/** One published article with its body made safe, plus a few more from its category. */
export async function getArticle(deps: Deps, by: { id: number } | { slug: string }, lang: string, now = new Date()) {
  const row = await repo.findPublishedArticle(deps.db, by, now);
  if (!row) throw AppError.notFound('articles.not_found');
  const related = await repo.listPublishedArticles(
    deps.db,
    { categoryId: row.categoryId ?? undefined, exceptId: row.id },
    { offset: 0, limit: 3 },
    now,
  );
  return {
    ...summary(deps, row, lang),
    description: sanitizeRichText(row.description),
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    related: related.rows.map((r) => summary(deps, r, lang)),
  };
}
export type ArticleDetail = Awaited<ReturnType<typeof getArticle>>;

export const countArticleView = (db: Database, id: number) => repo.countArticleView(db, id);

/** Article categories named in `lang`, with how many published articles each has. */
export async function listArticleCategories(db: Database, lang: string, now = new Date()) {
  const rows = await repo.listArticleCategories(db, now);
  return rows.map(({ names, ...row }) => ({ ...row, name: nameIn(lang, row.name, names) }));
}

/** An article category by its slug, named in `lang`. */
export async function findArticleCategoryBySlug(db: Database, slug: string, lang: string) {
  const row = await repo.findArticleCategoryBySlug(db, slug);
  return row && { id: row.id, name: nameIn(lang, row.name, row.names), slug: row.slug };
}
