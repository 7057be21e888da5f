import type { APIRoute } from 'astro';
import { SITEMAP_HEADERS, sitemapIndexXml } from '../server/services/sitemap-service.ts';
import { siteUrl } from '../server/web/site.ts';

/** The sitemap index: one entry per /sitemaps/{kind}-{page}.xml file (docs/seo.md). */
export const GET: APIRoute = async ({ locals }) => {
  const site = { url: siteUrl, languages: locals.languages.map((l) => l.code) };
  const xml = await sitemapIndexXml(locals.runtime.database.db, site);
  return new Response(xml, { headers: SITEMAP_HEADERS });
};
