import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

test('a visitor finds an agent, sees their profile and is asked to sign in for contact details', async ({ page }) => {
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const first = page.locator('.agent-card .card__title a').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/agents\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('link', { name: 'Sign in to see the contact details' })).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
  // Their public listings follow, as cards (agents with the most live listings come first in the list).
  await expect(page.getByTestId('property-card').first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/agents\/[a-z0-9-]+$/);
  await expectNoSeriousA11yViolations(page);
});

test('agent photos are round crops of a 96 px square in the list and 128 px on a profile', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/agents');
  const photos = page.locator('.agent-card img');
  expect(await photos.count()).toBeGreaterThan(1);
  for (const photo of await photos.all()) {
    await expect(photo).toHaveAttribute('width', '96');
    await expect(photo).toHaveAttribute('height', '96');
    await expect(photo).toHaveCSS('object-fit', 'cover');
    const box = (await photo.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([96, 96]);
  }
  await page.locator('.agent-card .card__title a').first().click();
  const profile = page.locator('.agent-profile img').first();
  await expect(profile).toHaveAttribute('width', '128');
  const box = (await profile.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([128, 128]);
});

test('an unknown agent is a 404 page', async ({ page }) => {
  expect((await page.goto('/agents/nobody-here'))?.status()).toBe(404);
});

test("an agent's social profiles take web addresses only, and their page links to what was saved", async ({ page }) => {
  await signIn(page, { email: 'agent14@example.com', password: 'demo1234' }, '/user/profile');
  await expect(
    page.getByText("The page's full address, for example https://www.youtube.com/@yourchannel"),
  ).toBeVisible();
  await page.getByLabel('Facebook').fill('javascript:alert(1)');
  await page.getByLabel('YouTube').fill('myChannel');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('Facebook')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('YouTube')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a web address starting with http:// or https://.')).toHaveCount(2);

  await page.getByLabel('Facebook').fill('http://www.facebook.com/agent.fourteen');
  await page.getByLabel('YouTube').fill('https://www.youtube.com/@agentfourteen');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  const me = (await (await page.request.get('/api/get-user-data')).json()).data as { slug_id: string };
  await page.goto(`/agents/${me.slug_id}`);
  await expect(page.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    'http://www.facebook.com/agent.fourteen',
  );
  await expect(page.getByRole('link', { name: 'YouTube' })).toHaveAttribute(
    'href',
    'https://www.youtube.com/@agentfourteen',
  );
});
