import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../errors.ts';
import { agentListings, listAgents } from '../../services/agent-service.ts';
import { ok, replies } from '../envelope.ts';
import { page } from '../../../features/common/contract.ts';
import { paginationQuery, queryFlag } from '../schemas.ts';
import { newRouter } from '../router.ts';

const agent = z.record(z.string(), z.unknown()).openapi('Agent');

const listRoute = createRoute({
  method: 'get',
  path: '/agent-list',
  tags: ['agents'],
  summary: 'Agents and verified users, verified first, then by live listings',
  description: 'Email and mobile are included only for a signed-in caller.',
  request: { query: paginationQuery },
  responses: replies(page(agent), 'Agents'),
});

const listingsRoute = createRoute({
  method: 'get',
  path: '/agent-properties',
  tags: ['agents'],
  summary: 'An agent and one page of their public properties (or projects with is_projects)',
  description: "slug_id names the agent; is_admin=1 instead gives the site's own listings (posted by the admin).",
  request: {
    query: paginationQuery.extend({
      slug_id: z.string().trim().min(1).max(200).optional(),
      is_admin: queryFlag.optional(),
      is_projects: queryFlag.optional(),
    }),
  },
  responses: replies(
    z.object({ agent, listings: page(z.record(z.string(), z.unknown())).extend({ kind: z.string() }) }),
    'Agent and listings',
  ),
});

export const agentRoutes = newRouter()
  .openapi(listRoute, async (c) => ok(c, await listAgents(c.var, c.var.user, c.req.valid('query'))))
  .openapi(listingsRoute, async (c) => {
    const { slug_id, is_admin, is_projects, offset, limit } = c.req.valid('query');
    if (!is_admin && !slug_id) throw AppError.validation({ slug_id: ['validation.required'] });
    const by = is_admin ? { isAdmin: true as const } : { slug: slug_id! };
    return ok(
      c,
      await agentListings(
        c.var,
        c.var.user,
        by,
        is_projects ? 'projects' : 'properties',
        { offset, limit },
        c.var.t.lang,
      ),
    );
  });
