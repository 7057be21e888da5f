import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import { isAgent } from './agent-repository.ts';
import { publicListing } from './property-repository.ts';
import type { Executor } from '../db/client.ts';
import { articles, categories, faqs, projects, properties, settings, users } from '../db/schema/index.ts';

/**
 * What crawlers are told about (docs/seo.md): the same "public" rules as the lists, written so each count is
 * one query answered from an index and each page of rows is one query in id order.
 */

export interface SitemapRow {
  slug: string;
  updatedAt: Date;
}

export interface SitemapPage {
  offset: number;
  limit: number;
}

/** Approved by an admin and not withdrawn by the owner (projects_public_recent_idx). */
const publicProject: SQL = and(eq(projects.adminStatus, 'approved'), eq(projects.status, 'active'))!;
const publishedArticle = (now: Date): SQL => and(isNotNull(articles.publishedAt), lte(articles.publishedAt, now))!;

/*
 * Correlated subqueries are written with explicit aliases (as in catalog-repository.ts): inside a subquery
 * Drizzle renders bare column names, and "id" would then bind to the inner table.
 */
const agentHasPublicWork = sql`(
  exists (select 1 from "properties" p where p."owner_id" = "users"."id" and p."admin_status" = 'approved' and p."status" = 'active')
  or exists (select 1 from "projects" j where j."owner_id" = "users"."id" and j."admin_status" = 'approved' and j."status" = 'active')
)`;
/** Agents with a page worth crawling: the agents of /agents (not admins) with at least one public listing or project. */
const publicAgent: SQL = and(isAgent, sql`${users.type} <> 'admin'`, agentHasPublicWork)!;

const categoryHasPublicListings = sql`exists (select 1 from "properties" p where p."category_id" = "categories"."id" and p."admin_status" = 'approved' and p."status" = 'active')`;
const publicCategory: SQL = and(eq(categories.isActive, true), categoryHasPublicListings)!;
/** A category page changes when the category or one of its public listings does. */
const categoryLastmod =
  sql<Date>`greatest("categories"."updated_at", (select max(p."updated_at") from "properties" p where p."category_id" = "categories"."id" and p."admin_status" = 'approved' and p."status" = 'active'))`.mapWith(
    categories.updatedAt,
  );

async function single(query: PromiseLike<{ value: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.value ?? 0);
}

/**
 * One count query per kind paged by count (listings are filed by id instead); `categories` is the variable part of
 * the static sitemap.
 */
export async function countSitemapRows(db: Executor, now: Date) {
  const [projectCount, agentCount, articleCount, categoryCount] = await Promise.all([
    single(db.select({ value: count() }).from(projects).where(publicProject)),
    single(db.select({ value: count() }).from(users).where(publicAgent)),
    single(db.select({ value: count() }).from(articles).where(publishedArticle(now))),
    single(db.select({ value: count() }).from(categories).where(publicCategory)),
  ]);
  return {
    projects: projectCount,
    agents: agentCount,
    articles: articleCount,
    categories: categoryCount,
  };
}

/** A listings file's range of ids: after `after`, up to and including `upTo`. */
export interface SitemapIdRange {
  after: number;
  upTo: number;
}

/** The public listings whose ids fall in the range: one scan of the primary key over at most its width. */
export function listSitemapProperties(db: Executor, range: SitemapIdRange): Promise<SitemapRow[]> {
  return db
    .select({ slug: properties.slug, updatedAt: properties.updatedAt })
    .from(properties)
    .where(and(publicListing, gt(properties.id, range.after), lte(properties.id, range.upTo)))
    .orderBy(asc(properties.id));
}

/**
 * The numbers of the listings files that hold a public listing, file n holding ids ((n - 1) * perFile, n * perFile],
 * up to `lastPage`. Each step asks the primary key for the first public id past the previous file, so the cost
 * follows the number of files, not of listings.
 */
export async function listSitemapPropertyPages(db: Executor, perFile: number, lastPage: number): Promise<number[]> {
  const firstPublicPage = (after: SQL) =>
    sql`(select (min(${properties.id}) - 1) / ${perFile}::int + 1 from ${properties} where ${properties.id} > ${after} and ${publicListing})`;
  const pages = sql`(
    with recursive pages(page) as (
      select ${firstPublicPage(sql`0`)}
      union all
      select ${firstPublicPage(sql`pages.page * ${perFile}::int`)} from pages where pages.page < ${lastPage}::int
    )
    select page from pages) as sitemap_pages`;
  const rows = await db
    .select({ page: sql<number>`page`.mapWith(Number) })
    .from(pages)
    .where(sql`page is not null and page <= ${lastPage}::int`)
    .orderBy(sql`page`);
  return rows.map((row) => row.page);
}

export function listSitemapProjects(db: Executor, page: SitemapPage): Promise<SitemapRow[]> {
  return db
    .select({ slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .where(publicProject)
    .orderBy(asc(projects.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function listSitemapAgents(db: Executor, page: SitemapPage): Promise<SitemapRow[]> {
  return db
    .select({ slug: users.slug, updatedAt: users.updatedAt })
    .from(users)
    .where(publicAgent)
    .orderBy(asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function listSitemapArticles(db: Executor, page: SitemapPage, now: Date): Promise<SitemapRow[]> {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(publishedArticle(now))
    .orderBy(asc(articles.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function listSitemapCategories(db: Executor, page: SitemapPage): Promise<SitemapRow[]> {
  return db
    .select({ slug: categories.slug, updatedAt: categoryLastmod })
    .from(categories)
    .where(publicCategory)
    .orderBy(asc(categories.id))
    .limit(page.limit)
    .offset(page.offset);
}

async function latest(query: PromiseLike<{ value: Date | null }[]>): Promise<Date | null> {
  const [row] = await query;
  return row?.value ?? null;
}

/**
 * When the fixed pages last changed, as far as the data knows: lists by their newest entry (the order they are
 * shown in, so the newest is found through the list's own index), settings pages by their setting row.
 */
export async function findStaticLastmods(db: Executor, now: Date, settingKeys: readonly string[]) {
  const [newestProperty, newestProject, newestArticle, newestFaq, settingRows] = await Promise.all([
    latest(
      db
        .select({ value: properties.createdAt })
        .from(properties)
        .where(publicListing)
        .orderBy(desc(properties.createdAt))
        .limit(1),
    ),
    latest(
      db
        .select({ value: projects.createdAt })
        .from(projects)
        .where(publicProject)
        .orderBy(desc(projects.createdAt))
        .limit(1),
    ),
    latest(
      db
        .select({ value: max(articles.publishedAt) })
        .from(articles)
        .where(publishedArticle(now)),
    ),
    latest(
      db
        .select({ value: max(faqs.createdAt) })
        .from(faqs)
        .where(eq(faqs.isActive, true)),
    ),
    settingKeys.length
      ? db
          .select({ key: settings.key, updatedAt: settings.updatedAt })
          .from(settings)
          .where(and(inArray(settings.key, [...settingKeys]), eq(settings.isSecret, false)))
      : Promise.resolve([]),
  ]);
  return {
    properties: newestProperty,
    projects: newestProject,
    articles: newestArticle,
    faqs: newestFaq,
    settings: new Map(settingRows.map((row) => [row.key, row.updatedAt])),
  };
}
