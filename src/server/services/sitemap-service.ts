import { urls } from '../../lib/urls.ts';
import type { Database } from '../db/client.ts';
import * as repo from '../repositories/sitemap-repository.ts';
import { SETTING_PAGES, type SettingPage } from './content-service.ts';

/*
 * Sitemaps and robots.txt (docs/seo.md, docs/decisions/007-public-urls.md): /sitemap.xml is an index of
 * /sitemaps/{kind}-{page}.xml files, each a <urlset> of at most URLS_PER_SITEMAP canonical URLs with their
 * hreflang alternates. The XML is built by the pure functions below; the database is read only through
 * sitemap-repository.ts.
 */

export const SITEMAP_KINDS = ['static', 'properties', 'projects', 'agents', 'articles'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The protocol allows 50,000; 10,000 keeps each file small (hreflang links multiply its size). */
export const URLS_PER_SITEMAP = 10_000;
/** An index may list 50,000 files; no page number beyond that is ever asked for the database. */
export const MAX_SITEMAP_PAGE = 50_000;

/** Crawlers come back often enough; an hour keeps repeated fetches off the database. */
export const SITEMAP_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
  // The answer is the same for every visitor and language; the pages' Vary: Cookie would only split caches.
  vary: 'Accept-Encoding',
};

export const ROBOTS_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'public, max-age=3600',
  vary: 'Accept-Encoding',
};

/** Paths crawlers are asked to leave alone: the API, signed-in areas and the sign-in flow. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/user/',
  '/admin/',
  '/my-property/',
  '/login',
  '/logout',
  '/register',
  '/forgot-password',
  '/reset-password',
] as const;

/** Where URLs are made absolute and which languages each page exists in (`?lang=<code>`). */
export interface SitemapSite {
  url(path: string): URL;
  languages: readonly string[];
}

export interface SitemapEntry {
  /** Root-relative canonical path, from src/lib/urls.ts. */
  path: string;
  lastmod?: Date | null | undefined;
}

export interface SitemapFile {
  kind: SitemapKind;
  page: number;
}

// ---------------------------------------------------------------------------------------------------------
// Pure parts: names, paging, XML.

export function sitemapFileName(file: SitemapFile): string {
  return `${file.kind}-${file.page}.xml`;
}

const FILE_NAME = /^([a-z]+)-([1-9]\d{0,5})\.xml$/;

/** `properties-2.xml` -> { kind: 'properties', page: 2 }; anything else (unknown kind, page 0 or 01) -> null. */
export function parseSitemapFileName(name: string): SitemapFile | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const kind = SITEMAP_KINDS.find((k) => k === match[1]);
  const page = Number(match[2]);
  if (!kind || page > MAX_SITEMAP_PAGE) return null;
  return { kind, page };
}

/** How many files `total` URLs fill. */
export function sitemapPageCount(total: number, perFile: number = URLS_PER_SITEMAP): number {
  if (!(total > 0)) return 0;
  return Math.ceil(total / perFile);
}

/** The rows of 1-based `page`. */
export function sitemapWindow(page: number, perFile: number = URLS_PER_SITEMAP): { offset: number; limit: number } {
  return { offset: (page - 1) * perFile, limit: perFile };
}

/**
 * The static sitemap is the fixed pages followed by the category rows: which fixed pages (`[start, end)`) and
 * which rows (`offset`, `limit`) fall in a window of that concatenation.
 */
export function splitWindow(
  window: { offset: number; limit: number },
  fixedCount: number,
): { fixed: { start: number; end: number }; rows: { offset: number; limit: number } } {
  const start = Math.min(window.offset, fixedCount);
  const end = Math.min(window.offset + window.limit, fixedCount);
  return {
    fixed: { start, end },
    rows: { offset: Math.max(0, window.offset - fixedCount), limit: window.limit - (end - start) },
  };
}

// XML 1.0 has no way to write most control characters, even escaped; they are dropped.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/** A page's language versions (`?lang=<code>`, as SeoHead.astro announces them) and x-default, the plain URL. */
export function alternateLinks(loc: URL, languages: readonly string[]): { hreflang: string; href: string }[] {
  const links = languages.map((code) => {
    const href = new URL(loc);
    href.searchParams.set('lang', code);
    return { hreflang: code, href: href.toString() };
  });
  links.push({ hreflang: 'x-default', href: loc.toString() });
  return links;
}

export interface UrlsetEntry {
  loc: string;
  lastmod?: Date | null | undefined;
  alternates?: readonly { hreflang: string; href: string }[] | undefined;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

function lastmodXml(date: Date | null | undefined): string {
  return date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString()}</lastmod>` : '';
}

export function renderUrlset(entries: readonly UrlsetEntry[]): string {
  const body = entries.map((entry) => {
    const links = (entry.alternates ?? []).map(
      (a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
    );
    return `<url><loc>${escapeXml(entry.loc)}</loc>${lastmodXml(entry.lastmod)}${links.join('')}</url>`;
  });
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">`, ...body, '</urlset>', ''].join(
    '\n',
  );
}

export function renderSitemapIndex(locs: readonly string[]): string {
  const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...body, '</sitemapindex>', ''].join('\n');
}

export function renderRobotsTxt(sitemapUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The pages of the static sitemap.

type ListLastmod = 'properties' | 'projects' | 'articles' | 'faqs';
interface StaticPage {
  path: string;
  /** Which list's newest entry dates the page; settings pages are dated by their setting. */
  from?: ListLastmod | undefined;
  setting?: string | undefined;
}

const settingPage = (page: SettingPage): StaticPage => ({ path: `/${page}`, setting: SETTING_PAGES[page].setting });

/** Every fixed public page; category pages of categories with public listings follow them. */
export const STATIC_PAGES: readonly StaticPage[] = [
  { path: urls.home(), from: 'properties' },
  { path: urls.properties(), from: 'properties' },
  { path: urls.projects(), from: 'projects' },
  { path: urls.agents() },
  { path: urls.articles(), from: 'articles' },
  { path: '/faqs', from: 'faqs' },
  { path: urls.cities() },
  { path: '/contact-us' },
  settingPage('about-us'),
  settingPage('privacy-policy'),
  settingPage('terms-and-conditions'),
];

// ---------------------------------------------------------------------------------------------------------
// Reading the database.

/** Which listings a listings file holds: ids after `(page - 1) * perFile`, up to `page * perFile`. */
export function sitemapIdRange(page: number, perFile: number = URLS_PER_SITEMAP): repo.SitemapIdRange {
  return { after: (page - 1) * perFile, upTo: page * perFile };
}

/**
 * The files of the index, in kind order. Kinds with nothing public have no file. Listings are filed by id range
 * (docs/seo.md): a listing stays in its file while others come and go, and a file costs the same wherever it is,
 * where paging 900,000 listings by count made the last file read all of them first. Other kinds are paged by count.
 */
export async function listSitemapFiles(db: Database, now: Date = new Date()): Promise<SitemapFile[]> {
  const [counts, propertyPages] = await Promise.all([
    repo.countSitemapRows(db, now),
    repo.listSitemapPropertyPages(db, URLS_PER_SITEMAP, MAX_SITEMAP_PAGE),
  ]);
  const pagesFor = (total: number) => Array.from({ length: sitemapPageCount(total) }, (_, i) => i + 1);
  const pages: Record<SitemapKind, number[]> = {
    static: pagesFor(STATIC_PAGES.length + counts.categories),
    properties: propertyPages,
    projects: pagesFor(counts.projects),
    agents: pagesFor(counts.agents),
    articles: pagesFor(counts.articles),
  };
  return SITEMAP_KINDS.flatMap((kind) => pages[kind].map((page) => ({ kind, page })));
}

const rowEntries = (rows: readonly repo.SitemapRow[], path: (slug: string) => string): SitemapEntry[] =>
  rows.map((row) => ({ path: path(row.slug), lastmod: row.updatedAt }));

async function staticEntries(db: Database, window: { offset: number; limit: number }, now: Date) {
  const split = splitWindow(window, STATIC_PAGES.length);
  const fixed = STATIC_PAGES.slice(split.fixed.start, split.fixed.end);
  const [lastmods, categories] = await Promise.all([
    fixed.length
      ? repo.findStaticLastmods(
          db,
          now,
          fixed.flatMap((p) => (p.setting ? [p.setting] : [])),
        )
      : null,
    split.rows.limit > 0 ? repo.listSitemapCategories(db, split.rows) : [],
  ]);
  const fixedEntries = fixed.map((page): SitemapEntry => ({
    path: page.path,
    lastmod: page.from ? lastmods?.[page.from] : page.setting ? lastmods?.settings.get(page.setting) : undefined,
  }));
  return [...fixedEntries, ...rowEntries(categories, urls.category)];
}

/** The entries of one sitemap file; empty when the page is beyond the last. */
export async function listSitemapEntries(
  db: Database,
  file: SitemapFile,
  now: Date = new Date(),
): Promise<SitemapEntry[]> {
  const window = sitemapWindow(file.page);
  switch (file.kind) {
    case 'static':
      return staticEntries(db, window, now);
    case 'properties':
      return rowEntries(await repo.listSitemapProperties(db, sitemapIdRange(file.page)), urls.property);
    case 'projects':
      return rowEntries(await repo.listSitemapProjects(db, window), urls.project);
    case 'agents':
      return rowEntries(await repo.listSitemapAgents(db, window), urls.agent);
    case 'articles':
      return rowEntries(await repo.listSitemapArticles(db, window, now), urls.article);
  }
}

/** The body of /sitemap.xml. */
export async function sitemapIndexXml(db: Database, site: SitemapSite, now: Date = new Date()): Promise<string> {
  const files = await listSitemapFiles(db, now);
  return renderSitemapIndex(files.map((file) => site.url(`/sitemaps/${sitemapFileName(file)}`).toString()));
}

/** The body of /sitemaps/{name}; null (a 404) for an unknown kind or a page beyond the last. */
export async function sitemapFileXml(
  db: Database,
  name: string,
  site: SitemapSite,
  now: Date = new Date(),
): Promise<string | null> {
  const file = parseSitemapFileName(name);
  if (!file) return null;
  const entries = await listSitemapEntries(db, file, now);
  if (entries.length === 0) return null;
  return renderUrlset(
    entries.map((entry) => {
      const loc = site.url(entry.path);
      return { loc: loc.toString(), lastmod: entry.lastmod, alternates: alternateLinks(loc, site.languages) };
    }),
  );
}
