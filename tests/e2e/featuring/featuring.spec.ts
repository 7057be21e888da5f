import { expect, test, type Page } from '@playwright/test';
import { apiToken, approveListing, postListing } from '../support/api-listings.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

// agent3 holds the demo "Premium" package: unlimited listings and 50 featured properties.
const OWNER = { email: 'agent3@example.com', password: 'demo1234' };
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

const featuredSection = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Featured properties' }) });

test('an owner features an approved property, sees it waiting, an admin approves, it shows on the home page', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Featured riverside flat ${Date.now().toString(36)}`;

  // The property exists and is approved: posted and reviewed through the API, as the apps would.
  const ownerToken = await apiToken(request, OWNER);
  const adminToken = await apiToken(request, ADMIN);
  const check = await request.get('/api/check-package-limit?type=property_feature', {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect((await check.json()).data).toEqual({
    package_available: true,
    feature_available: true,
    limit_available: true,
    // A user with a package of their own: no free package to start.
    free_package: null,
  });
  const property = await postListing(request, baseURL!, ownerToken, { title });
  await approveListing(request, baseURL!, adminToken, property.id);

  // The owner features it from their listing page, without JavaScript: a plain form post.
  const ownerContext = await browser.newContext({ javaScriptEnabled: false });
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER, `/my-property/${property.slug_id}`);
  await owner.getByRole('button', { name: `Feature this property ${title}` }).click();
  await expect(owner).toHaveURL(/\/user\/advertisement\?notice=requested$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'My advertisements' })).toBeVisible();
  await expect(owner.getByRole('status').filter({ hasText: 'goes live once an admin approves it' })).toBeVisible();
  const row = owner.getByTestId('my-advertisements').getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Waiting for approval');
  await expect(row).toContainText('The featured period starts when an admin approves it.');
  // axe needs scripts: the same session in a context that runs them.
  const checkContext = await browser.newContext({ storageState: await ownerContext.storageState() });
  const checkPage = await checkContext.newPage();
  await checkPage.goto('/user/advertisement');
  await expect(checkPage.getByTestId('my-advertisements')).toContainText(title);
  await expectNoSeriousA11yViolations(checkPage);
  await checkContext.close();

  // The listing's pages show the request's state instead of offering to feature it again (the API refuses a
  // second request: tests/api/advertisements.test.ts).
  await owner.goto('/user/properties');
  const listed = owner.getByRole('listitem').filter({ hasText: title });
  await expect(listed.getByTestId('feature-state')).toHaveText('Waiting for approval');
  await expect(listed.getByRole('button', { name: /Feature this property/ })).toHaveCount(0);
  await owner.goto(`/my-property/${property.slug_id}`);
  await expect(owner.getByTestId('feature-state')).toHaveText('Waiting for approval');
  await expect(owner.getByRole('button', { name: /Feature this property/ })).toHaveCount(0);

  // Waiting requests are not public.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(featuredSection(visitor).getByRole('link', { name: title })).toHaveCount(0);

  // The admin approves it in the featured queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN, '/admin/featured');
  await expect(admin.getByRole('heading', { level: 1, name: 'Featured-ad requests' })).toBeVisible();
  await admin.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(admin).toHaveURL(/\/admin\/featured\?notice=approved$/);

  // Live: on the home page's featured section, and featured on the owner's advertisements page.
  await visitor.goto('/');
  await expect(featuredSection(visitor).getByRole('link', { name: title })).toBeVisible();
  await owner.goto('/user/advertisement');
  const live = owner.getByTestId('my-advertisements').getByRole('listitem').filter({ hasText: title });
  await expect(live).toContainText('Featured');
  await expect(live).toContainText('Featured period:');
  await expect(live.locator('time')).toHaveCount(2);

  await Promise.all([ownerContext.close(), visitorContext.close(), adminContext.close()]);
});

// user6 holds no package (demo seed: only agents and the first two users do) and owns approved listings.
const NO_PACKAGE = { email: 'user6@example.com', password: 'demo1234' };

for (const javaScriptEnabled of [false, true])
  test(`featuring without featuring units goes to the packages with the feature's message (${
    javaScriptEnabled ? 'with' : 'without'
  } JavaScript)`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, NO_PACKAGE, '/user/properties');
    await page
      .getByRole('button', { name: /^Feature this property / })
      .first()
      .click();
    // As every gated feature does (spec section 8): /subscription-plan with the feature, and back here afterwards.
    await expect(page).toHaveURL(/\/subscription-plan\?feature=property_feature&next=%2Fuser%2Fproperties$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Your package does not allow featuring more properties. Choose a package to continue.',
    );
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('My advertisements');
    await context.close();
  });
