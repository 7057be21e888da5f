import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

test('an account deactivated while signed in is signed out, and its next page says why', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const who = { email: `dee-${tag}@example.com`, password: 'dee-pass' };
  const registered = await request.post('/api/user-register', {
    data: { name: `Dee ${tag}`, mobile: `+1666${String(Date.now()).slice(-7)}`, re_password: who.password, ...who },
    headers: { origin: baseURL! },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const userId = (await registered.json()).data.id as number;
  // A fresh account's profile is incomplete: signing in lands on it.
  await signIn(page, who, '/user/profile?welcome=1');
  await page.goto('/user/favourites');
  await expect(page).toHaveURL(/\/user\/favourites$/);

  const admin = await request.post('/api/user_signup', { data: { logintype: 'email', ...ADMIN } });
  const adminToken = (await admin.json()).data.token as string;
  const deactivated = await request.post(`/api/admin/users/${userId}/deactivate`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(deactivated.status()).toBe(200);

  await page.goto('/user/favourites');
  await expect(page).toHaveURL(/\/login\?error=account_deactivated$/);
  await expect(page.getByRole('alert')).toHaveText('Your Account have been Deactivetd by Admin');
  await expectNoSeriousA11yViolations(page);
  // Told once: the session cookie is gone, and the site is browsed as a visitor.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My profile' })).toHaveCount(0);
});
