import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page renders real listings', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.locator('[data-testid="property-card"]');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    const first = cards.first();
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/properties-details\/[a-z0-9-]+$/);
    await expect(first.locator('img')).toHaveAttribute('width', /\d+/);
  });

  test('switching to Arabic flips the page to right-to-left and remembers it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByRole('link', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.goto('/faqs');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: 'الأسئلة الشائعة' }).first()).toBeVisible();
  });
});

test('the API answers web-settings in the envelope', async ({ request }) => {
  const response = await request.get('/api/web-settings');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ error: false, message: expect.any(String), data: expect.any(Object) });
  expect(body.data.currency_symbol).toEqual(expect.any(String));
  expect(JSON.stringify(body)).not.toMatch(/secret|password/i);
});

test('an unknown API call answers 404 in the envelope', async ({ request }) => {
  const response = await request.get('/api/no-such-call');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: true, data: { code: 'not_found' } });
});

// The public page types, one of each (the demo listing has floor plans, articles and agents their own pages).
const publicPageTypes = [
  '/',
  '/properties',
  '/properties-details/renovated-2-bedroom-farmhouse-in-cairo',
  '/articles',
  '/agents',
  '/projects',
  '/faqs',
  '/contact-us',
];
for (const path of publicPageTypes) {
  test(`${path} has no accessibility violations of any impact, in English and Arabic`, async ({ page }) => {
    await page.goto(path);
    await expectNoA11yViolations(page);
    await page.goto(`${path}?lang=ar`);
    await expectNoA11yViolations(page);
  });
}

test('security headers are on every page', async ({ request }) => {
  // Pages of every kind, the API, sign-in redirects, a missing page and documents machines read.
  const paths = ['/', '/faqs', '/api/web-settings', '/properties', '/login', '/user/dashboard', '/admin'];
  // A page rewritten to the 404 page passes the middleware twice; each directive is still there once.
  const missing = ['/no-such-page', '/properties-details/no-such-listing'];
  for (const path of [...paths, ...missing, '/robots.txt', '/sitemap.xml', '/api/openapi.json']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    const names = headers['content-security-policy']!.split(';').map((d) => d.trim().split(/\s+/)[0]);
    expect(names.length, path).toBe(new Set(names).size);
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  // Pages keep Astro's hashed script policy alongside the framing rules.
  expect((await request.get('/')).headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
});

test('scripts and islands start under the content security policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/properties', '/mortgage-calculator', '/properties/map']) {
    await page.goto(path);
    await waitForIslands(page);
  }
  expect(violations).toEqual([]);
});
