import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

// A demo sale with a title photo and three gallery photos, listed by an agent who gave a mobile number.
const LISTING = '/properties-details/renovated-2-bedroom-farmhouse-in-cairo';
const TITLE = 'Renovated 2-bedroom farmhouse in Cairo';
// A demo account other than the listing's owner (signing in changes nothing another spec reads).
const VISITOR = { email: 'agent7@example.com', password: 'demo1234' };
const PHONE = { width: 390, height: 844 };

const counter = (page: Page, text: string) => page.getByTestId('gallery-count').filter({ hasText: text });

/** A finger's swipe from right to left across the element: touch events through the browser's input pipeline. */
async function swipeLeft(page: Page, on: Locator) {
  const box = (await on.boundingBox())!;
  const y = Math.round(box.y + box.height / 2);
  const from = Math.round(box.x + box.width * 0.85);
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 10; step++) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from - step * 25, y }] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The element is drawn fixed at the bottom of the screen, whole. */
async function expectAtScreenBottom(bar: Locator) {
  await expect(bar).toBeInViewport({ ratio: 1 });
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(PHONE.height);
}

test.describe('the listing page on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the gallery swipes with its counter, and the key facts are in the first screen', async ({ page }) => {
    test.slow();
    await page.goto(LISTING);
    // The gallery's script has taken over (the location map's island waits until it is scrolled to).
    await expect(page.locator('[data-gallery]')).toHaveAttribute('data-enhanced', '');
    await expect(counter(page, '1 / 4')).toBeInViewport({ ratio: 1 });
    await expect(counter(page, '2 / 4')).not.toBeInViewport();
    // The first photo is the page's main image, fetched first.
    await expect(page.locator('[data-gallery-strip] img').first()).toHaveAttribute('fetchpriority', 'high');

    await swipeLeft(page, page.locator('[data-gallery-strip]'));
    await expect(counter(page, '2 / 4')).toBeInViewport({ ratio: 1 });
    await expect(counter(page, '1 / 4')).not.toBeInViewport();

    const facts = page.getByTestId('key-facts');
    for (const label of ['Bedrooms', 'Bathrooms', 'Area', 'Type', 'Price per sq ft']) {
      await expect(facts.getByText(label, { exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(facts.locator('.property-detail__price')).toBeInViewport({ ratio: 1 });
    const estimate = page.getByTestId('monthly-estimate');
    await expect(estimate).toContainText(/Estimated payment: \$[\d,.]+ a month/);
    await expect(estimate.getByRole('link', { name: 'Work out your own payments' })).toHaveAttribute(
      'href',
      /^\/mortgage-calculator\?loan_amount=\d+&down_payment=\d+(\.\d+)?&interest_rate=6\.5&loan_term_years=25$/,
    );
    await expectNoA11yViolations(page);
  });

  test('the full-screen view opens, moves with the keyboard, keeps focus and gives it back', async ({ page }) => {
    test.slow();
    await page.goto(LISTING);
    // The gallery's script has taken over (the location map's island waits until it is scrolled to).
    await expect(page.locator('[data-gallery]')).toHaveAttribute('data-enhanced', '');
    const open = page.getByRole('button', { name: 'Full screen' });
    await open.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: `Photos of ${TITLE}` });
    await expect(viewer).toBeVisible();
    const position = viewer.locator('[data-gallery-position]');
    await expect(position).toHaveAttribute('aria-live', 'polite');
    await expect(position).toHaveText('Photo 1 of 4');
    await expect(viewer.getByRole('img', { name: `Photo 1 of 4: ${TITLE}` })).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('Photo 2 of 4');
    await expect(viewer.getByRole('img', { name: `Photo 2 of 4: ${TITLE}` })).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press('End');
    await expect(position).toHaveText('Photo 4 of 4');
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await expect(position).toHaveText('Photo 3 of 4');
    // A swipe (here a sideways wheel) names the photo the track comes to rest on.
    await viewer.locator('[data-gallery-viewer-track]').hover();
    await page.mouse.wheel(390, 0);
    await expect(position).toHaveText('Photo 4 of 4');
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await expect(position).toHaveText('Photo 3 of 4');

    // Tab goes round the dialog's own controls, never to the page behind it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await expectNoA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(open).toBeFocused();
    // The strip rests on the photo the view was left on.
    await expect(counter(page, '3 / 4')).toBeInViewport({ ratio: 1 });

    // A photo itself opens the view at that photo; Close returns to it.
    await page.getByRole('link', { name: `Photo 3 of 4: ${TITLE}` }).click();
    await expect(viewer).toBeVisible();
    await expect(position).toHaveText('Photo 3 of 4');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('link', { name: `Photo 3 of 4: ${TITLE}` })).toBeFocused();
    expect(page.url()).toMatch(new RegExp(`${LISTING}$`));
  });

  test('the contact bar stays at the bottom, covers nothing, and offers WhatsApp only to who may see the number', async ({
    page,
  }) => {
    await page.goto(LISTING);
    const bar = page.getByRole('region', { name: 'Contact the owner' });
    await expectAtScreenBottom(bar);
    // Signed out: no number to call or write to, a way to sign in instead.
    await expect(bar.getByRole('link')).toHaveText(['Sign in to contact the owner']);
    await expect(bar.getByRole('link', { name: 'Sign in to contact the owner' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(LISTING)}`,
    );

    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expectAtScreenBottom(bar);
    // At the very end the page's last line sits above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectAtScreenBottom(bar);
    const footerEnd = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().bottom);
    const barTop = (await bar.boundingBox())!.y;
    expect(footerEnd).toBeLessThanOrEqual(barTop + 1);

    await signIn(page, VISITOR, LISTING);
    await expectAtScreenBottom(bar);
    await expect(bar.getByRole('link')).toHaveText(['Message', 'Call', 'WhatsApp']);
    await expect(bar.getByRole('link', { name: 'Message' })).toHaveAttribute('href', /^\/user\/messages\//);
    await expect(bar.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+1555\d{6}$/);
    const whatsapp = bar.getByRole('link', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/1555\d{6}\?text=/);
    expect(decodeURIComponent((await whatsapp.getAttribute('href'))!)).toContain(TITLE);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the photos are a plain strip, each linking to its full-size file', async ({ page }) => {
      await page.goto(LISTING);
      const strip = page.getByRole('list', { name: 'Photos' });
      const links = strip.getByRole('link');
      await expect(links).toHaveCount(4);
      for (const link of await links.all()) {
        const href = (await link.getAttribute('href'))!;
        expect(href).toMatch(/^\/uploads\//);
        expect((await page.request.get(href)).headers()['content-type']).toMatch(/^image\//);
      }
      await expect(counter(page, '1 / 4')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Full screen' })).toBeHidden();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await swipeLeft(page, strip);
      await expect(counter(page, '2 / 4')).toBeInViewport({ ratio: 1 });
      await expectAtScreenBottom(page.getByRole('region', { name: 'Contact the owner' }));
      await expect(page.getByTestId('key-facts')).toBeInViewport();
    });
  });
});

test('on a wide screen the owner card stays beside the listing as it scrolls, and no contact bar shows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(LISTING);
  const card = page.locator('.owner-card');
  await expect(card).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Contact the owner' })).toBeHidden();
  const startTop = (await card.boundingBox())!.y;
  expect(startTop).toBeLessThan(900);
  await page.mouse.wheel(0, 1400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await expect(card).toBeInViewport({ ratio: 1 });
  // Beside the listing: the card's left edge is past the middle of the page.
  expect((await card.boundingBox())!.x).toBeGreaterThan(683);
});
