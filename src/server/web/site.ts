import { env } from '../env.ts';

/** The site's public origin, for canonical links, JSON-LD and sitemaps (never the request's Host header). */
export function siteUrl(path = '/'): URL {
  return new URL(path, env().PUBLIC_URL);
}
