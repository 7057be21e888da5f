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

  test('a package’s period says when it started and when it ends, in the visitor’s zone', async ({ page }) => {
    await signIn(page, AGENT, '/user/subscriptions');
    const times = page.getByTestId('subscriptions').locator('time[data-local-time]');
    await expect(times).toHaveCount(2);
    for (const time of await times.all()) {
      const iso = (await time.getAttribute('datetime'))!;
      await expect(time).toHaveText(
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: TOKYO }).format(
          new Date(iso),
        ),
      );
    }
  });

  test('the console shows times in the visitor’s zone', async ({ page }) => {
    await signIn(page, { email: 'admin@example.com', password: 'admin1234' }, '/admin/users');
    await expectShownIn(page, { dateStyle: 'medium', timeStyle: 'short' }, TOKYO);
  });
});

test.describe('west of UTC', () => {
  test.use({ timezoneId: 'Pacific/Honolulu' });

  test('an article’s publication day is a day of the calendar, not moved into the visitor’s zone', async ({ page }) => {
    const utcDay = (day: string, dateStyle: 'medium' | 'long') =>
      new Intl.DateTimeFormat('en', { dateStyle, timeZone: 'UTC' }).format(new Date(day));
    await page.goto('/articles');
    const card = page.locator('.card__meta time').first();
    const day = (await card.getAttribute('datetime'))!;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(card).not.toHaveAttribute('data-local-time');
    await expect(card).toHaveText(utcDay(day, 'medium'));
    await page.locator('.card__title a').first().click();
    const shown = page.locator('.prose .card__meta time');
    await expect(shown).toHaveAttribute('datetime', day);
    await expect(shown).toHaveText(utcDay(day, 'long'));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, timezoneId: TOKYO });

  test('a package’s period says its times in UTC', async ({ page }) => {
    await signIn(page, AGENT, '/user/subscriptions');
    const time = page.getByTestId('subscriptions').locator('time[data-local-time]').last();
    const iso = (await time.getAttribute('datetime'))!;
    const utc = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(iso),
    );
    await expect(time).toHaveText(`${utc} UTC`);
  });

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
