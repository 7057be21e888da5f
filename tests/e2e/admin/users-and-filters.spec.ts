import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

test('deactivating an account needs the confirmation ticked; reactivating is one click', async ({
  page,
  request,
  baseURL,
}) => {
  // A fresh account: the demo ones are signed in to by other tests.
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Dora Deactivate ${tag}`;
  const email = `dora-${tag}@example.com`;
  const registered = await request.post('/api/user-register', {
    data: {
      name,
      email,
      mobile: `+1555${String(Date.now()).slice(-7)}`,
      password: 'dora-pass',
      re_password: 'dora-pass',
    },
    headers: { origin: baseURL! },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  await signIn(page, ADMIN, `/admin/users?search=${encodeURIComponent(email)}`);
  await page.getByTestId('user-list').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const userPage = new URL(page.url()).pathname;
  const facts = page.getByTestId('user-facts');
  await expect(facts).toContainText('Active');
  await expectNoSeriousA11yViolations(page);

  // The browser refuses the form without the tick; a post that skips the browser is refused by the page.
  const form = page.getByTestId('deactivate-user');
  const confirm = form.getByRole('checkbox', { name: `I understand that ${name} will be signed out everywhere` });
  await form.getByRole('button', { name: 'Deactivate account' }).click();
  expect(await confirm.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
  expect(new URL(page.url()).pathname).toBe(userPage);
  const unconfirmed = await page.request.post(userPage, {
    form: { action: 'deactivate' },
    headers: { origin: baseURL! },
  });
  expect(unconfirmed.status()).toBe(422);
  expect(await unconfirmed.text()).toContain('Tick the box to confirm you want to deactivate this account.');
  await page.reload();
  await expect(facts).toContainText('Active');
  await expect(facts).not.toContainText('Deactivated');
  // The account still signs in.
  const stillIn = await request.post('/api/user_signup', {
    data: { logintype: 'email', email, password: 'dora-pass' },
    headers: { origin: baseURL! },
  });
  expect(stillIn.status()).toBe(200);

  await confirm.check();
  await form.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(page).toHaveURL(new RegExp(`${userPage}\\?notice=deactivated$`));
  await expect(page.getByText('The account is deactivated and signed out everywhere.')).toBeVisible();
  await expect(facts).toContainText('Deactivated');
  const refused = await request.post('/api/user_signup', {
    data: { logintype: 'email', email, password: 'dora-pass' },
    headers: { origin: baseURL! },
  });
  expect(refused.status()).not.toBe(200);

  // Reactivating needs no tick.
  await expect(page.getByTestId('deactivate-user')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reactivate account' }).click();
  await expect(page).toHaveURL(new RegExp(`${userPage}\\?notice=reactivated$`));
  await expect(facts).toContainText('Active');
  await expect(page.getByRole('checkbox', { name: /will be signed out everywhere/ })).toBeVisible();
});

test('a console list says which filter it cannot use, instead of ignoring it', async ({ page }) => {
  await signIn(page, ADMIN, '/admin/users');

  const users = await page.goto('/admin/users?role=superuser');
  expect(users!.status()).toBe(422);
  const problem = page.getByTestId('filter-problem');
  await expect(problem).toContainText('The list cannot be shown with this filter:');
  await expect(problem).toContainText('Role: Choose one of: user, agent, admin.');
  await expect(page.getByTestId('user-list')).toHaveCount(0);
  // The filter's field says it too, and the form is there to fix it.
  await expect(page.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Role')).toHaveAccessibleDescription('Choose one of: user, agent, admin.');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Role').selectOption('admin');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/role=admin/);
  await expect(page.getByTestId('filter-problem')).toHaveCount(0);
  await expect(page.getByTestId('user-list').locator('tbody tr')).toHaveCount(1);

  const queues: [string, string][] = [
    ['/admin/properties?admin_status=live', 'State: Choose one of: pending, approved, rejected, all.'],
    ['/admin/projects?category_id=abc', 'Category: This value is not valid.'],
    ['/admin/reports?status=closed', 'State: Choose one of: open, dismissed, actioned, all.'],
    ['/admin/featured?status=live', 'State: Choose one of: pending, approved, rejected, expired, all.'],
    ['/admin/verification?status=done', 'State: Choose one of: pending, success, failed, all.'],
    ['/admin/payments?status=paid', 'State: Choose one of: review, pending, succeeded, failed, canceled.'],
    ['/admin/audit?entity=Property!', 'This value is not in the expected form.'],
    [`/admin/content/faqs?search=${'x'.repeat(101)}`, 'Use at most 100 characters.'],
  ];
  for (const [url, message] of queues) {
    const res = await page.goto(url);
    expect(res!.status(), url).toBe(422);
    await expect(page.getByTestId('filter-problem'), url).toContainText(message);
    await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible();
  }

  // In Arabic too.
  await page.goto('/admin/reports?status=closed&lang=ar');
  await expect(page.getByTestId('filter-problem')).toContainText('لا يمكن عرض القائمة بهذه التصفية');
});
