import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test('adding a property needs a complete profile, then a package: each dialog leads to its fix', async ({ page }) => {
  test.slow();
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Gate Keeper');
  await page.getByLabel('Email').fill(`gate-${tag}@example.com`);
  await page.getByLabel('Mobile number').fill(`+1333${String(Date.now()).slice(-7)}`);
  await page.getByLabel('Password', { exact: true }).fill('gate-pass');
  await page.getByLabel('Confirm password').fill('gate-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/profile/);

  await page.getByRole('link', { name: 'My properties' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Add property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opps' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have not completed your profile yet. Please complete first');
  // Modal: focus is on its action, and Tab keeps it inside.
  await expect(dialog.getByRole('link', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // OK leads to the profile, which sends the owner back to adding once it is complete.
  await dialog.getByRole('link', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?next=%2Fuser%2Fproperties%3Fadd%3D1$/);

  // With the profile complete, the next gate is the package: none is held, so the first listing starts the free one.
  const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#468' } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await page.getByLabel('Address').fill('5 Gate Road, Lisbon');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/user\/properties\/new$/);
  await expect(page.getByTestId('free-start')).toContainText('posting starts the Free package');
  await expectNoSeriousA11yViolations(page);
});
