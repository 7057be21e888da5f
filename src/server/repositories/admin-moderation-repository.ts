import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { categories, projects, properties, users } from '../db/schema/index.ts';
import { countCap, withCappedTotal } from './paging.ts';
import type { PropertyRow } from './property-write-repository.ts';
import type { ProjectRow } from './project-repository.ts';
import { folded, samePlace } from './text-search.ts';

type Page = { offset: number; limit: number };
export type AdminStatus = PropertyRow['adminStatus'];
export type ListingKind = 'property' | 'project';

export interface ReviewFilter {
  adminStatus?: AdminStatus | undefined;
  /** Part of the title or slug, or the listing's id. */
  search?: string | undefined;
  categoryId?: number | undefined;
  city?: string | undefined;
}

/** `%` and `_` typed by an admin are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const { search: _projectSearch, ...projectColumns } = getTableColumns(projects);

function tableOf(kind: ListingKind) {
  return kind === 'property' ? properties : projects;
}

/**
 * The words of a title search as a text search query: every word, or the start of one, in the title. Null when the
 * text holds no word (punctuation only).
 */
function titleWordsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/**
 * A title search with at most this many matches is paged from them; with more, the queue is read in order and the
 * words tested on each listing, which soon finds a page of so common a word.
 */
const FEW_TITLE_MATCHES = 2000;

/** What a search box's text can match: words of the title (or their starts), the slug, the id. */
function searchCondition(kind: ListingKind, search: string): SQL {
  const t = tableOf(kind);
  const text = search.trim();
  const words = titleWordsQuery(text);
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return or(
    words ? sql`to_tsvector('simple', ${t.title}) @@ to_tsquery('simple', ${words})` : undefined,
    eq(t.slug, text),
    id ? eq(t.id, id) : undefined,
  )!;
}

/**
 * The search as the queue's condition. PostgreSQL cannot tell how many titles hold a word (it guesses 2 % of all
 * listings whatever the word), and read a queue of 1M listings in order looking for a word no title holds: 5 to
 * 10 s. So the matches are looked up first, through the text index of the titles (migration 0025): when they are
 * few (under a millisecond for none, at 1M listings), the queue takes just those ids, which its indexes hold too.
 */
async function searchConditionOf(db: Executor, kind: ListingKind, search: string): Promise<SQL> {
  const t = tableOf(kind);
  const condition = searchCondition(kind, search);
  const found = await db
    .select({ id: t.id })
    .from(t)
    .where(condition)
    .limit(FEW_TITLE_MATCHES + 1);
  return found.length > FEW_TITLE_MATCHES
    ? condition
    : inArray(
        t.id,
        found.map((row) => row.id),
      );
}

/**
 * The queues' filters, each answered by an index so they stay fast at 1M listings: a place by the folded name (properties' city key and its review index, projects' fold_text(city) index); the
 * search as `searchConditionOf` says.
 */
async function reviewConditions(db: Executor, kind: ListingKind, filter: ReviewFilter): Promise<SQL | undefined> {
  const t = tableOf(kind);
  const conditions: (SQL | undefined)[] = [];
  if (filter.adminStatus) conditions.push(eq(t.adminStatus, filter.adminStatus));
  if (filter.categoryId) conditions.push(eq(t.categoryId, filter.categoryId));
  if (filter.city)
    conditions.push(
      kind === 'property'
        ? samePlace(properties.cityKey, filter.city)
        : sql`${folded(t.city)} = ${folded(filter.city)}`,
    );
  if (filter.search) conditions.push(await searchConditionOf(db, kind, filter.search));
  return and(...conditions);
}

/**
 * Listings for the review queues with their owner and category. Waiting ones come oldest first (first in, first
 * reviewed); any other view shows the latest change first (both from the review indexes, migration 0024). The
 * total is capped as the public lists' are: counting the 900,000 approved listings of a big site took 0.45 s.
 */
export async function listListingsForReview(db: Executor, kind: ListingKind, filter: ReviewFilter, page: Page) {
  const t = tableOf(kind);
  const where = await reviewConditions(db, kind, filter);
  const order = filter.adminStatus === 'pending' ? [asc(t.updatedAt), asc(t.id)] : [desc(t.updatedAt), desc(t.id)];
  const cap = countCap(page);
  const matches = db
    .select({ id: t.id })
    .from(t)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  return withCappedTotal(
    db
      .select({
        id: t.id,
        title: t.title,
        slug: t.slug,
        city: t.city,
        country: t.country,
        status: t.status,
        adminStatus: t.adminStatus,
        rejectReason: t.rejectReason,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        ownerId: users.id,
        ownerName: users.name,
        ownerEmail: users.email,
        ownerVerification: users.verificationStatus,
        category: categories.name,
      })
      .from(t)
      .innerJoin(users, eq(users.id, t.ownerId))
      .innerJoin(categories, eq(categories.id, t.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(matches),
    cap,
  );
}
export type ReviewListRow = Awaited<ReturnType<typeof listListingsForReview>>['rows'][number];

/** Who owns a listing and what it is filed under, for the review page. */
export async function findListingOwner(db: Executor, ownerId: number, categoryId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      verificationStatus: users.verificationStatus,
      isActive: users.isActive,
      category: categories.name,
    })
    .from(users)
    .innerJoin(categories, eq(categories.id, categoryId))
    .where(eq(users.id, ownerId))
    .limit(1);
  return row ?? null;
}

export async function findPropertyById(db: Executor, id: number): Promise<PropertyRow | null> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  return row ?? null;
}

export async function findProjectById(db: Executor, id: number): Promise<ProjectRow | null> {
  const [row] = await db.select(projectColumns).from(projects).where(eq(projects.id, id)).limit(1);
  return row ?? null;
}

/** The property, locked until the transaction ends, so two reviews of one listing happen one after the other. */
export async function lockProperty(tx: Executor, id: number): Promise<PropertyRow | null> {
  const [row] = await tx.select().from(properties).where(eq(properties.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function lockProject(tx: Executor, id: number): Promise<ProjectRow | null> {
  const [row] = await tx.select(projectColumns).from(projects).where(eq(projects.id, id)).limit(1).for('update');
  return row ?? null;
}

export type ReviewPatch = Partial<Pick<PropertyRow, 'adminStatus' | 'rejectReason' | 'approvedAt' | 'status'>>;

export async function updatePropertyReview(tx: Executor, id: number, patch: ReviewPatch): Promise<PropertyRow> {
  const [row] = await tx.update(properties).set(patch).where(eq(properties.id, id)).returning();
  return row!;
}

export async function updateProjectReview(
  tx: Executor,
  id: number,
  patch: Omit<ReviewPatch, 'approvedAt'>,
): Promise<ProjectRow> {
  const [row] = await tx.update(projects).set(patch).where(eq(projects.id, id)).returning(projectColumns);
  return row!;
}

export async function setPropertyFeaturedUntil(tx: Executor, id: number, until: Date | null) {
  const [row] = await tx
    .update(properties)
    .set({ featuredUntil: until })
    .where(eq(properties.id, id))
    .returning({ id: properties.id, featuredUntil: properties.featuredUntil });
  return row ?? null;
}

export async function countListingsAwaitingReview(db: Executor, kind: ListingKind): Promise<number> {
  const t = tableOf(kind);
  const [row] = await db.select({ value: count() }).from(t).where(eq(t.adminStatus, 'pending'));
  return row?.value ?? 0;
}
