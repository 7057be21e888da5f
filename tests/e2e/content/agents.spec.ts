import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

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

test('an unknown agent is a 404 page', async ({ page }) => {
  expect((await page.goto('/agents/nobody-here'))?.status()).toBe(404);
});
