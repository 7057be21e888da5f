import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../errors.ts';
import * as repo from '../repositories/agent-repository.ts';
import { imageView } from './image-view.ts';
import { searchProjects } from './project-service.ts';
import { searchProperties } from './property-service.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;
type AgentRow = NonNullable<Awaited<ReturnType<typeof repo.findAgentBySlug>>>;

/**
 * An agent as visitors see them. Email and phone go only to signed-in viewers: the profile invites contact,
 * but anonymous scrapers get no contact list.
 */
function agentView(deps: Deps, row: AgentRow, viewer: SessionUser | null) {
  return {
    id: row.id,
    name: row.name,
    slug_id: row.slug,
    type: row.type,
    is_admin: row.type === 'admin',
    is_verified: row.verificationStatus === 'success',
    profile: imageView(deps.storage, row.profileImage),
    about_me: row.aboutMe,
    city: row.city,
    country: row.country,
    email: viewer ? row.email : null,
    mobile: viewer ? row.mobile : null,
    facebook_id: row.facebookId,
    twiiter_id: row.twitterId,
    instagram_id: row.instagramId,
    youtube_id: row.youtubeId,
    linkedin_id: row.linkedinId,
    property_count: row.propertyCount,
    project_count: row.projectCount,
    updated_at: row.updatedAt.toISOString(),
  };
}
export type AgentView = ReturnType<typeof agentView>;

/** agent-list: verified agents first, then those with the most live listings. */
export async function listAgents(deps: Deps, viewer: SessionUser | null, page: { offset: number; limit: number }) {
  const { rows, total } = await repo.listAgents(deps.db, page);
  return { total, ...page, items: rows.map((row) => agentView(deps, row, viewer)) };
}

/** One agent by profile slug, or the site itself (is_admin) whose listings the admin posts. */
export async function getAgent(deps: Deps, by: { slug: string } | { isAdmin: true }, viewer: SessionUser | null) {
  const row = 'slug' in by ? await repo.findAgentBySlug(deps.db, by.slug) : await repo.findSiteAdmin(deps.db);
  if (!row) throw AppError.notFound('agents.not_found');
  return agentView(deps, row, viewer);
}

/**
 * agent-properties: an agent (or, with is_admin, the site itself) and one page of their public properties, or of
 * their public projects with is_projects.
 */
export async function agentListings(
  deps: Deps,
  viewer: SessionUser | null,
  by: { slug: string } | { isAdmin: true },
  kind: 'properties' | 'projects',
  page: { offset: number; limit: number },
  lang: string,
) {
  const agent = await getAgent(deps, by, viewer);
  // Public listings only, even when the agent looks at their own page.
  const listings =
    kind === 'projects'
      ? { kind, ...(await searchProjects(deps, null, { userId: agent.id }, page, lang)) }
      : { kind, ...(await searchProperties(deps, viewer, {}, { userId: agent.id }, page, lang)) };
  return { agent, listings };
}
