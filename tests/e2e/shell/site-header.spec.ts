import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';
import { signIn } from '../support/sign-in.ts';

// A phone: the header is one row (brand, key action, menu button) and the site's sections are behind the menu.
test.use({ viewport: { width: 390, height: 844 } });

const header = (page: Page) => page.getByRole('banner');
const menuButton = (page: Page, name = 'Menu') => header(page).locator('summary', { hasText: name });
const mainNav = (page: Page, name = 'Main') => header(page).getByRole('navigation', { name });
const sections = [
  { name: 'Properties', path: '/properties', heading: 'All properties' },
  { name: 'Map', path: '/properties/map', heading: 'Properties on the map' },
  { name: 'Projects', path: '/projects', heading: 'Projects' },
  { name: 'Agents', path: '/agents', heading: 'Agents' },
  { name: 'Articles', path: '/articles', heading: 'Articles' },
];

/** The header is as tall as its menu button plus its padding: nothing wrapped onto a second row. */
async function expectOneRow(page: Page) {
  const row = await header(page).evaluate((el) => {
    const inner = el.firstElementChild as HTMLElement;
    const style = getComputedStyle(inner);
    const boxes = [...inner.children]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.height > 0)
      .map((box) => ({ top: box.top, bottom: box.bottom, height: box.height }));
    const button = el.querySelector('summary')!.getBoundingClientRect();
    return {
      inner: inner.getBoundingClientRect().height,
      padding: parseFloat(style.paddingBlockStart) + parseFloat(style.paddingBlockEnd),
      button: button.height,
      boxes,
    };
  });
  expect(row.inner).toBeLessThanOrEqual(row.button + row.padding + 1);
  const top = Math.max(...row.boxes.map((b) => b.top));
  const bottom = Math.min(...row.boxes.map((b) => b.bottom));
  // Brand, key action and button overlap vertically: they are side by side.
  expect(bottom - top).toBeGreaterThan(0);
}

async function openMenu(page: Page, name = 'Menu'): Promise<Locator> {
  await menuButton(page, name).click();
  await expect(header(page).locator('details')).toHaveAttribute('open', '');
  return mainNav(page);
}

test('the header is one row on a phone, signed out and signed in', async ({ page }) => {
  await page.goto('/faqs');
  await expectOneRow(page);
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(mainNav(page)).toBeHidden();

  await signIn(page, { email: 'admin@example.com', password: 'admin1234' }, '/user/dashboard');
  await expectOneRow(page);
  await page.goto('/?lang=ar');
  await expectOneRow(page);
  await page.goto('/?lang=en');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu opens and its links reach every section', async ({ page }) => {
    for (const section of sections) {
      await page.goto('/faqs');
      const nav = await openMenu(page);
      await expect(nav.getByRole('link', { name: 'FAQs' })).toHaveAttribute('aria-current', 'page');
      await nav.getByRole('link', { name: section.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.heading);
      // The section's own link says where the visitor is.
      await openMenu(page);
      await expect(mainNav(page).getByRole('link', { name: section.name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    // The account part and the languages are in the menu too; a second click closes it.
    await expect(header(page).getByRole('navigation', { name: 'Language' })).toBeVisible();
    await menuButton(page).click();
    await expect(mainNav(page)).toBeHidden();
  });

  test('a page inside a section marks that section', async ({ page }) => {
    await page.goto('/agents');
    await page.locator('main a[href^="/agents/"]').first().click();
    await expect(page).toHaveURL(/\/agents\/[^/]+$/);
    await openMenu(page);
    await expect(mainNav(page).getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'true');
  });
});

test('with JavaScript the menu also closes on Escape and on a click outside it', async ({ page }) => {
  // The home page has the app shell, which adds the closing (src/islands/shell/site-menu.ts).
  await page.goto('/');
  await waitForIslands(page);
  const menu = header(page).locator('details');
  await openMenu(page);
  await expect(mainNav(page).getByRole('link', { name: 'Agents' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(menuButton(page)).toBeFocused();

  await openMenu(page);
  await page.locator('.site-footer p').first().click();
  await expect(menu).not.toHaveAttribute('open', '');

  await openMenu(page);
  await mainNav(page).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('the keyboard opens the menu and walks its links, with a visible focus', async ({ page }) => {
  await page.goto('/faqs');
  for (let i = 0; i < 6 && !(await menuButton(page).evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(menuButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mainNav(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const first = mainNav(page).getByRole('link', { name: 'Properties' });
  await expect(first).toBeFocused();
  await expect(first).not.toHaveCSS('outline-style', 'none');
  // Space toggles it too, as on any button.
  await menuButton(page).focus();
  await page.keyboard.press('Space');
  await expect(mainNav(page)).toBeHidden();
  await page.keyboard.press('Space');
  await expect(mainNav(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/properties$/);
});

test('no serious accessibility violations with the menu open, signed out and signed in, in both directions', async ({
  page,
}) => {
  await page.goto('/faqs');
  await openMenu(page);
  await expectNoSeriousA11yViolations(page);

  await signIn(page, { email: 'agent5@example.com', password: 'demo1234' }, '/user/dashboard');
  await openMenu(page);
  await expect(
    header(page).getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My profile' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/user/dashboard?lang=ar');
  await openMenu(page, 'القائمة');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/user/dashboard?lang=en');
});

test('in Arabic the header and the open menu are mirrored', async ({ page }) => {
  const boxes = async () => {
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    return {
      brand: await box(header(page).locator('.site-brand')),
      button: await box(menuButton(page, page.url().includes('lang=ar') ? 'القائمة' : 'Menu')),
    };
  };
  await page.goto('/faqs?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const rtl = await boxes();
  // The brand at the right edge, the menu button at the left.
  expect(rtl.button.x + rtl.button.width).toBeLessThan(rtl.brand.x);
  expect(rtl.brand.x + rtl.brand.width).toBeGreaterThan(390 - 24);
  expect(rtl.button.x).toBeLessThan(24);
  await openMenu(page, 'القائمة');
  const nav = mainNav(page, 'الرئيسية');
  const agents = (await nav.getByRole('link', { name: 'الوكلاء' }).boundingBox())!;
  const words = await nav.getByRole('link', { name: 'الوكلاء' }).evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
  // Each link spans the menu and its words start at the right.
  expect(agents.width).toBeGreaterThan(300);
  expect(words.right).toBeGreaterThan(390 - 32);
  expect(words.left).toBeGreaterThan(390 / 2);

  await page.goto('/faqs?lang=en');
  const ltr = await boxes();
  expect(ltr.brand.x).toBeLessThan(ltr.button.x);
  expect(ltr.button.x + ltr.button.width).toBeGreaterThan(390 - 24);
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the links are inline, with no menu button, and the keyboard reaches them', async ({ page }) => {
    await page.goto('/faqs');
    await expect(menuButton(page)).toBeHidden();
    for (const section of sections)
      await expect(mainNav(page).getByRole('link', { name: section.name, exact: true })).toBeVisible();
    // The key action shows once: in the account links, not also in the phone's row.
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(1);
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await header(page).locator('.site-brand').focus();
    await page.keyboard.press('Tab');
    await expect(mainNav(page).getByRole('link', { name: 'Properties' })).toBeFocused();
    await mainNav(page).getByRole('link', { name: 'Map', exact: true }).click();
    await expect(page).toHaveURL(/\/properties\/map$/);
  });
});
