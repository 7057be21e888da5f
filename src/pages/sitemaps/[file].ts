import type { APIRoute } from 'astro';
import { SITEMAP_HEADERS, sitemapFileXml } from '../../server/services/sitemap-service.ts';
import { siteUrl } from '../../server/web/site.ts';

/** One sitemap file, `{kind}-{page}.xml`; unknown kinds and pages beyond the last are not found. */
export const GET: APIRoute = async ({ params, locals }) => {
  const site = { url: siteUrl, languages: locals.languages.map((l) => l.code) };
  const xml = await sitemapFileXml(locals.runtime.database.db, params.file ?? '', site);
  if (xml === null) return new Response(null, { status: 404 });
  return new Response(xml, { headers: SITEMAP_HEADERS });
};
