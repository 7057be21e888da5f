import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';

// The narrowest phones in use: nothing may make the page scroll sideways.
test.use({ viewport: { width: 360, height: 740 } });

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth - clientWidth}px wider than the screen`).toBeLessThanOrEqual(
    clientWidth,
  );
}

test.describe('at 360 px wide, pages do not scroll sideways', () => {
  test('public pages, with every filter showing', async ({ page }) => {
    for (const path of ['/', '/properties?min_price=500000&max_price=100000&promoted=1', '/mortgage-calculator']) {
      await page.goto(path);
      await expectNoHorizontalOverflow(page);
    }
  });

  // File inputs are as wide as their button and "No file chosen" text unless the styles let them shrink.
  test('forms with file inputs: the profile and a new project', async ({ page }) => {
    // agent5 holds a package with project listings, so /user/add-project shows its form.
    await signIn(page, { email: 'agent5@example.com', password: 'demo1234' }, '/user/profile');
    await expect(page.locator('input[type="file"]').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto('/user/add-project');
    await expect(page.locator('input[type="file"]').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto('/user/properties/new');
    await expectNoHorizontalOverflow(page);
  });

  // A table wider than the phone scrolls inside its own box (TableScroll.astro), which a keyboard can focus.
  test('tables of the user area and the console scroll in their own box', async ({ page, browser }) => {
    await signIn(page, { email: 'agent13@example.com', password: 'demo1234' }, '/user/transactions');
    const box = page.getByRole('region', { name: 'Transaction history' });
    await expect(box).toHaveAttribute('tabindex', '0');
    const { scrollWidth, clientWidth } = await box.evaluate((e) => ({
      scrollWidth: e.scrollWidth,
      clientWidth: e.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await expectNoHorizontalOverflow(page);
    await page
      .getByRole('link', { name: /^Receipt \d+$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);

    const admin = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await signIn(admin, { email: 'admin@example.com', password: 'admin1234' }, '/admin/users');
    for (const path of [
      '/admin/users',
      '/admin/properties',
      '/admin/payments',
      '/admin/reports',
      '/admin/verification',
    ]) {
      await admin.goto(path);
      await expect(admin.locator('.table-scroll').first()).toBeVisible();
      await expectNoHorizontalOverflow(admin);
    }
    await admin.context().close();
  });
});

for (const width of [360, 1280])
  test(`the "Featured only" box sits next to its label, not stretched, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/properties?promoted=1');
    // On a phone the filters are in a sheet the chips open.
    if (width < 1024) await page.getByRole('link', { name: 'All filters' }).click();
    const checkbox = page.getByRole('checkbox', { name: 'Featured only' });
    const box = (await checkbox.boundingBox())!;
    // Where the label's words are drawn (the label element itself also wraps the box).
    const text = await checkbox.evaluate((input) => {
      const range = document.createRange();
      range.selectNodeContents(input.closest('label')!);
      range.setStartAfter(input);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
    expect(box.width).toBeLessThanOrEqual(32);
    // The words start right after the box (left to right here), on the same line.
    expect(text.x - (box.x + box.width)).toBeGreaterThanOrEqual(0);
    expect(text.x - (box.x + box.width)).toBeLessThan(24);
    expect(Math.abs(text.y + text.height / 2 - (box.y + box.height / 2))).toBeLessThan(12);
  });
