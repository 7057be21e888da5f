import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { apiToken, postListing } from '../support/api-listings.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Keyboard and screen-reader use on a phone: after a form post that reloads the page the focus is on what happened
 * (and the title starts with "Error:" when it failed), a chat says who wrote each message and announces new ones,
 * Send keeps the focus in the box, delete buttons say what they delete, and the inbox announces its unread count.
 */
test.use({ viewport: { width: 390, height: 844 } });

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const LISTER = { email: 'agent13@example.com', password: 'demo1234' };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Account {
  id: number;
  name: string;
  token: string;
}

/** A new account registered through the API; `page` is signed in as it (its session cookie set). */
async function newAccount(request: APIRequestContext, name: string): Promise<Account> {
  const email = `a11y-${unique()}@example.com`;
  const registered = await request.post('/api/user-register', {
    data: {
      name,
      email,
      mobile: `+1444${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`,
      password: 'a11y-pass',
      re_password: 'a11y-pass',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const token = await apiToken(request, { email, password: 'a11y-pass' });
  const me = (await (await request.get('/api/get-user-data', { headers: { authorization: `Bearer ${token}` } })).json())
    .data as { id: number };
  return { id: me.id, name, token };
}

async function pageAs(browser: Browser, who: Account, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
  const { origin } = new URL(test.info().project.use.baseURL!);
  await context.addCookies([{ name: 'session', value: who.token, url: origin }]);
  return context.newPage();
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase(), role: el?.getAttribute('role'), text: el?.textContent?.trim() ?? '' };
  });

/** The site (an admin) writes to `to`: the conversation `to` sees at /user/messages/admin. */
async function siteSays(request: APIRequestContext, to: Account, message: string) {
  const { origin } = new URL(test.info().project.use.baseURL!);
  const sent = await request.post('/api/send_message', {
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}`, origin },
    multipart: { receiver_id: String(to.id), message },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The thread, as the accessibility tree has it, says `who` wrote `text` ("<who> said:" before the message). */
async function expectSaidBy(thread: Locator, who: string, text: string) {
  expect(await thread.ariaSnapshot()).toMatch(
    new RegExp(`text: "${escaped(who)} said:"\\s*- paragraph: ${escaped(text)}`),
  );
}

/** The name the conversation page gives the other side ("Conversation with <name>"). */
const otherName = async (page: Page) =>
  ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(/^Conversation with /, '').trim();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a form post that reloads the page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
    test.use({ javaScriptEnabled });

    test('a failed sign-in opens on its error, titled "Error:"; a plain visit takes no focus', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveTitle(/^Sign in/);
      expect((await focused(page)).tag).toBe('body');

      await page.getByLabel('Email').fill('nobody-here@example.com');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(alert).toBeFocused();
      await expect(page).toHaveTitle(/^Error: Sign in/);
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    });

    test('saving a favourite opens the page on "Saved to your favourites"', async ({ browser, request }) => {
      const buyer = await newAccount(request, 'Fay Vourite');
      const page = await pageAs(browser, buyer, javaScriptEnabled);
      await page.goto('/properties');
      await page.locator('#listing-results article a[href*="/properties-details/"]').first().click();
      await expect(page).toHaveURL(/\/properties-details\//);
      expect((await focused(page)).tag).toBe('body');
      await page.getByRole('button', { name: 'Save to favourites' }).click();
      await expect(page).toHaveURL(/notice=favourite_added$/);
      const status = page.getByRole('status').filter({ hasText: 'Saved to your favourites.' });
      await expect(status).toBeFocused();
      await expect(page).not.toHaveTitle(/^Error/);
      await page.context().close();
    });
  });
}

test('an admin approving or refusing a listing lands on the result, focused', async ({ page, request, baseURL }) => {
  test.slow();
  const listing = await postListing(request, baseURL!, await apiToken(request, LISTER), {
    title: `Focus loft ${unique()}`,
  });
  await signIn(page, ADMIN, `/admin/properties/${listing.id}`);
  // A reject without its reason (a browser that skips the check): the page comes back saying so.
  await page.locator('form:has(button:text-is("Reject"))').evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('alert').first()).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/admin\/properties\?notice=approved$/);
  await expect(page.getByRole('status').filter({ hasText: 'Approved.' })).toBeFocused();
  await expect(page).not.toHaveTitle(/^Error/);
});

test.describe('chat', () => {
  test('the thread announces new messages only, says who wrote each, and Send keeps the focus in the box', async ({
    browser,
    request,
  }) => {
    test.slow();
    const ana = await newAccount(request, 'Ana Reader');
    await siteSays(request, ana, 'First message from the site');
    const page = await pageAs(browser, ana);
    await page.goto('/user/messages/admin');
    const site = await otherName(page);
    expect(site).not.toBe('');
    await waitForIslands(page);
    await expect(page.locator('.chat[data-live="on"]')).toBeAttached();

    const thread = page.getByRole('list', { name: 'Messages in this conversation' });
    await expect(thread).toHaveAttribute('aria-live', 'polite');
    await expect(thread).toHaveAttribute('aria-relevant', 'additions');
    // Who wrote it, in words.
    await expectSaidBy(thread, site, 'First message from the site');
    // What the region is told from here on: the history it opened with is not added again.
    await thread.evaluate((list) => {
      const added: string[] = [];
      (window as unknown as { added: string[] }).added = added;
      new MutationObserver((records) =>
        records.forEach((r) => r.addedNodes.forEach((n) => added.push(n.textContent ?? ''))),
      ).observe(list, { childList: true, subtree: true });
    });

    const box = page.getByLabel('Your message');
    await box.fill('Hello, is it free on Friday?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByRole('listitem').last()).toContainText('Hello, is it free on Friday?');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');
    await expectSaidBy(thread, 'You', 'Hello, is it free on Friday?');

    // The site answers: the new message is added inside the live region, named by its writer.
    await siteSays(request, ana, 'Yes, Friday works');
    await expect(thread.getByRole('listitem').last()).toContainText('Yes, Friday works');
    await expectSaidBy(thread, site, 'Yes, Friday works');
    const added = await page.evaluate(() => (window as unknown as { added: string[] }).added);
    expect(added.some((text) => text.includes('First message from the site'))).toBe(false);
    expect(added.filter((text) => text.startsWith(`${site} said:`))).toHaveLength(1);

    // The delete button says what it deletes; afterwards the focus is back in the box.
    const remove = page.getByRole('button', { name: /^Delete message: Hello, is it free on Friday\?, / });
    await expect(remove).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Delete message: Yes, Friday works/ })).toHaveCount(0);
    await remove.click();
    await expect(thread).not.toContainText('Hello, is it free on Friday?');
    await expect(box).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('messages say who wrote them, delete buttons say what they delete, and sending still works', async ({
      browser,
      request,
    }) => {
      const cleo = await newAccount(request, 'Cleo Plain');
      await siteSays(request, cleo, 'A plain hello');
      const page = await pageAs(browser, cleo, false);
      await page.goto('/user/messages/admin');
      const thread = page.getByRole('list', { name: 'Messages in this conversation' });
      await expect(thread).toHaveAttribute('aria-live', 'polite');
      await expectSaidBy(thread, await otherName(page), 'A plain hello');
      expect((await focused(page)).tag).toBe('body');

      await page.getByLabel('Your message').fill('A plain answer that is long enough to be cut short on its button');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(/\/user\/messages\/admin$/);
      await expectSaidBy(thread, 'You', 'A plain answer that is long enough to be cut short on its button');
      const remove = page.getByRole('button', {
        name: /^Delete message: A plain answer that is long enough to be…, /,
      });
      await expect(remove).toHaveCount(1);
      await remove.click();
      await expect(thread).not.toContainText('A plain answer');
      await page.context().close();
    });
  });

  test('the inbox announces a new message with the unread count, which the badge says in words', async ({
    browser,
    request,
  }) => {
    const eve = await newAccount(request, 'Eve Inbox');
    await siteSays(request, eve, 'One');
    const page = await pageAs(browser, eve);
    await page.goto('/user/messages');
    const item = page.locator('[data-conversation="admin"]');
    const site = ((await item.locator('[data-conversation-name]').textContent()) ?? '').trim();
    await expect(item.locator('[data-unread]')).toHaveText('1 unread message');
    await expect(page.locator('[data-live-inbox][data-live="on"]')).toBeAttached();

    await siteSays(request, eve, 'Two');
    const status = page.getByRole('status').filter({ hasText: `New message from ${site}, 2 unread messages.` });
    await expect(status).toBeAttached();
    await expect(item.locator('[data-unread]')).toHaveText('2 unread messages');
    await page.context().close();
  });
});
