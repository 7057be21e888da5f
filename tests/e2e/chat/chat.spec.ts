import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login?next=/user/messages');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/messages$/);
  return page;
}

test('two people chat about a property live; a block stops the other with a clear message', async ({ browser }) => {
  test.slow();
  // A demo agent and a demo user; the agent owns the listing they talk about.
  const agent = await signedIn(browser, 'agent9@example.com');
  const listings = await (await agent.request.get('/api/get-added-properties?limit=1')).json();
  const property = listings.data.items[0] as { id: number; title: string };
  const ownerId = (await (await agent.request.get('/api/get-user-data')).json()).data.id as number;

  const buyer = await signedIn(browser, 'user1@example.com');
  await expectNoSeriousA11yViolations(buyer);
  // "Chat with owner": the entry point a property page links to.
  await buyer.goto(`/user/messages/new?property_id=${property.id}&user_id=${ownerId}`);
  await expect(buyer).toHaveURL(new RegExp(`/user/messages/u${ownerId}-p${property.id}$`));
  await waitForIslands(buyer);
  await expect(buyer.locator('.chat[data-live="on"]')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Record a voice message' })).toBeVisible();
  await expectNoSeriousA11yViolations(buyer);
  await buyer.getByLabel('Your message').fill('Hello, is it still available?');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByText('Hello, is it still available?')).toBeVisible();

  // The agent finds the conversation and opens it.
  await agent.goto('/user/messages');
  const conversation = agent.locator('.conversation').filter({ hasText: property.title }).first();
  await expect(conversation).toContainText('Hello, is it still available?');
  await conversation.getByRole('link').first().click();
  await expect(agent).toHaveURL(new RegExp(`/user/messages/u\\d+-p${property.id}$`));
  await waitForIslands(agent);
  await expect(agent.locator('.chat[data-live="on"]')).toBeVisible();
  await expectNoSeriousA11yViolations(agent);
  let navigations = 0;
  agent.on('framenavigated', (frame) => {
    if (frame === agent.mainFrame()) navigations++;
  });

  // Text and a file from the buyer appear on the agent's page without reloading.
  await buyer.getByLabel('Your message').fill('Here is my pre-approval letter');
  await buyer.getByLabel('Attach a file (optional)').setInputFiles({
    name: 'pre-approval.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(agent.getByText('Here is my pre-approval letter')).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Download pre-approval.pdf' })).toBeVisible();
  // The buyer sees the agent read it.
  await expect(buyer.locator('.chat__msg--mine').last()).toContainText('Read');
  expect(navigations).toBe(0);
  const download = await agent.request.get(
    (await agent.getByRole('link', { name: 'Download pre-approval.pdf' }).getAttribute('href'))!,
  );
  expect(Buffer.from(await download.body())).toEqual(PDF);

  // The agent blocks the buyer; the buyer, still on the open page, is refused with the clear message.
  await agent.getByText('Block this user').click();
  await agent.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(agent.getByText('You have blocked this user')).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expectNoSeriousA11yViolations(agent);
  await buyer.getByLabel('Your message').fill('Are you still there?');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByRole('alert')).toHaveText('This user is not accepting your messages');
  await buyer.reload();
  await expect(buyer.getByText('This user is not accepting your messages')).toBeVisible();

  await agent.getByRole('button', { name: 'Unblock' }).click();
  await expect(agent.getByLabel('Your message')).toBeVisible();

  // The agent was notified of the messages: badge in the header, list on the notifications page.
  await agent.goto('/user/notifications');
  await expect(agent.getByRole('link', { name: 'New message from' }).first()).toBeVisible();
  await waitForIslands(agent);
  await expectNoSeriousA11yViolations(agent);
});

test('messages and notifications work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login?next=/user/messages/admin');
  await page.getByLabel('Email').fill('user2@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/messages\/admin$/);
  const text = `Question for the team ${Date.now().toString(36)}`;
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/user\/messages\/admin$/);
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please check the highlighted fields.');
  await expect(page.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your message')).toHaveAccessibleDescription('This field is required.');

  await page.goto('/user/notifications');
  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isVisible()) {
    await markAll.click();
    await expect(page).toHaveURL(/\/user\/notifications$/);
  }
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await context.close();
});

test('"Chat with owner" explains a listing that is not that user\'s and a malformed id', async ({ browser }) => {
  const agent = await signedIn(browser, 'agent9@example.com');
  const agentId = (await (await agent.request.get('/api/get-user-data')).json()).data.id as number;
  const own = (await (await agent.request.get('/api/get-added-properties?limit=100')).json()).data.items as {
    id: number;
  }[];
  const buyer = await signedIn(browser, 'user1@example.com');
  const mine = (await (await buyer.request.get('/api/get-added-properties?limit=100')).json()).data.items as {
    id: number;
  }[];
  // A public listing that neither the agent nor the buyer owns.
  const listed = (await (await buyer.request.get('/api/get-property-list?limit=50')).json()).data.items as {
    id: number;
  }[];
  const theirs = new Set([...own, ...mine].map((p) => p.id));
  const other = listed.find((p) => !theirs.has(p.id))!;

  const notTheirs = await buyer.goto(`/user/messages/new?property_id=${other.id}&user_id=${agentId}`);
  expect(notTheirs?.status()).toBe(404);
  await expect(buyer.getByRole('alert')).toHaveText(
    'This listing does not belong to this user, so a conversation with them about it cannot be started.',
  );

  const malformed = await buyer.goto(`/user/messages/new?property_id=abc&user_id=${agentId}`);
  expect(malformed?.status()).toBe(422);
  await expect(buyer.getByRole('alert')).toHaveText('This value is not valid.');
  await expectNoSeriousA11yViolations(buyer);
  await Promise.all([agent.context().close(), buyer.context().close()]);
});
