import type { APIRoute } from 'astro';
import { runtime } from '../../server/runtime.ts';

/** The one seam between Astro and the Hono API. */
export const ALL: APIRoute = async ({ request, clientAddress }) =>
  (await runtime()).api.fetch(request, { clientAddress });
