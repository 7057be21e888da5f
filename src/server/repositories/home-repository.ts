import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { categories, projects, users } from '../db/schema/index.ts';

/** The newest approved, active projects (projects_public_recent_idx). */
export function listLatestPublicProjects(db: Executor, limit: number) {
  return db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      type: projects.type,
      image: projects.image,
      city: projects.city,
      state: projects.state,
      country: projects.country,
      categoryName: categories.name,
      categorySlug: categories.slug,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(and(eq(projects.adminStatus, 'approved'), eq(projects.status, 'active')))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
}

/*
 * Live listings of the agent in the outer query, counted through properties_owner_idx. Written as SQL with
 * explicit aliases: inside a subquery Drizzle renders bare column names.
 */
const liveListingsOfUser = sql<number>`(select count(*)::int from "properties" p where p."owner_id" = "users"."id" and p."admin_status" = 'approved' and p."status" = 'active')`;

/** Active agents with at least one live listing, busiest first (users_type_idx, then the count per agent). */
export function listAgentsWithListings(db: Executor, limit: number) {
  const propertyCount = liveListingsOfUser;
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      profileImage: users.profileImage,
      verificationStatus: users.verificationStatus,
      propertyCount,
    })
    .from(users)
    .where(and(eq(users.type, 'agent'), eq(users.isActive, true), sql`${propertyCount} > 0`))
    .orderBy(sql`${propertyCount} desc`, desc(users.id))
    .limit(limit);
}
