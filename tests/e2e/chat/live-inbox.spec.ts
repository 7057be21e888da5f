import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

/*
 * The inbox (/user/messages) follows the chat stream as a conversation page does: a new message moves its
 * conversation to the top with its unread mark, a new conversation appears, and a screen reader hears who wrote,
 * all without a reload. Two demo accounts no other test uses: an agent who writes about their listings, a user.
 */
const WRITER = 'agent6@example.com';
const READER = 'user4@example.com';

async function bearer(request: APIRequestContext, email: string): Promise<string> {
  const reply = await request.post('/api/user_signup', { data: { logintype: 'email', email, password: 'demo1234' } });
  expect(reply.status()).toBe(200);
  return (await reply.json()).data.token as string;
}

test('a message moves its conversation to the top of the open inbox, unread, without a reload', async ({
  browser,
  request,
}) => {
  test.slow();
  const writer = await bearer(request, WRITER);
  const headers = { authorization: `Bearer ${writer}` };
  const writerName = (await (await request.get('/api/get-user-data', { headers })).json()).data.name as string;
  const listings = (await (await request.get('/api/get-added-properties?limit=3', { headers })).json()).data.items as {
    id: number;
    title: string;
  }[];
  expect(listings.length).toBe(3);
  const readerToken = await bearer(request, READER);
  const readerId = (
    await (await request.get('/api/get-user-data', { headers: { authorization: `Bearer ${readerToken}` } })).json()
  ).data.id as number;
  const send = async (listing: { id: number }, message: string) => {
    const reply = await request.post('/api/send_message', {
      headers,
      data: { receiver_id: readerId, property_id: listing.id, message },
    });
    expect(reply.status()).toBe(200);
  };
  const [first, second, third] = listings as [(typeof listings)[0], (typeof listings)[0], (typeof listings)[0]];
  // Two conversations, the second the newest; the reader reads the first, so it has no unread mark.
  await send(first, 'About the first listing');
  await send(second, 'About the second listing');

  const page: Page = await (await browser.newContext()).newPage();
  await page.goto('/login?next=/user/messages');
  await page.getByLabel('Email').fill(READER);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/messages$/);
  await page.locator('.conversation').filter({ hasText: first.title }).getByRole('link').first().click();
  await expect(page.getByText('About the first listing')).toBeVisible();
  await page.goto('/user/messages');
  const conversations = page.locator('.conversation');
  const item = (listing: { title: string }) => conversations.filter({ hasText: listing.title });
  await expect(conversations.first()).toContainText(second.title);
  await expect(item(first)).not.toContainText('unread');
  await expect(page.locator('[data-live-inbox][data-live="on"]')).toBeAttached();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });

  // A new message in the older conversation: first, unread, its text shown, and said politely.
  await send(first, 'Is Saturday good for a visit?');
  await expect(conversations.first()).toContainText(first.title);
  await expect(conversations.first()).toContainText('Is Saturday good for a visit?');
  await expect(conversations.first()).toContainText('1 unread');
  await expect(conversations.first()).toHaveClass(/conversation--unread/);
  await expect(page.getByRole('status').filter({ hasText: `New message from ${writerName}` })).toBeAttached();

  // A conversation that did not exist yet appears at the top.
  await send(third, 'And this one is new');
  await expect(conversations.first()).toContainText(third.title);
  await expect(conversations.first()).toContainText('1 unread');
  await expect(item(first)).toContainText('Is Saturday good for a visit?');
  expect(navigations).toBe(0);
  await expectNoSeriousA11yViolations(page);
});
