import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { DatabaseHandle } from '../../../src/server/db/client.ts';
import * as s from '../../../src/server/db/schema/index.ts';
import { FakePaymentProviders } from '../../support/payment-fakes.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';

/*
 * Buying a package through Stripe, end to end: the site's own server (scripts/start.mjs on the built site) talks
 * to a local Stripe stand-in over real HTTP (STRIPE_API_BASE), whose hosted checkout page "pays" and then posts a
 * signed webhook back to the server, as Stripe does. The server gets its own data directory, prepared with the
 * Stripe keys and paid packages the admin would have set, so the shared e2e server is left alone.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const KEYS = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e' };
let own: OwnServer;
let fake: FakePaymentProviders;
let site = '';

/** What the admin would have configured: Stripe on, its keys, two paid packages and a category to list in. */
async function prepareSite(database: DatabaseHandle) {
  const settings = {
    payment_methods: { stripe: true, paypal: false, paystack: false, flutterwave: false, razorpay: false },
    stripe_secret_key: KEYS.secretKey,
    stripe_webhook_secret: KEYS.webhookSecret,
  };
  for (const [key, value] of Object.entries(settings))
    await database.db.insert(s.settings).values({ key, value }).onConflictDoUpdate({
      target: s.settings.key,
      set: { value },
    });
  await database.db.insert(s.categories).values({ name: 'Apartment', slug: 'apartment' });
  for (const [name, priceMinor] of [
    ['Pro', 4900],
    ['Gold', 9900],
  ] as const) {
    const [pkg] = await database.db
      .insert(s.packages)
      .values({ name, priceMinor, durationDays: 30, sortOrder: 1 })
      .returning();
    await database.db.insert(s.packageFeatures).values({ packageId: pkg!.id, feature: 'property_list', limit: 5 });
  }
}

test.beforeAll(async () => {
  // Preparing the database and starting a server take a while on a busy machine.
  test.setTimeout(180_000);
  own = await startOwnServer({
    prepare: prepareSite,
    env: async (port) => {
      fake = await new FakePaymentProviders({
        stripe: { ...KEYS, webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` },
      }).start();
      return { STRIPE_API_BASE: fake.url };
    },
  });
  site = own.url;
});

test.afterAll(async () => {
  await own?.stop();
  await fake?.stop();
});

async function registerWithCompleteProfile(page: Page) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto(`${site}/register`);
  await page.getByLabel('Full name').fill('Paula Payer');
  await page.getByLabel('Email').fill(`payer-${tag}@example.com`);
  await page.getByLabel('Mobile number').fill(`+1444${String(Date.now()).slice(-7)}`);
  await page.getByLabel('Password', { exact: true }).fill('payer-pass');
  await page.getByLabel('Confirm password').fill('payer-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/profile/);
  const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#864' } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await page.getByLabel('Address').fill('9 Payment Lane, Lisbon');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status')).toBeVisible();
}

const plan = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });

test('a user without a package buys one through Stripe, posts a property and sees the transaction', async ({
  page,
}) => {
  await registerWithCompleteProfile(page);

  // No package yet: a first listing would start the free one; this user chooses a paid plan instead.
  await page.goto(`${site}/subscription-plan?feature=property_list`);
  await expectNoSeriousA11yViolations(page);

  // Giving up on Stripe's page comes back as "Payment canceled".
  await plan(page, 'Gold').getByRole('button', { name: 'Buy Gold' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText('99.00 USD');
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  // The return names the payment; the page reads its state (the address says nothing about how it went).
  await expect(page).toHaveURL(/\/subscription-plan\?payment=\d+$/);
  await expect(page.getByRole('alert')).toHaveText('Payment canceled');

  // Paying: the charge is the package's price; the webhook grants it before the buyer is back.
  const pro = plan(page, 'Pro');
  await expect(pro.getByLabel('Card (Stripe)')).toBeChecked();
  await pro.getByRole('button', { name: 'Buy Pro' }).click();
  await expect(page.getByTestId('amount')).toHaveText('49.00 USD');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/subscription-plan\?payment=\d+$/);
  const paidReturn = page.url();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toHaveText(
    'Payment received: your package is active.',
  );
  await expect(page.getByTestId('subscriptions')).toContainText('Property listings: 5 of 5 left');
  await expectNoSeriousA11yViolations(page);

  // Now the property form opens; post one.
  await page.goto(`${site}/user/properties`);
  await page.getByRole('link', { name: 'Add property' }).click();
  await expect(page).toHaveURL(/\/user\/properties\/new$/);
  await page.getByRole('radio', { name: 'Apartment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForIslands(page);
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  // The category has no parameters or facilities, so step through to the part that is wanted.
  // Next waits for the server to check the step, so wait for the step counter to move before looking again.
  const counter = page.getByText(/^Step \d+ of \d+$/);
  const stepTo = async (target: Locator) => {
    for (let step = 0; step < 8 && !(await target.isVisible()); step++) {
      const before = await counter.innerText();
      await next();
      await expect(counter).not.toHaveText(before);
    }
  };
  const title = `Paid-for flat ${Date.now().toString(36)}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('A flat listed with a package bought by card.');
  await page.getByLabel('Price').fill('250000');
  await next();
  await page.getByLabel('Full address').fill('9 Payment Lane, Lisbon, Portugal');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('State or region').fill('Lisbon');
  await page.getByLabel('Country').fill('Portugal');
  await page.getByLabel('Latitude').fill('38.71');
  await page.getByLabel('Longitude').fill('-9.14');
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer();
  await stepTo(page.getByLabel('Title image'));
  await page.getByLabel('Title image').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
  await stepTo(page.getByRole('button', { name: 'Send for review' }));
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Your property has been sent for review.')).toBeVisible();

  // The transaction and its receipt; the subscription shows one listing spent.
  await page.goto(`${site}/user/transactions`);
  const row = page.getByTestId('transactions').getByRole('row').filter({ hasText: 'Pro' });
  await expect(row).toContainText('USD 49.00');
  await expect(row).toContainText('Paid');
  await expect(page.getByTestId('transactions').getByRole('row').filter({ hasText: 'Gold' })).toContainText('Canceled');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: /Receipt/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Receipt \d+/);
  await expect(page.getByTestId('receipt-status')).toHaveText('Paid');
  await expect(page.getByTestId('receipt-amount')).toHaveText('USD 49.00');
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${site}/user/subscriptions`);
  await expect(page.getByTestId('subscriptions')).toContainText('Property listings: 4 of 5 left');
  await expectNoSeriousA11yViolations(page);
  expect(own.output()).not.toMatch(/"level":"error"/);

  // Another account given the buyer's return address, or anyone writing the outcome into the address, reads no
  // verdict: the message comes from the visitor's own payment.
  const otherContext = await page.context().browser()!.newContext();
  const other = await otherContext.newPage();
  await registerWithCompleteProfile(other);
  const success = 'Payment received: your package is active.';
  for (const address of [paidReturn, `${site}/subscription-plan?payment=succeeded`]) {
    await other.goto(address);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Subscription plans');
    await expect(other.getByText(success)).toHaveCount(0);
    await expect(other.locator('.form-alert')).toHaveCount(0);
  }
  // Their own payment, started and not yet confirmed by Stripe, says it is pending, not paid.
  await other.goto(`${site}/subscription-plan`);
  await plan(other, 'Gold').getByRole('button', { name: 'Buy Gold' }).click();
  await expect(other.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  const [transaction] = (await (await other.request.get(`${site}/api/get_payment_details?limit=1`)).json()).data
    .items as { id: number; status: string }[];
  expect(transaction!.status).toBe('pending');
  await other.goto(`${site}/subscription-plan?payment=${transaction!.id}`);
  await expect(other.getByRole('status').filter({ hasText: 'waiting' })).toHaveText(
    'We are waiting for the payment provider to confirm your payment. Your package starts as soon as it does.',
  );
  await expect(other.getByText(success)).toHaveCount(0);
  // And the buyer, signed out, is told nothing either.
  await page.context().clearCookies();
  await page.goto(paidReturn);
  await expect(page.getByText(success)).toHaveCount(0);
  await otherContext.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plan page posts to the server, which redirects to Stripe and back', async ({ page }) => {
    await registerWithCompleteProfile(page);
    await page.goto(`${site}/subscription-plan`);
    await plan(page, 'Gold').getByRole('button', { name: 'Buy Gold' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/subscription-plan\?payment=\d+$/);
    await expect(page.getByText('Payment received: your package is active.')).toBeVisible();
    await expect(plan(page, 'Gold')).toContainText('Active');
  });
});
