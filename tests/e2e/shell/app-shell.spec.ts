import { expect, test } from '@playwright/test';
import { waitForIslands } from '../support/hydration.ts';

test('stores the visitor position at start under the one persisted root key', async ({ browser }) => {
  const context = await browser.newContext({
    geolocation: { latitude: 38.72, longitude: -9.14 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForIslands(page);
  await expect
    .poll(async () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('marketplace') ?? '{}')?.cache?.locationData ?? null),
    )
    .toEqual({ latitude: 38.72, longitude: -9.14 });
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).toEqual(['marketplace']);
  await context.close();
});

test('a failed image is replaced by the placeholder logo at half opacity', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.id = 'broken';
    img.alt = '';
    img.src = '/uploads/does-not-exist.webp';
    document.querySelector('main')!.append(img);
  });
  const broken = page.locator('#broken');
  await expect(broken).toHaveAttribute('src', '/images/placeholder-logo.svg');
  await expect(broken).toHaveCSS('opacity', '0.5');
});

test('browsers without push or server-sent events get a dismissible banner, in the page language', async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error simulating a browser without the Push API
    delete window.PushManager;
  });
  await page.goto('/?lang=ar');
  await waitForIslands(page);
  const banner = page.getByTestId('unsupported-banner');
  await expect(banner).toContainText('ميزات الدردشة والإشعارات غير مدعومة في هذا المتصفح');
  await banner.getByRole('button').click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByTestId('unsupported-banner')).toHaveCount(0);
});

test('a supporting browser shows no banner, and a navigation shows the progress bar from 8%', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  await expect(page.getByTestId('unsupported-banner')).toHaveCount(0);
  // The page is replaced when the next one arrives, so it records what it saw where the next page can read it.
  await page.evaluate(() => {
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (bar && !sessionStorage.getItem('seen-progress'))
        sessionStorage.setItem('seen-progress', bar.getAttribute('aria-valuenow') ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.route(
    (url) => url.pathname === '/properties',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    },
  );
  await page.getByRole('link', { name: 'Properties', exact: true }).first().click();
  await page.waitForURL('**/properties');
  expect(Number(await page.evaluate(() => sessionStorage.getItem('seen-progress')))).toBe(8);
});

test('the toasts live region is in the page from the first byte, empty, before any script', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/?lang=ar');
  const region = page.getByRole('list', { name: 'الإشعارات' });
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region.locator('li')).toHaveCount(0);
  await context.close();
});
