import type { APIRoute } from 'astro';
import { serveApi } from '../../server/api/serve.ts';
import { runtime } from '../../server/runtime.ts';

/** The seam between Astro and the Hono API (the dev server's way in; scripts/start.mjs calls serveApi directly). */
export const ALL: APIRoute = async ({ request, clientAddress }) =>
  serveApi((await runtime()).api, request, clientAddress);
