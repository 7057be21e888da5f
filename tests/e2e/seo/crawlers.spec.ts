import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';

/** What search crawlers fetch: robots.txt, the sitemap index and its files, and JSON-LD (docs/seo.md). */

const KINDS = ['static', 'properties', 'projects', 'agents', 'articles'];

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1]!));
}

function urlEntries(xml: string): string[] {
  return [...xml.matchAll(/<url>[\s\S]*?<\/url>/g)].map((m) => m[0]);
}

async function getXml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toMatch(/^application\/xml/);
  expect(response.headers()['cache-control'], path).toMatch(/public, max-age=\d+/);
  return response.text();
}

/** Parses with the browser's XML parser: a well-formedness check and the document's root element name. */
async function xmlRoot(page: Page, xml: string): Promise<{ root: string; namespace: string | null; errors: number }> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      errors: doc.getElementsByTagName('parsererror').length,
    };
  }, xml);
}

test('robots.txt keeps crawlers out of private areas and names the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  for (const path of ['/api/', '/user/', '/admin/', '/my-property/', '/login']) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL)}`);
});

test('the sitemap index lists a file of each kind, and each file is a valid urlset', async ({
  request,
  page,
  baseURL,
}) => {
  const index = await getXml(request, '/sitemap.xml');
  expect(await xmlRoot(page, index)).toEqual({
    root: 'sitemapindex',
    namespace: 'http://www.sitemaps.org/schemas/sitemap/0.9',
    errors: 0,
  });
  const files = locs(index);
  expect(files).toEqual(KINDS.map((kind) => new URL(`/sitemaps/${kind}-1.xml`, baseURL).toString()));

  for (const file of files) {
    const xml = await getXml(request, new URL(file).pathname);
    expect(await xmlRoot(page, xml), file).toEqual({
      root: 'urlset',
      namespace: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      errors: 0,
    });
    const entries = urlEntries(xml);
    expect(entries.length, file).toBeGreaterThan(0);
    expect(entries.length, file).toBeLessThanOrEqual(10_000);
    for (const loc of locs(xml)) expect(loc.startsWith(new URL('/', baseURL).toString()), loc).toBe(true);
    // Each URL announces its language versions at ?lang= and the plain URL as x-default.
    const first = entries[0]!;
    const loc = locs(first)[0]!;
    expect(first).toContain(`hreflang="en" href="${loc}?lang=en"`);
    expect(first).toContain(`hreflang="ar" href="${loc}?lang=ar"`);
    expect(first).toContain(`hreflang="x-default" href="${loc}"`);
  }

  const staticUrls = locs(await getXml(request, '/sitemaps/static-1.xml')).map((u) => new URL(u).pathname);
  for (const path of ['/', '/properties', '/faqs', '/about-us', '/contact-us', '/terms-and-conditions']) {
    expect(staticUrls).toContain(path);
  }
  expect(staticUrls.some((p) => p.startsWith('/categories/'))).toBe(true);

  const articles = await getXml(request, '/sitemaps/articles-1.xml');
  expect(locs(articles).every((u) => /\/articles\/[a-z0-9-]+$/.test(u))).toBe(true);
  expect(articles).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
});

test('the properties sitemap holds public listings only', async ({ request }) => {
  const xml = await getXml(request, '/sitemaps/properties-1.xml');
  const paths = new Set(locs(xml).map((u) => new URL(u).pathname));
  expect(paths.size).toBeGreaterThan(100);
  expect([...paths].every((p) => /^\/properties-details\/[a-z0-9-]+$/.test(p))).toBe(true);
  expect(urlEntries(xml).every((entry) => /<lastmod>[^<]+<\/lastmod>/.test(entry))).toBe(true);

  // A demo agent's own listings include ones waiting for review, rejected or closed: those stay out.
  const signIn = await request.post('/api/user_signup', {
    data: { logintype: 'email', email: 'agent1@example.com', password: 'demo1234' },
  });
  expect(signIn.status()).toBe(200);
  const token = (await signIn.json()).data.token as string;
  const own = await request.get('/api/get-added-properties?limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(own.status()).toBe(200);
  const items = (await own.json()).data.items as { slug_id: string; admin_status: string; status: string }[];
  const isPublic = (p: (typeof items)[number]) => p.admin_status === 'approved' && p.status === 'active';
  const hidden = items.filter((p) => !isPublic(p));
  const shown = items.filter(isPublic);
  expect(hidden.length, 'agent1 has a listing that is not public').toBeGreaterThan(0);
  expect(shown.length, 'agent1 has a public listing').toBeGreaterThan(0);
  for (const p of hidden) expect(paths.has(`/properties-details/${p.slug_id}`), p.slug_id).toBe(false);
  for (const p of shown) expect(paths.has(`/properties-details/${p.slug_id}`), p.slug_id).toBe(true);
});

test('unknown sitemap files and pages beyond the last are not found', async ({ request }) => {
  for (const path of [
    '/sitemaps/users-1.xml',
    '/sitemaps/properties-2.xml',
    '/sitemaps/properties-0.xml',
    '/sitemaps/properties-01.xml',
    '/sitemaps/properties.xml',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

async function jsonLdOf(page: Page): Promise<Record<string, any>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, any>);
}

test('the home page describes the site and its search box in JSON-LD', async ({ page, baseURL }) => {
  await page.goto('/');
  const data = await jsonLdOf(page);
  const site = data.find((d) => d['@type'] === 'WebSite');
  expect(site).toBeDefined();
  expect(site!['@context']).toBe('https://schema.org');
  expect(site!['url']).toBe(new URL('/', baseURL).toString());
  expect(site!['name']).toEqual(expect.any(String));
  const action = site!['potentialAction'];
  expect(action['@type']).toBe('SearchAction');
  expect(action['query-input']).toBe('required name=search_term_string');
  const template = action.target.urlTemplate as string;
  expect(template).toBe(`${new URL('/properties', baseURL)}?search={search_term_string}`);
  const organization = data.find((d) => d['@type'] === 'Organization');
  expect(organization?.['name']).toEqual(expect.any(String));
  expect(organization?.['url']).toBe(new URL('/', baseURL).toString());

  // The search the action names answers.
  const search = await page.goto(template.replace('{search_term_string}', 'villa'));
  expect(search?.status()).toBe(200);
});

test('the properties list carries its breadcrumb trail', async ({ page, baseURL }) => {
  await page.goto('/properties');
  const trail = (await jsonLdOf(page)).find((d) => d['@type'] === 'BreadcrumbList');
  expect(trail?.['itemListElement']).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', baseURL).toString() },
    { '@type': 'ListItem', position: 2, name: 'All properties', item: new URL('/properties', baseURL).toString() },
  ]);
});

test("an agent's profile describes the agent, with contact details only as the page shows them", async ({
  page,
  request,
  baseURL,
}) => {
  const list = await (await request.get('/api/agent-list?limit=1')).json();
  const agent = list.data.items[0] as { slug_id: string; name: string; city: string | null };
  await page.goto(`/agents/${agent.slug_id}`);
  const data = await jsonLdOf(page);
  const ld = data.find((d) => d['@type'] === 'RealEstateAgent');
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    name: agent.name,
    url: new URL(`/agents/${agent.slug_id}`, baseURL).toString(),
  });
  if (agent.city) expect(ld!['address']['addressLocality']).toBe(agent.city);
  // A crawler is never signed in: the page shows no email or phone, and neither does the JSON-LD.
  expect(ld).not.toHaveProperty('email');
  expect(ld).not.toHaveProperty('telephone');
  expect(data.find((d) => d['@type'] === 'BreadcrumbList')?.['itemListElement'].at(-1).name).toBe(agent.name);

  // Signed in, the page shows the email, and the JSON-LD gives the same one.
  await signIn(page, { email: 'user5@example.com', password: 'demo1234' }, `/agents/${agent.slug_id}`);
  const shown = (await page.locator('.agent-profile a[href^="mailto:"]').textContent())!.trim();
  expect((await jsonLdOf(page)).find((d) => d['@type'] === 'RealEstateAgent')?.['email']).toBe(shown);
});

test("a project's page describes the place it builds", async ({ page, request, baseURL }) => {
  const list = await (await request.get('/api/get-projects?limit=1')).json();
  const project = list.data.items[0] as {
    slug_id: string;
    title: string;
    city: string;
    country: string;
    latitude: number | null;
    longitude: number | null;
  };
  await page.goto(`/project-details/${project.slug_id}`);
  const data = await jsonLdOf(page);
  const ld = data.find((d) => d['@type'] === 'Place');
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    name: project.title,
    url: new URL(`/project-details/${project.slug_id}`, baseURL).toString(),
    address: { '@type': 'PostalAddress', addressLocality: project.city, addressCountry: project.country },
  });
  expect(ld!['description']).toEqual(expect.any(String));
  if (project.latitude !== null && project.longitude !== null) {
    expect(ld!['geo']).toEqual({ '@type': 'GeoCoordinates', latitude: project.latitude, longitude: project.longitude });
  }
  for (const image of (ld!['image'] ?? []) as string[]) expect(image).toMatch(/^https?:\/\//);
  expect(data.find((d) => d['@type'] === 'BreadcrumbList')?.['itemListElement'].at(-1).name).toBe(project.title);
});
