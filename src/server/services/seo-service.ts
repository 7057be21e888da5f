import type { ServerDeps } from '../platform/deps.ts';
import { cachedRead } from '../cache/read-cache.ts';
import { listSeoSettingsRows, type SeoSettingsRow } from '../repositories/seo-repository.ts';
import { imageView } from './image-view.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

/**
 * The pages whose search-engine texts the admin sets (Content, SEO by page), by key and address: the site's pages of
 * one kind each (a list, a form, a text). A listing, project, agent, article or category page takes its own texts
 * from what it shows.
 */
export const SEO_PAGES = {
  home: '/',
  properties: '/properties',
  'properties-map': '/properties/map',
  cities: '/cities',
  projects: '/projects',
  agents: '/agents',
  articles: '/articles',
  faqs: '/faqs',
  'contact-us': '/contact-us',
  'about-us': '/about-us',
  'privacy-policy': '/privacy-policy',
  'terms-and-conditions': '/terms-and-conditions',
  'mortgage-calculator': '/mortgage-calculator',
  'area-converter': '/area-converter',
  'subscription-plan': '/subscription-plan',
} as const;
export type SeoPage = keyof typeof SEO_PAGES;
export const SEO_PAGE_KEYS = Object.keys(SEO_PAGES) as [SeoPage, ...SeoPage[]];

/** Read by every page of these kinds, changed only in the console: shared like the public settings. */
const storedRows = (deps: Deps) => cachedRead(deps.db, 'seo-settings', () => listSeoSettingsRows(deps.db));

function seoView(deps: Deps, page: SeoPage, row: SeoSettingsRow | undefined) {
  return {
    page,
    path: SEO_PAGES[page],
    meta_title: row?.metaTitle ?? null,
    meta_description: row?.metaDescription ?? null,
    meta_keywords: row?.metaKeywords ?? null,
    meta_image: imageView(deps.storage, row?.image),
  };
}
export type SeoView = ReturnType<typeof seoView>;

/** get_seo_settings: every page's texts (null where the admin set none), or one page's. */
export async function getSeoSettings(deps: Deps, page?: SeoPage): Promise<SeoView[]> {
  const rows = await storedRows(deps);
  const pages = page ? [page] : SEO_PAGE_KEYS;
  return pages.map((key) =>
    seoView(
      deps,
      key,
      rows.find((row) => row.page === key),
    ),
  );
}

/**
 * The texts the admin set for the page at this address, for its <head>; null for other pages, and for a page's
 * filtered or later views (any query but `lang`), which keep titles of their own.
 */
export async function seoForPage(deps: Deps, url: URL): Promise<SeoView | null> {
  if ([...url.searchParams.keys()].some((name) => name !== 'lang')) return null;
  const page = SEO_PAGE_KEYS.find((key) => SEO_PAGES[key] === url.pathname);
  return page ? (await getSeoSettings(deps, page))[0]! : null;
}
