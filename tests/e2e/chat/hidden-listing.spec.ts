import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { apiToken, approveListing, postListing } from '../support/api-listings.ts';
import { signIn } from '../support/sign-in.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const OWNER = { email: 'agent12@example.com', password: 'demo1234' };
const BUYER = { email: 'user3@example.com', password: 'demo1234' };

test('a conversation about a listing taken off the site names it without a dead link', async ({
  browser,
  request,
  baseURL,
}) => {
  const title = `Chat hidden ${Date.now()}`;
  const ownerToken = await apiToken(request, OWNER);
  const adminToken = await apiToken(request, ADMIN);
  const property = await postListing(request, baseURL!, ownerToken, { title });
  await approveListing(request, baseURL!, adminToken, property.id);
  const idOf = async (token: string) =>
    (await (await request.get('/api/get-user-data', { headers: { authorization: `Bearer ${token}` } })).json()).data
      .id as number;
  const ownerId = await idOf(ownerToken);
  const buyerId = await idOf(await apiToken(request, BUYER));

  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, BUYER, '/user/messages');
  await buyer.goto(`/user/messages/new?property_id=${property.id}&user_id=${ownerId}`);
  const conversationUrl = new URL(buyer.url()).pathname;
  expect(conversationUrl).toBe(`/user/messages/u${ownerId}-p${property.id}`);
  await buyer.getByLabel('Your message').fill('Is the balcony south facing?');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByText('Is the balcony south facing?')).toBeVisible();
  const listing = buyer.getByTestId('chat-listing');
  await expect(listing.getByRole('link', { name: 'View the property' })).toHaveAttribute(
    'href',
    `/properties-details/${property.slug_id}`,
  );

  // The admin takes the listing off the site: its public page is now a 404.
  const rejected = await request.post(`/api/admin/properties/${property.id}/reject`, {
    headers: { authorization: `Bearer ${adminToken}`, origin: baseURL! },
    data: { reason: 'Photos of another flat' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  expect((await buyer.request.get(`/properties-details/${property.slug_id}`)).status()).toBe(404);

  // The buyer still reads what the conversation was about, and that it is gone, with no link to the 404.
  await buyer.goto(conversationUrl);
  await expect(listing).toContainText(title);
  await expect(listing).toContainText('This listing is no longer available on the site.');
  await expect(listing.getByRole('link')).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer);
  await buyer.goto('/user/messages');
  const inList = buyer.locator('.conversation').filter({ hasText: title });
  await expect(inList).toContainText('This listing is no longer available on the site.');
  await expect(inList.getByRole('link', { name: 'View the property' })).toHaveCount(0);

  // Its owner is sent to the page where they manage it.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, OWNER, '/user/messages');
  await owner.goto(`/user/messages/u${buyerId}-p${property.id}`);
  const manage = owner.getByTestId('chat-listing').getByRole('link', { name: 'Manage your listing' });
  await expect(manage).toHaveAttribute('href', `/my-property/${property.slug_id}`);
  await manage.click();
  await expect(owner).toHaveURL(new RegExp(`/my-property/${property.slug_id}$`));
  await expect(owner.getByRole('heading', { level: 1 })).toContainText(title);

  // An admin, who answers as the site, is sent to the listing's page in the console.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN, '/user/messages');
  await admin.goto(`/user/messages/new?property_id=${property.id}&user_id=${ownerId}`);
  await expect(admin).toHaveURL(new RegExp(`/user/messages/u${ownerId}-p${property.id}$`));
  await admin.getByLabel('Your message').fill('Please send photos of this flat.');
  await admin.getByRole('button', { name: 'Send' }).click();
  await expect(admin.getByText('Please send photos of this flat.')).toBeVisible();
  const review = admin.getByTestId('chat-listing').getByRole('link', { name: 'Open it in the admin console' });
  await expect(review).toHaveAttribute('href', `/admin/properties/${property.id}`);
  await review.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/properties/${property.id}$`));
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(title);
});
