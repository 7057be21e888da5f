import { expect, test, type Page } from '@playwright/test';
import { waitForIslands } from '../support/hydration.ts';
import { signIn } from '../support/sign-in.ts';

// A demo agent with a payment, a receipt and a notification, which no other spec changes.
const AGENT = { email: 'agent13@example.com', password: 'demo1234' };
const TOKYO = 'Asia/Tokyo';

/** The server writes times in UTC; the page's script rewrites them as this browser's zone shows them. */
async function expectShownIn(page: Page, format: Intl.DateTimeFormatOptions, timeZone: string) {
  const time = page.locator('time[data-local-time]').first();
  const iso = (await time.getAttribute('datetime'))!;
  await expect(time).toHaveText(new Intl.DateTimeFormat('en', { ...format, timeZone }).format(new Date(iso)));
}

test.describe('in Tokyo', () => {
  test.use({ timezoneId: TOKYO });

  test('payments and receipts show dates and times in the visitor’s zone', async ({ page }) => {
    await signIn(page, AGENT, '/user/transactions');
    await expectShownIn(page, { dateStyle: 'medium' }, TOKYO);
    await page
      .getByRole('link', { name: /^Receipt \d+$/ })
      .first()
      .click();
    await expectShownIn(page, { dateStyle: 'long', timeStyle: 'short' }, TOKYO);
  });

  test('notifications and chat messages say how long ago, counted by the visitor’s clock', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(page, AGENT, '/user/notifications');
    await expect(page.locator('.notification__time time').first()).toHaveText(/ ago$|^just now$/);

    await page.goto('/user/messages/admin');
    await waitForIslands(page);
    const text = `What time is it there? ${Date.now().toString(36)}`;
    await page.getByLabel('Your message').fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    const sent = page.locator('.chat__msg').filter({ hasText: text });
    await expect(sent.locator('time')).toHaveText(/^(just now|\d+ seconds? ago)$/);
    // After a reload the server's words and the island's agree (no hydration mismatch).
    await page.reload();
    await waitForIslands(page);
    await expect(sent.locator('time')).toHaveText(/^(just now|\d+ seconds? ago|1 minute ago)$/);
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });

  test('the console shows times in the visitor’s zone', async ({ page }) => {
    await signIn(page, { email: 'admin@example.com', password: 'admin1234' }, '/admin/users');
    await expectShownIn(page, { dateStyle: 'medium', timeStyle: 'short' }, TOKYO);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, timezoneId: TOKYO });

  test('a receipt says its time in UTC', async ({ page }) => {
    await signIn(page, AGENT, '/user/transactions');
    await page
      .getByRole('link', { name: /^Receipt \d+$/ })
      .first()
      .click();
    const time = page.locator('time[data-local-time]').first();
    const iso = (await time.getAttribute('datetime'))!;
    const utc = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(iso),
    );
    await expect(time).toHaveText(`${utc} UTC`);
  });
});
