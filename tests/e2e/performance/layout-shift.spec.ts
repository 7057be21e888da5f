import { expect, test } from '@playwright/test';

/**
 * Cumulative layout shift while a page loads, hydrates its islands and is scrolled through on a phone-sized
 * screen. Images carry width and height and islands render nothing that pushes content, so it stays near zero.
 */
const MAX_CLS = 0.02;
const pages = [
  '/',
  '/properties',
  '/properties?property_type=rent&sort=price_asc',
  '/properties-details/renovated-2-bedroom-farmhouse-in-cairo',
  '/faqs',
];

test.use({ viewport: { width: 390, height: 844 } });

for (const path of pages) {
  test(`${path} does not shift its layout`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    for (let y = 0; y < 4; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    test.info().annotations.push({ type: 'cls', description: `${path}: ${cls.toFixed(4)}` });
    expect(cls).toBeLessThanOrEqual(MAX_CLS);
  });
}
