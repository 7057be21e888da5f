import { describe, expect, it } from 'vitest';
import {
  alternateLinks,
  escapeXml,
  MAX_SITEMAP_PAGE,
  parseSitemapFileName,
  renderRobotsTxt,
  renderSitemapIndex,
  renderUrlset,
  sitemapFileName,
  sitemapIdRange,
  sitemapPageCount,
  sitemapWindow,
  splitWindow,
  STATIC_PAGES,
  URLS_PER_SITEMAP,
} from './sitemap-service.ts';

describe('sitemap file names', () => {
  it('round-trips kind and page', () => {
    expect(sitemapFileName({ kind: 'properties', page: 3 })).toBe('properties-3.xml');
    expect(parseSitemapFileName('properties-3.xml')).toEqual({ kind: 'properties', page: 3 });
    expect(parseSitemapFileName('static-1.xml')).toEqual({ kind: 'static', page: 1 });
    expect(parseSitemapFileName(`articles-${MAX_SITEMAP_PAGE}.xml`)).toEqual({
      kind: 'articles',
      page: MAX_SITEMAP_PAGE,
    });
  });

  it('refuses unknown kinds, page 0, padded or huge pages and other names', () => {
    for (const name of [
      'users-1.xml',
      'properties-0.xml',
      'properties-01.xml',
      'properties-1.xml.gz',
      'properties-1',
      'properties.xml',
      'properties--1.xml',
      'Properties-1.xml',
      `properties-${MAX_SITEMAP_PAGE + 1}.xml`,
      'properties-9999999999.xml',
      '../properties-1.xml',
      '',
    ]) {
      expect(parseSitemapFileName(name), name).toBeNull();
    }
  });
});

describe('paging', () => {
  it('fills files of 10,000 URLs', () => {
    expect(URLS_PER_SITEMAP).toBe(10_000);
    expect(sitemapPageCount(0)).toBe(0);
    expect(sitemapPageCount(1)).toBe(1);
    expect(sitemapPageCount(10_000)).toBe(1);
    expect(sitemapPageCount(10_001)).toBe(2);
    expect(sitemapPageCount(25_000)).toBe(3);
    expect(sitemapPageCount(7, 3)).toBe(3);
  });

  it('gives each page its window of rows', () => {
    expect(sitemapWindow(1)).toEqual({ offset: 0, limit: 10_000 });
    expect(sitemapWindow(3)).toEqual({ offset: 20_000, limit: 10_000 });
    expect(sitemapWindow(2, 5)).toEqual({ offset: 5, limit: 5 });
  });

  it('gives each listings file its range of ids, the next starting where the last ends', () => {
    expect(sitemapIdRange(1)).toEqual({ after: 0, upTo: 10_000 });
    expect(sitemapIdRange(3)).toEqual({ after: 20_000, upTo: 30_000 });
    expect(sitemapIdRange(2, 5)).toEqual({ after: 5, upTo: 10 });
  });

  it('splits the static sitemap between fixed pages and category rows', () => {
    // 11 fixed pages, files of 10: the first holds 10 fixed, the second 1 fixed and 9 rows, the third rows 9-18.
    expect(splitWindow(sitemapWindow(1, 10), 11)).toEqual({
      fixed: { start: 0, end: 10 },
      rows: { offset: 0, limit: 0 },
    });
    expect(splitWindow(sitemapWindow(2, 10), 11)).toEqual({
      fixed: { start: 10, end: 11 },
      rows: { offset: 0, limit: 9 },
    });
    expect(splitWindow(sitemapWindow(3, 10), 11)).toEqual({
      fixed: { start: 11, end: 11 },
      rows: { offset: 9, limit: 10 },
    });
    expect(splitWindow(sitemapWindow(1), STATIC_PAGES.length)).toEqual({
      fixed: { start: 0, end: STATIC_PAGES.length },
      rows: { offset: 0, limit: 10_000 - STATIC_PAGES.length },
    });
  });

  it('lists every fixed public page once', () => {
    const paths = STATIC_PAGES.map((p) => p.path);
    expect(paths).toEqual([
      '/',
      '/properties',
      '/projects',
      '/agents',
      '/articles',
      '/faqs',
      '/cities',
      '/contact-us',
      '/about-us',
      '/privacy-policy',
      '/terms-and-conditions',
    ]);
  });
});

describe('XML', () => {
  it('escapes the five special characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('tab\tok\u0000\u0008\uFFFE')).toBe('tab\tok');
    expect(escapeXml('عربي 🏠')).toBe('عربي 🏠');
  });

  it('lists each language version at ?lang= and the plain URL as x-default', () => {
    expect(alternateLinks(new URL('https://homes.example/properties-details/villa'), ['en', 'ar'])).toEqual([
      { hreflang: 'en', href: 'https://homes.example/properties-details/villa?lang=en' },
      { hreflang: 'ar', href: 'https://homes.example/properties-details/villa?lang=ar' },
      { hreflang: 'x-default', href: 'https://homes.example/properties-details/villa' },
    ]);
  });

  it('renders a urlset with lastmod and escaped hreflang links', () => {
    const xml = renderUrlset([
      {
        loc: 'https://homes.example/a?x=1&y=2',
        lastmod: new Date('2026-11-20T10:00:00Z'),
        alternates: [{ hreflang: 'ar', href: 'https://homes.example/a?x=1&y=2&lang=ar' }],
      },
      { loc: 'https://homes.example/contact-us' },
      { loc: 'https://homes.example/b', lastmod: new Date('not a date') },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        '<url><loc>https://homes.example/a?x=1&amp;y=2</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod>' +
          '<xhtml:link rel="alternate" hreflang="ar" href="https://homes.example/a?x=1&amp;y=2&amp;lang=ar"/></url>',
        '<url><loc>https://homes.example/contact-us</loc></url>',
        '<url><loc>https://homes.example/b</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('renders a sitemap index', () => {
    expect(renderSitemapIndex(['https://homes.example/sitemaps/static-1.xml'])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://homes.example/sitemaps/static-1.xml</loc></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the API and signed-in areas and points at the sitemap', () => {
    const robots = renderRobotsTxt('https://homes.example/sitemap.xml');
    const lines = robots.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/user/', '/admin/', '/my-property/', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://homes.example/sitemap.xml');
  });
});
