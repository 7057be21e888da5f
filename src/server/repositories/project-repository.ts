import { and, asc, count, desc, eq, getTableColumns, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { categories, projectPlans, projects, users } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';
import { listingOwnerColumns } from './owner-columns.ts';
import { folded, textQuery } from './text-search.ts';

// The search document is for WHERE clauses only; rows never carry it.
const { search: _search, ...projectColumns } = getTableColumns(projects);

export type ProjectRow = Omit<typeof projects.$inferSelect, 'search'>;
export type NewProject = typeof projects.$inferInsert;
export type ProjectPlanRow = typeof projectPlans.$inferSelect;
export type ProjectType = ProjectRow['type'];
type Page = { offset: number; limit: number };
type By = { id: number } | { slug: string };

const byIdOrSlug = (by: By) => ('id' in by ? eq(projects.id, by.id) : eq(projects.slug, by.slug));

/** What the public may see: approved by an admin and not withdrawn by the owner. */
export const isPublicProject = (row: { adminStatus: string; status: string }) =>
  row.adminStatus === 'approved' && row.status === 'active';
const publicProject: SQL = and(eq(projects.adminStatus, 'approved'), eq(projects.status, 'active'))!;

/* ---------- the owner's writes ---------- */

export async function projectSlugTaken(db: Executor, slug: string, exceptId: number | null): Promise<boolean> {
  const same = eq(projects.slug, slug);
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(exceptId === null ? same : and(same, ne(projects.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** The project if `ownerId` owns it, by id or slug; another owner's project is as invisible as a missing one. */
export async function findOwnedProject(db: Executor, by: By, ownerId: number): Promise<ProjectRow | null> {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .where(and(byIdOrSlug(by), eq(projects.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

export async function insertProject(db: Executor, values: NewProject): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning(projectColumns);
  return row!;
}

export async function updateProjectRow(db: Executor, id: number, patch: Partial<NewProject>): Promise<ProjectRow> {
  const [row] = await db.update(projects).set(patch).where(eq(projects.id, id)).returning(projectColumns);
  return row!;
}

export async function deleteProjectRow(db: Executor, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** Plans in the order they were added. */
export function listPlans(db: Executor, projectId: number): Promise<ProjectPlanRow[]> {
  return db.select().from(projectPlans).where(eq(projectPlans.projectId, projectId)).orderBy(asc(projectPlans.id));
}

/**
 * Brings a project's plans to what the edit says: `remove` ids deleted, `update` rows retitled or given a new
 * document, `add` rows inserted (in their order, so ids keep the order of the form).
 */
export async function savePlans(
  db: Executor,
  projectId: number,
  change: {
    remove: number[];
    update: { id: number; title: string; document: ProjectPlanRow['document'] }[];
    add: { title: string; document: ProjectPlanRow['document'] }[];
  },
) {
  if (change.remove.length)
    await db
      .delete(projectPlans)
      .where(and(eq(projectPlans.projectId, projectId), inArray(projectPlans.id, change.remove)));
  for (const plan of change.update)
    await db
      .update(projectPlans)
      .set({ title: plan.title, document: plan.document })
      .where(and(eq(projectPlans.id, plan.id), eq(projectPlans.projectId, projectId)));
  if (change.add.length) await db.insert(projectPlans).values(change.add.map((p) => ({ ...p, projectId })));
}

/** The owner's projects whatever their review state, newest first, or the one with `slug`. */
export async function listOwnedProjectRows(db: Executor, ownerId: number, page: Page & { slug?: string | undefined }) {
  const where = page.slug
    ? and(eq(projects.ownerId, ownerId), eq(projects.slug, page.slug))
    : eq(projects.ownerId, ownerId);
  return withTotal(
    db
      .select(projectColumns)
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(projects).where(where),
  );
}

/* ---------- public reads ---------- */

/** A project search; each field narrows the result (the index that answers it is named). */
export interface ProjectFilter {
  /** Full text (projects_search_idx, GIN); websearch syntax: words, "phrases", -excluded. */
  search?: string | undefined;
  /** projects_category_idx */
  categoryId?: number | undefined;
  type?: ProjectType | undefined;
  /** Equality without case or accents (projects_city_idx, _state_idx, _country_idx on fold_text()). */
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  /** Listed at or after (projects_public_recent_idx). */
  postedAfter?: Date | undefined;
  /** One owner's projects (projects_owner_idx). */
  ownerId?: number | undefined;
  id?: number | undefined;
  slug?: string | undefined;
  /** Leave this project out (similar projects). */
  exceptId?: number | undefined;
  /** This user's own projects are listed whatever their state (an owner looking at their own). */
  visibleTo?: number | undefined;
  /** Featured: an approved advertisement running at this moment (advertisements_project_idx). */
  advertisedAt?: Date | undefined;
}

/*
 * Written with an explicit alias: inside a subquery Drizzle renders bare column names, and "id" would then bind to
 * the inner table.
 */
const advertisedAt = (now: Date): SQL =>
  sql`exists (select 1 from "advertisements" a where a."project_id" = "projects"."id" and a."status" = 'approved' and a."starts_at" <= ${now.toISOString()} and a."ends_at" > ${now.toISOString()})`;

function projectConditions(filter: ProjectFilter): SQL {
  const visible = filter.visibleTo ? or(publicProject, eq(projects.ownerId, filter.visibleTo))! : publicProject;
  const conditions: (SQL | undefined)[] = [visible];
  if (filter.categoryId) conditions.push(eq(projects.categoryId, filter.categoryId));
  if (filter.type) conditions.push(eq(projects.type, filter.type));
  if (filter.city) conditions.push(sql`${folded(projects.city)} = ${folded(filter.city)}`);
  if (filter.state) conditions.push(sql`${folded(projects.state)} = ${folded(filter.state)}`);
  if (filter.country) conditions.push(sql`${folded(projects.country)} = ${folded(filter.country)}`);
  if (filter.postedAfter) conditions.push(gte(projects.createdAt, filter.postedAfter));
  if (filter.ownerId) conditions.push(eq(projects.ownerId, filter.ownerId));
  if (filter.id) conditions.push(eq(projects.id, filter.id));
  if (filter.slug) conditions.push(eq(projects.slug, filter.slug));
  if (filter.exceptId) conditions.push(ne(projects.id, filter.exceptId));
  if (filter.search) conditions.push(sql`${projects.search} @@ ${textQuery(filter.search)}`);
  if (filter.advertisedAt) conditions.push(advertisedAt(filter.advertisedAt));
  return and(...conditions)!;
}

const categoryRef = { id: categories.id, name: categories.name, names: categories.names, slug: categories.slug };

/** Projects matching `filter`, newest first, each with its category. */
export async function listProjects(db: Executor, filter: ProjectFilter, page: Page) {
  const where = projectConditions(filter);
  return withTotal(
    db
      .select({ project: projectColumns, category: categoryRef })
      .from(projects)
      .leftJoin(categories, eq(categories.id, projects.categoryId))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(projects).where(where),
  );
}
export type ProjectListRow = Awaited<ReturnType<typeof listProjects>>['rows'][number];

/**
 * One project whatever its state (the service decides who may see it), with its category and the owner's card.
 * The owner's email and mobile come along for the service to show to signed-in viewers only.
 */
export async function findProjectWithOwner(db: Executor, by: By) {
  const [row] = await db
    .select({
      project: projectColumns,
      category: categoryRef,
      owner: listingOwnerColumns,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(byIdOrSlug(by))
    .limit(1);
  return row ?? null;
}

/** Who owns a project and whether it is public (for similar-project lookups). */
export async function findProjectAccess(db: Executor, by: By) {
  const [row] = await db
    .select({
      id: projects.id,
      ownerId: projects.ownerId,
      categoryId: projects.categoryId,
      adminStatus: projects.adminStatus,
      status: projects.status,
    })
    .from(projects)
    .where(byIdOrSlug(by))
    .limit(1);
  return row ?? null;
}

/** The files an owner's projects point at (their images and documents, and their plans), in two reads. */
export async function listOwnerProjectMedia(db: Executor, ownerId: number) {
  const found = await db
    .select({
      image: projects.image,
      metaImage: projects.metaImage,
      galleryImages: projects.galleryImages,
      documents: projects.documents,
    })
    .from(projects)
    .where(eq(projects.ownerId, ownerId));
  const plans = await db
    .select({ document: projectPlans.document })
    .from(projectPlans)
    .innerJoin(projects, eq(projects.id, projectPlans.projectId))
    .where(eq(projects.ownerId, ownerId));
  return { projects: found, plans };
}
