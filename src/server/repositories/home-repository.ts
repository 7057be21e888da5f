import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { categories, projects, users } from '../db/schema/index.ts';
import { liveListingsBy, tallyKeyIs } from './property-repository.ts';

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
      categoryNames: categories.names,
      categorySlug: categories.slug,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(and(eq(projects.adminStatus, 'approved'), eq(projects.status, 'active')))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
}

/** Active agents with at least one live listing, busiest first (the owners' tally). */
export function listAgentsWithListings(db: Executor, limit: number) {
  const live = liveListingsBy(db, 'owner', 'live');
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      profileImage: users.profileImage,
      verificationStatus: users.verificationStatus,
      propertyCount: live.listings,
    })
    .from(users)
    .innerJoin(live, tallyKeyIs(live, users.id))
    .where(and(eq(users.type, 'agent'), eq(users.isActive, true)))
    .orderBy(desc(live.listings), desc(users.id))
    .limit(limit);
}
