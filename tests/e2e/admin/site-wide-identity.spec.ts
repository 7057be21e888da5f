import { expect, test, type Locator, type Page } from '@playwright/test';
import { brandPalette } from '../../../src/server/web/brand.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The company name, the search engines' title and description and the brand colour show on every page, and other
 * tests read the site's name. So this file runs in the site-wide Playwright project, after all the others
 * (playwright.config.ts), and puts the old values back even when a step fails.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const NAME = 'Casa QA Realty';
const SEO_TITLE = 'Casa QA Realty: homes to buy and rent';
const SEO_DESCRIPTION = 'Homes, flats and land from Casa QA Realty, each one checked by our team before it goes live.';
const COLOUR = '#aa2200';

interface Field {
  group: string;
  save: string;
  label: string;
}
const FIELDS = {
  name: { group: 'company', save: 'Save Company', label: 'Company name' },
  colour: { group: 'appearance', save: 'Save Appearance', label: 'Brand colour' },
  title: { group: 'seo', save: 'Save Search engines', label: 'Search title' },
  description: { group: 'seo', save: 'Save Search engines', label: 'Search description' },
} satisfies Record<string, Field>;
type Key = keyof typeof FIELDS;

const field = (page: Page, key: Key): Locator =>
  page.getByTestId(`settings-${FIELDS[key].group}`).getByLabel(FIELDS[key].label, { exact: true });

/** Fills the given settings and saves them, one section of the settings page at a time. */
async function saveSettings(page: Page, values: Partial<Record<Key, string>>): Promise<void> {
  const keys = Object.keys(values) as Key[];
  for (const group of new Set(keys.map((key) => FIELDS[key].group))) {
    await page.goto('/admin/settings');
    const inGroup = keys.filter((key) => FIELDS[key].group === group);
    for (const key of inGroup) await field(page, key).fill(values[key]!);
    await page.getByTestId(`settings-${group}`).getByRole('button', { name: FIELDS[inGroup[0]!].save }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  }
}

test('the company name, search title and description and brand colour show on the public site', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN, '/admin/settings');
  const old = {
    name: await field(page, 'name').inputValue(),
    colour: await field(page, 'colour').inputValue(),
    title: await field(page, 'title').inputValue(),
    description: await field(page, 'description').inputValue(),
  };
  const year = new Date().getFullYear();

  try {
    await saveSettings(page, { name: NAME, colour: COLOUR, title: SEO_TITLE, description: SEO_DESCRIPTION });

    const context = await browser.newContext();
    const visitor = await context.newPage();
    const blocked: string[] = [];
    visitor.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
    });
    await visitor.goto('/');
    // The home page: the search engines' title and description as set, the company name everywhere else.
    await expect(visitor).toHaveTitle(SEO_TITLE);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', SEO_DESCRIPTION);
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', SEO_TITLE);
    await expect(visitor.locator('meta[property="og:site_name"]')).toHaveAttribute('content', NAME);
    await expect(visitor.locator('.site-brand')).toHaveText(NAME);
    await expect(visitor.locator('.site-footer')).toContainText(`© ${year} ${NAME}`);
    const website = await visitor.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(website ?? '{}')).toMatchObject({ '@type': 'WebSite', name: NAME });

    // The brand colour, from a stylesheet of our own origin (no inline style under the CSP); text and buttons
    // take its darker shade, readable on white.
    const palette = brandPalette(COLOUR)!;
    await expect(visitor.locator('link[rel="stylesheet"][href="/theme/aa2200.css"]')).toHaveCount(1);
    const sheet = await visitor.request.get('/theme/aa2200.css');
    expect(sheet.headers()['content-type']).toContain('text/css');
    expect(sheet.headers()['cache-control']).toContain('immutable');
    expect(await sheet.text()).toContain(`--brand:${COLOUR};`);
    expect((await visitor.request.get('/theme/red.css')).status()).toBe(404);
    const brand = await visitor.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
    );
    expect(brand).toBe(COLOUR);
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    await expect(visitor.locator('.site-brand')).toHaveCSS('color', rgb(palette.brandDark));
    await expect(visitor.locator('.hero .button')).toHaveCSS('color', rgb(palette.brandDark));
    await expectNoSeriousA11yViolations(visitor);

    // Other pages keep their own title and description, with the company name after the title.
    await visitor.goto('/faqs');
    await expect(visitor).toHaveTitle(new RegExp(`\\| ${NAME}$`));
    await expect(visitor.locator('meta[name="description"]')).not.toHaveAttribute('content', SEO_DESCRIPTION);
    await expect(visitor.locator('meta[property="og:site_name"]')).toHaveAttribute('content', NAME);
    await expect(visitor.locator('.site-footer')).toContainText(`© ${year} ${NAME}`);
    expect(blocked).toEqual([]);
    await context.close();
  } finally {
    await saveSettings(page, old);
  }

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.locator('.site-brand')).toHaveText(old.name);
  await expect(visitor.locator('link[href^="/theme/"]')).toHaveCount(0);
  await visitor.close();
});
