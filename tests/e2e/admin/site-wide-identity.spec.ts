import { expect, test, type Locator, type Page } from '@playwright/test';
import { THEME_VERSION, brandPalette } from '../../../src/server/web/brand.ts';
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
  label: string;
}
const FIELDS = {
  name: { group: 'company', label: 'Company name' },
  colour: { group: 'appearance', label: 'Brand colour' },
  title: { group: 'seo', label: 'Search title' },
  description: { group: 'seo', label: 'Search description' },
} satisfies Record<string, Field>;
type Key = keyof typeof FIELDS;

const field = (page: Page, key: Key): Locator =>
  page.getByTestId(`settings-${FIELDS[key].group}`).getByLabel(FIELDS[key].label, { exact: true });

/** Fills the given settings, in whichever sections, and saves them with the page's one save. */
async function saveSettings(page: Page, values: Partial<Record<Key, string>>): Promise<void> {
  await page.goto('/admin/settings');
  for (const key of Object.keys(values) as Key[]) await field(page, key).fill(values[key]!);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
}

test('the company name, search title and description and brand colour show on the public site', async ({
  page,
  browser,
}) => {
  // Two saves of the settings and pages in both schemes, each with axe: more than a minute on a busy machine.
  test.slow();
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
    const sheetPath = `/theme/aa2200.v${THEME_VERSION}.css`;
    await expect(visitor.locator(`link[rel="stylesheet"][href="${sheetPath}"]`)).toHaveCount(1);
    const sheet = await visitor.request.get(sheetPath);
    expect(sheet.headers()['content-type']).toContain('text/css');
    expect(sheet.headers()['cache-control']).toContain('immutable');
    expect(await sheet.text()).toContain(`--brand:${COLOUR};`);
    expect((await visitor.request.get('/theme/red.css')).status()).toBe(404);
    expect((await visitor.request.get('/theme/aa2200.css')).status()).toBe(404);
    const brand = await visitor.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
    );
    expect(brand).toBe(COLOUR);
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    await expect(visitor.locator('.site-brand')).toHaveCSS('color', rgb(palette.brandDark));
    await expect(visitor.locator('.hero .button')).toHaveCSS('color', rgb(palette.brandDark));
    await expectNoSeriousA11yViolations(visitor);

    // In the dark scheme the colour still themes the page: filled buttons keep the dark shade (white text on it),
    // brand-coloured text takes the light one, readable on the dark surfaces.
    const dark = await browser.newContext({ colorScheme: 'dark' });
    const night = await dark.newPage();
    await night.goto('/login');
    await expect(night.locator('.site-brand')).toHaveCSS('color', rgb(palette.brandLight));
    await expect(night.getByRole('button', { name: 'Sign in', exact: true })).toHaveCSS(
      'background-color',
      rgb(palette.brandDark),
    );
    await expectNoSeriousA11yViolations(night);
    await dark.close();

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
