import type { APIRoute } from 'astro';
import { ROBOTS_HEADERS, renderRobotsTxt } from '../server/services/sitemap-service.ts';
import { siteUrl } from '../server/web/site.ts';

/** Crawl rules and the absolute address of the sitemap index (which depends on PUBLIC_URL, hence not a file). */
export const GET: APIRoute = () =>
  new Response(renderRobotsTxt(siteUrl('/sitemap.xml').toString()), { headers: ROBOTS_HEADERS });
