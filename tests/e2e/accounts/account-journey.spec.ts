import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { countMessages, nextMessage } from '../support/outbox.ts';

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const email = `journey-${unique}@example.com`;
const mobile = `+1555${String(Date.now()).slice(-7)}`;

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('register, complete the profile, sign out, sign in with a code, reset the password', async ({ page }) => {
  test.slow();
  // Register.
  await page.goto('/register');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Full name').fill('Journey Person');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByLabel('Confirm password').fill('first-pass');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Land on the profile, which is not complete yet.
  await expect(page).toHaveURL(/\/user\/profile\?welcome=1$/);
  await expect(page.getByTestId('profile-incomplete')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A too-small photo is refused with a message on the field.
  const tiny = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile photo').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tiny });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Photos must be at least 120 × 120 pixels.')).toBeVisible();

  // Complete it.
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Profile photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Address').fill('12 Harbour Street');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await expect(page.getByTestId('profile-incomplete')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  await signOut(page);

  // Sign in with a one-time code read from the outbox.
  await page.goto('/login/otp');
  await expectNoSeriousA11yViolations(page);
  const before = countMessages(email);
  await page.getByLabel('Phone number or email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+ seconds/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  const code = /\b(\d{6})\b/.exec((await nextMessage(email, before)).text)![1]!;
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not correct or has expired.');
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My profile' })).toBeVisible();
  await signOut(page);

  // Forgot and reset the password.
  await page.goto('/forgot-password');
  await expectNoSeriousA11yViolations(page);
  const beforeReset = countMessages(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this email, we have sent a link')).toBeVisible();
  const link = /https?:\/\/\S+/.exec((await nextMessage(email, beforeReset)).text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('second-pass');
  await page.getByLabel('Confirm password').fill('second-pass');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login\?notice=reset$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect details. Check your email and password.');
  await page.getByLabel('Password').fill('second-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('link', { name: 'My profile' })).toBeVisible();
  // The used link says so at once, with no form to fill in for nothing.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid, used or expired. Ask for a new one.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signing in works as a plain form, and bad input keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('agent1@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect details. Check your email and password.');
    await expect(page.getByLabel('Email')).toHaveValue('agent1@example.com');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('link', { name: 'My profile' })).toBeVisible();
  });

  test('registration explains every bad field', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('The password needs at least 6 characters.')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('a made-up or missing reset link says so before any password is typed, and where to ask again', async ({
  page,
}) => {
  for (const path of ['/reset-password?token=garbage', `/reset-password?token=${'x'.repeat(43)}`, '/reset-password']) {
    expect((await page.goto(path))?.status(), path).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('This reset link is invalid, used or expired. Ask for a new one.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test.describe('the sign-in lock', () => {
  test.use({ javaScriptEnabled: false });

  test('says how long to wait, and a password reset lifts it', async ({ page }) => {
    test.slow();
    const locked = { email: `locked-${unique}@example.com`, password: 'right-pass' };
    const registered = await page.request.post('/api/user-register', {
      data: {
        name: 'Locked Out',
        mobile: `+1333${String(Date.now()).slice(-7)}`,
        re_password: 'right-pass',
        ...locked,
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const signIn = async (password: string) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(locked.email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    };
    for (let i = 0; i < 10; i++) await signIn(`wrong-${i}`);
    await signIn(locked.password);
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Try again in 15 minutes.');

    await page.goto('/forgot-password');
    const before = countMessages(locked.email);
    await page.getByLabel('Email').fill(locked.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const link = new URL(/https?:\/\/\S+/.exec((await nextMessage(locked.email, before)).text)![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('newer-pass');
    await page.getByLabel('Confirm password').fill('newer-pass');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/login\?notice=reset$/);
    await signIn('newer-pass');
    await expect(page.getByRole('link', { name: 'My profile' })).toBeVisible();
  });
});

test('deleting an account needs confirmation, then signs out for good', async ({ page }) => {
  const address = `delete-${unique}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Short Stay');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Mobile number').fill(`+1444${String(Date.now()).slice(-7)}`);
  await page.getByLabel('Password', { exact: true }).fill('pass-word');
  await page.getByLabel('Confirm password').fill('pass-word');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.goto('/user/delete-account');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login\?notice=deleted$/);
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password').fill('pass-word');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect details. Check your email and password.');
});

test('pages that need an account send visitors to sign in and back', async ({ page }) => {
  await page.goto('/login');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fprofile$/);
  await page.getByLabel('Email').fill('user1@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
});
