import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

// The dark scheme follows the system (src/styles/tokens.css, docs/design-system.md). A brand colour set in the
// console themes the dark scheme too: tests/e2e/admin/site-wide-identity.spec.ts, which changes it for every page.

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const MEMBER = { email: 'agent3@example.com', password: 'demo1234' };

/** WCAG relative luminance of a computed `rgb(…)` colour (0 black, 1 white). */
async function luminanceOf(page: Page, selector: string, property: 'background-color' | 'color'): Promise<number> {
  const colour = await page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const firstLink = async (page: Page, list: string, prefix: string) => {
  await page.goto(list);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
};

test.describe('in the dark scheme', () => {
  test.use({ colorScheme: 'dark' });

  const publicPages: [name: string, path: (page: Page) => Promise<string>][] = [
    ['home', async () => '/'],
    ['results', async () => '/properties?type=sell'],
    ['listing', async () => '/properties-details/renovated-2-bedroom-farmhouse-in-cairo'],
    ['map', async () => '/properties/map'],
    ['article', (page) => firstLink(page, '/articles', '/articles/')],
    ['sign-in', async () => '/login'],
  ];
  for (const [name, path] of publicPages) {
    test(`the ${name} page is dark, readable and has no accessibility violations`, async ({ page }) => {
      await page.goto(await path(page));
      // The map is checked once drawn, as the map's own tests do: its markers and controls are what axe reads there.
      if (name === 'map') await expect(page.locator('[data-map-ready="true"]')).toHaveCount(1);
      expect(await luminanceOf(page, 'html', 'background-color')).toBeLessThan(0.05);
      expect(await luminanceOf(page, '.site-header', 'background-color')).toBeLessThan(0.05);
      expect(await luminanceOf(page, 'main', 'color')).toBeGreaterThan(0.6);
      await expectNoA11yViolations(page);
    });
  }

  test('brand-coloured text takes the light shade, and filled buttons keep white text', async ({ page }) => {
    await page.goto('/properties');
    const shade = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--brand-light)';
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    await expect(page.locator('.site-brand')).toHaveCSS('color', shade);
    await expect(page.locator('.card__price').first()).toHaveCSS('color', shade);
    await expect(page.locator('.results-search__go')).toHaveCSS('color', 'rgb(255, 255, 255)');
  });

  test('the open menu, the filter sheet and a form are dark too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/properties');
    await page.getByText('Menu', { exact: true }).click();
    expect(await luminanceOf(page, '.site-menu__panel', 'background-color')).toBeLessThan(0.05);
    await page.keyboard.press('Escape');
    await page.locator('.filter-chip').filter({ hasText: 'Price' }).click();
    await expect(page.locator('.filter-sheet')).toBeVisible();
    expect(await luminanceOf(page, '.filter-sheet', 'background-color')).toBeLessThan(0.05);
    expect(await luminanceOf(page, '.filter-sheet input', 'background-color')).toBeLessThan(0.05);
    await expectNoA11yViolations(page);
  });

  test('a member page and an admin page are dark and accessible', async ({ page }) => {
    await signIn(page, MEMBER, '/user/notifications');
    expect(await luminanceOf(page, 'html', 'background-color')).toBeLessThan(0.05);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/user/messages');
    await expectNoSeriousA11yViolations(page);
    await page.context().clearCookies();

    await signIn(page, ADMIN, '/admin');
    expect(await luminanceOf(page, 'html', 'background-color')).toBeLessThan(0.05);
    expect(await luminanceOf(page, '.admin-stats a', 'background-color')).toBeLessThan(0.05);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/admin/properties');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('in the light scheme', () => {
  test.use({ colorScheme: 'light' });

  test('the page stays light, with the dark brand shade', async ({ page }) => {
    await page.goto('/properties');
    expect(await luminanceOf(page, 'html', 'background-color')).toBeGreaterThan(0.85);
    expect(await luminanceOf(page, '.card', 'background-color')).toBe(1);
    expect(await luminanceOf(page, 'main', 'color')).toBeLessThan(0.05);
    const shade = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-dark'),
    );
    const hex = shade.trim();
    const rgb = `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    await expect(page.locator('.site-brand')).toHaveCSS('color', rgb);
  });
});
