import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { projects, users } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';
import { liveListingsBy, tallyKeyIs } from './property-repository.ts';

/** Who appears as an agent: active agents, and users whose verification succeeded (spec section 1). */
export const isAgent: SQL = and(
  eq(users.isActive, true),
  or(eq(users.type, 'agent'), eq(users.verificationStatus, 'success')),
)!;

/** Live listings (the owners' tally) and live projects per owner, joined to each agent. */
const liveCounts = (db: Executor) => ({
  properties: liveListingsBy(db, 'owner', 'property_counts'),
  projects: db
    .select({ ownerId: projects.ownerId, n: count().as('project_n') })
    .from(projects)
    .where(and(eq(projects.adminStatus, 'approved'), eq(projects.status, 'active')))
    .groupBy(projects.ownerId)
    .as('project_counts'),
});

const agentColumns = {
  id: users.id,
  name: users.name,
  slug: users.slug,
  type: users.type,
  profileImage: users.profileImage,
  verificationStatus: users.verificationStatus,
  aboutMe: users.aboutMe,
  city: users.city,
  country: users.country,
  email: users.email,
  mobile: users.mobile,
  facebookId: users.facebookId,
  twitterId: users.twitterId,
  instagramId: users.instagramId,
  youtubeId: users.youtubeId,
  linkedinId: users.linkedinId,
  updatedAt: users.updatedAt,
};

function selectAgents(db: Executor) {
  const counts = liveCounts(db);
  const propertyCount = sql<number>`coalesce(${counts.properties.listings}, 0)`.mapWith(Number);
  const query = db
    .select({
      ...agentColumns,
      propertyCount,
      projectCount: sql<number>`coalesce(${counts.projects.n}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(counts.properties, tallyKeyIs(counts.properties, users.id))
    .leftJoin(counts.projects, eq(counts.projects.ownerId, users.id));
  return { query, propertyCount };
}

/** Agents with something to show first: verified, then by live listings. Admins are not in the list. */
export function listAgents(db: Executor, page: { offset: number; limit: number }) {
  const where = and(isAgent, sql`${users.type} <> 'admin'`);
  const { query, propertyCount } = selectAgents(db);
  return withTotal(
    query
      .where(where)
      .orderBy(desc(sql`${users.verificationStatus} = 'success'`), desc(propertyCount), users.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(users).where(where),
  );
}

export async function findAgentBySlug(db: Executor, slug: string) {
  const [row] = await selectAgents(db)
    .query.where(and(eq(users.slug, slug), or(isAgent, eq(users.type, 'admin'))))
    .limit(1);
  return row ?? null;
}

/** The site's own listings are shown as the admin's (agent-properties with is_admin). */
export async function findSiteAdmin(db: Executor) {
  const [row] = await selectAgents(db)
    .query.where(and(eq(users.type, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}
