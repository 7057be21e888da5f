import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { ownPaymentStatus, settleReturn } from '../../src/server/services/payment-service.ts';
import { adminToken, auditRows, setSetting, userWithPassword } from '../support/admin.ts';
import { grantPackage } from '../support/packages.ts';
import { FakePaymentProviders, type SignedDelivery } from '../support/payment-fakes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const KEYS = {
  stripe_secret_key: 'sk_test_fake',
  stripe_webhook_secret: 'whsec_fake',
  stripe_publishable_key: 'pk_test_public',
  paypal_client_id: 'paypal-client',
  paypal_client_secret: 'paypal-secret',
  paypal_webhook_id: 'WH-ID-1',
  paystack_secret_key: 'sk_paystack_fake',
  paystack_public_key: 'pk_paystack_public',
  flutterwave_secret_key: 'FLWSECK-fake',
  flutterwave_webhook_hash: 'flw-hash-fake',
  razorpay_key_id: 'rzp_test_key',
  razorpay_key_secret: 'rzp-secret',
  razorpay_webhook_secret: 'rzp-webhook-secret',
};
const ALL_ON = { stripe: true, paypal: true, paystack: true, flutterwave: true, razorpay: true, bank_transfer: true };

let app: TestApp;
let fake: FakePaymentProviders;
let paidPackageId: number;
let freePackageId: number;

beforeAll(async () => {
  fake = await new FakePaymentProviders({
    stripe: { secretKey: KEYS.stripe_secret_key, webhookSecret: KEYS.stripe_webhook_secret },
    paypal: {
      clientId: KEYS.paypal_client_id,
      clientSecret: KEYS.paypal_client_secret,
      webhookId: KEYS.paypal_webhook_id,
    },
  }).start();
  app = await createTestApp({ paymentApis: allFake() });
  for (const [key, value] of Object.entries(KEYS)) await setSetting(app.database.db, key, value);
  const { package: pkg } = await grantPackage(app.database.db, [], { property_list: 5 }, { priceMinor: 4900 });
  paidPackageId = pkg.id;
  const [free] = await app.database.db.select().from(s.packages).where(eq(s.packages.priceMinor, 0));
  freePackageId = free!.id;
});
afterAll(() => fake.stop());
beforeEach(async () => {
  fake.failWith = null;
  await setSetting(app.database.db, 'payment_methods', ALL_ON);
});

const buyer = () => userWithPassword(app.database.db);
const stripeCheckout = (token: string, body: Record<string, unknown> = { package_id: paidPackageId }) =>
  app.call('POST', '/api/create-payment-intent', { token, body });
const deliver = (provider: string, delivery: SignedDelivery, headers: Record<string, string> = delivery.headers) =>
  app.call('POST', `/api/webhooks/${provider}`, {
    raw: delivery.raw,
    headers: { 'content-type': 'application/json', ...headers },
  });
/** The same bytes with one character changed, as an attacker (or a broken proxy) would send them. */
const tampered = (delivery: SignedDelivery): SignedDelivery => ({
  ...delivery,
  raw: delivery.raw.replace(/"(pm-\d+|cs_test_\w+|ORDER_\w+|plink_\w+)"/, (m) => m.replace(/.$/, 'X"')),
});

async function transaction(id: number) {
  const [row] = await app.database.db.select().from(s.paymentTransactions).where(eq(s.paymentTransactions.id, id));
  return row!;
}
async function subscriptions(userId: number) {
  return app.database.db
    .select()
    .from(s.userPackages)
    .where(and(eq(s.userPackages.userId, userId), eq(s.userPackages.packageId, paidPackageId)));
}
async function notifications(userId: number) {
  return app.database.db.select().from(s.notifications).where(eq(s.notifications.userId, userId));
}
const paidSession = (reference: string) => ({ id: reference, object: 'checkout.session', payment_status: 'paid' });

describe('get_payment_settings', () => {
  it('lists the methods on offer with public keys only, never a secret', async () => {
    const res = await app.call('GET', '/api/get_payment_settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      enabled_methods: ['stripe', 'paypal', 'paystack', 'flutterwave', 'razorpay', 'bank_transfer'],
      stripe_publishable_key: 'pk_test_public',
      paypal_client_id: 'paypal-client',
      razorpay_key_id: 'rzp_test_key',
      currency_code: 'USD',
    });
    const text = JSON.stringify(res.body);
    for (const secret of ['sk_test_fake', 'whsec_fake', 'paypal-secret', 'sk_paystack_fake', 'flw-hash-fake'])
      expect(text).not.toContain(secret);
    expect(JSON.stringify((await app.call('GET', '/api/web-settings')).body)).not.toContain('sk_test_fake');
  });

  it('offers a method only when it is switched on and its keys are stored', async () => {
    await setSetting(app.database.db, 'payment_methods', { ...ALL_ON, paypal: false, razorpay: false });
    await setSetting(app.database.db, 'stripe_webhook_secret', '');
    try {
      const res = await app.call('GET', '/api/get_payment_settings');
      expect(res.body.data.enabled_methods).toEqual(['paystack', 'flutterwave', 'bank_transfer']);
      expect(res.body.data.payment_methods.stripe).toBe(false);
    } finally {
      await setSetting(app.database.db, 'stripe_webhook_secret', KEYS.stripe_webhook_secret);
    }
  });
});

describe('create-payment-intent (Stripe)', () => {
  it('needs a signed-in caller and a valid package', async () => {
    expect((await app.call('POST', '/api/create-payment-intent', { body: { package_id: paidPackageId } })).status).toBe(
      401,
    );
    const { token } = await buyer();
    const bad = await stripeCheckout(token, { package_id: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.package_id).toEqual(['This value is not valid.']);
    expect((await stripeCheckout(token, { package_id: 999_999 })).status).toBe(404);
    expect((await stripeCheckout(token, { package_id: freePackageId })).status).toBe(409);
  });

  it('charges the package price from the server whatever the client sends, and opens a hosted checkout', async () => {
    const { user, token } = await buyer();
    const res = await stripeCheckout(token, { package_id: paidPackageId, amount: 1, price: 0.01 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ provider: 'stripe', amount: 49, currency: 'USD', client_secret: null });
    expect(res.body.data.redirect_url).toMatch(new RegExp(`^${fake.url}/stripe/checkout/cs_test_`));
    const sent = new URLSearchParams(fake.last('/v1/checkout/sessions')!.body);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.get('success_url')).toContain(
      `/subscription-plan/return?transaction=${res.body.data.payment_transaction_id}`,
    );
    const row = await transaction(res.body.data.payment_transaction_id);
    expect(row).toMatchObject({ userId: user.id, amountMinor: 4900, status: 'pending', provider: 'stripe' });
    expect(row.providerReference).toBe(res.body.data.reference);
  });

  it('gives apps a PaymentIntent client secret', async () => {
    const { token } = await buyer();
    const res = await stripeCheckout(token, { package_id: paidPackageId, platform_type: 'app' });
    expect(res.status).toBe(200);
    expect(res.body.data.reference).toMatch(/^pi_test_/);
    expect(res.body.data.client_secret).toBe(`${res.body.data.reference}_secret`);
    expect(new URLSearchParams(fake.last('/v1/payment_intents')!.body).get('amount')).toBe('4900');
  });

  it('says "No payment method is enabled" when the admin disabled payments', async () => {
    await setSetting(app.database.db, 'payment_methods', { ...ALL_ON, ...{ stripe: false, paypal: false } });
    const { token } = await buyer();
    const one = await stripeCheckout(token);
    expect(one.status).toBe(403);
    expect(one.body.message).toBe('This payment method is not available. Choose another one.');
    await setSetting(
      app.database.db,
      'payment_methods',
      Object.fromEntries(Object.keys(ALL_ON).map((k) => [k, false])),
    );
    const none = await stripeCheckout(token);
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('No payment method is enabled');
    expect((await app.call('GET', '/api/get_payment_settings')).body.data.enabled_methods).toEqual([]);
  });

  it('marks the payment failed and answers 502 when Stripe cannot be reached', async () => {
    const { user, token } = await buyer();
    fake.failWith = 503;
    const res = await stripeCheckout(token);
    expect(res.status).toBe(502);
    expect(res.body.data.code).toBe('payment_provider_error');
    const details = await app.call('GET', '/api/get_payment_details', { token });
    expect(details.body.data.items[0]).toMatchObject({ status: 'failed', failure_reason: 'provider_error' });
    expect(await subscriptions(user.id)).toHaveLength(0);
  });
});

describe('Stripe webhooks', () => {
  async function started() {
    const who = await buyer();
    const res = await stripeCheckout(who.token);
    return { ...who, id: res.body.data.payment_transaction_id as number, reference: res.body.data.reference as string };
  }

  it('a signed checkout.session.completed grants the package once and tells the buyer', async () => {
    const { user, token, id, reference } = await started();
    const res = await deliver('stripe', fake.stripeEvent('checkout.session.completed', paidSession(reference)));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: true, duplicate: false });
    expect((await transaction(id)).status).toBe('succeeded');
    const [held] = await subscriptions(user.id);
    expect(held!.endsAt.getTime() - held!.startsAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const [note] = await notifications(user.id);
    expect(note).toMatchObject({ type: 'package_bought', title: 'payment.notification_title' });
    const check = await app.call('GET', '/api/check-package-limit?type=property_list', { token });
    expect(check.body.data.limit_available).toBe(true);
  });

  it('refuses a changed byte, a stale timestamp, a wrong secret and a missing header, changing nothing', async () => {
    const { user, id, reference } = await started();
    const good = fake.stripeEvent('checkout.session.completed', paidSession(reference));
    const attempts = [
      deliver('stripe', { ...good, raw: good.raw.replace('"paid"', '"paiD"') }),
      deliver(
        'stripe',
        fake.stripeEvent('checkout.session.completed', paidSession(reference), {
          at: new Date(Date.now() - 6 * 60 * 1000),
        }),
      ),
      deliver('stripe', fake.stripeEvent('checkout.session.completed', paidSession(reference), { secret: 'whsec_x' })),
      deliver('stripe', good, {}),
      deliver('stripe', good, { 'stripe-signature': 'nonsense' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.data.code).toBe('webhook_refused');
    }
    expect((await transaction(id)).status).toBe('pending');
    expect(await subscriptions(user.id)).toHaveLength(0);
    expect(await app.database.db.select().from(s.paymentWebhookEvents)).not.toContainEqual(
      expect.objectContaining({ transactionId: id }),
    );
    // The untouched delivery still works afterwards.
    expect((await deliver('stripe', good)).status).toBe(200);
    expect(await subscriptions(user.id)).toHaveLength(1);
  });

  it('the same event delivered 10 times at once grants the package once', async () => {
    const { user, id, reference } = await started();
    const event = fake.stripeEvent('checkout.session.completed', paidSession(reference));
    const replies = await Promise.all(Array.from({ length: 10 }, () => deliver('stripe', event)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.body.data.duplicate === false)).toHaveLength(1);
    expect(await subscriptions(user.id)).toHaveLength(1);
    expect((await notifications(user.id)).filter((n) => n.type === 'package_bought')).toHaveLength(1);
    expect((await transaction(id)).status).toBe('succeeded');
    // Different events for the same payment (Stripe sends several) still grant once.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        deliver('stripe', fake.stripeEvent('checkout.session.completed', paidSession(reference))),
      ),
    );
    expect(await subscriptions(user.id)).toHaveLength(1);
  });

  it('maps expired sessions to canceled, ignores unknown events, and lets success win over a reported failure', async () => {
    const first = await started();
    await deliver('stripe', fake.stripeEvent('checkout.session.expired', { id: first.reference }));
    expect((await transaction(first.id)).status).toBe('canceled');

    const unknown = await deliver('stripe', fake.stripeEvent('customer.created', { id: 'cus_1' }));
    expect(unknown.status).toBe(200);

    const second = await started();
    const fail = await app.call('POST', '/api/payment-transaction-fail', {
      token: second.token,
      body: { payment_transaction_id: second.id },
    });
    expect(fail.body).toMatchObject({ message: 'Payment failed', data: { status: 'failed' } });
    await deliver('stripe', fake.stripeEvent('checkout.session.completed', paidSession(second.reference)));
    expect((await transaction(second.id)).status).toBe('succeeded');
    expect(await subscriptions(second.user.id)).toHaveLength(1);
  });
});

describe("the plan page's payment message (ownPaymentStatus)", () => {
  it("reads the stored state of the visitor's own payment only", async () => {
    const owner = await buyer();
    const other = await buyer();
    const started = await stripeCheckout(owner.token);
    const id = started.body.data.payment_transaction_id as number;
    const actor = (who: Awaited<ReturnType<typeof buyer>>) => ({
      id: who.user.id,
      sessionId: 0,
      name: who.user.name,
      email: who.user.email,
      role: who.user.type,
    });
    const status = (who: Parameters<typeof ownPaymentStatus>[1], paymentId = id) =>
      ownPaymentStatus(app.database.db, who, paymentId);

    expect(await status(actor(owner))).toBe('pending');
    await deliver(
      'stripe',
      fake.stripeEvent('checkout.session.completed', paidSession(started.body.data.reference as string)),
    );
    expect(await status(actor(owner))).toBe('succeeded');
    // Another account, an admin, a visitor and an id that names nothing learn nothing.
    expect(await status(actor(other))).toBeNull();
    const [admin] = await app.database.db.select().from(s.users).where(eq(s.users.type, 'admin'));
    expect(
      await status({ id: admin!.id, sessionId: 0, name: admin!.name, email: admin!.email, role: 'admin' }),
    ).toBeNull();
    expect(await status(null)).toBeNull();
    expect(await status(actor(owner), id + 100_000)).toBeNull();

    // The other account's own canceled payment is theirs to read, and not the first buyer's.
    const canceled = (await stripeCheckout(other.token)).body.data.payment_transaction_id as number;
    await app.call('POST', '/api/payment-transaction-fail', {
      token: other.token,
      body: { payment_transaction_id: canceled, status: 'canceled' },
    });
    expect(await status(actor(other), canceled)).toBe('canceled');
    expect(await status(actor(owner), canceled)).toBeNull();
  });
});

describe('payment-transaction-fail', () => {
  it("changes only the caller's own pending payment", async () => {
    const owner = await buyer();
    const other = await buyer();
    const id = (await stripeCheckout(owner.token)).body.data.payment_transaction_id;
    const body = { payment_transaction_id: id, status: 'canceled' };
    expect((await app.call('POST', '/api/payment-transaction-fail', { body })).status).toBe(401);
    expect((await app.call('POST', '/api/payment-transaction-fail', { token: other.token, body })).status).toBe(404);
    const bad = await app.call('POST', '/api/payment-transaction-fail', {
      token: owner.token,
      body: { payment_transaction_id: id, status: 'paid' },
    });
    expect(bad.status).toBe(422);
    const res = await app.call('POST', '/api/payment-transaction-fail', { token: owner.token, body });
    expect(res.body).toMatchObject({ message: 'Payment canceled', data: { status: 'canceled' } });
    expect((await app.call('POST', '/api/payment-transaction-fail', { token: owner.token, body })).status).toBe(409);
  });
});

describe('get_payment_details', () => {
  it("lists the caller's payments only, newest first, paged", async () => {
    const { token } = await buyer();
    const other = await buyer();
    await stripeCheckout(other.token);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await stripeCheckout(token)).body.data.payment_transaction_id);
    expect((await app.call('GET', '/api/get_payment_details')).status).toBe(401);
    const res = await app.call('GET', '/api/get_payment_details?offset=1&limit=1', { token });
    expect(res.body.data).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0]).toMatchObject({
      id: ids[1],
      package_id: paidPackageId,
      amount: 49,
      amount_label: 'USD 49.00',
      provider: 'stripe',
      status: 'pending',
    });
  });
});

describe('PayPal', () => {
  it("creates an order for the package's price (the spec's amount is ignored) and captures it on return", async () => {
    const { user, token } = await buyer();
    const res = await app.call('GET', `/api/paypal?package_id=${paidPackageId}&amount=0.01`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.redirect_url).toMatch(/\/paypal\/approve\/ORDER_/);
    const order = JSON.parse(fake.last('/v2/checkout/orders')!.body);
    expect(order.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '49.00' });
    const actor = { id: user.id, sessionId: 0, name: user.name, email: user.email, role: user.type };
    const settled = await settleReturn(
      { db: app.database.db, paymentApis: allFake() },
      actor,
      {
        transactionId: res.body.data.payment_transaction_id,
        canceled: false,
      },
      'en',
    );
    expect(settled.status).toBe('succeeded');
    expect(await subscriptions(user.id)).toHaveLength(1);
  });

  it('verifies webhooks with PayPal: good, changed byte, stale and missing header', async () => {
    const { user, token } = await buyer();
    const started = await app.call('GET', `/api/paypal?package_id=${paidPackageId}`, { token });
    const reference = started.body.data.reference as string;
    const resource = { id: 'CAPTURE-1', supplementary_data: { related_ids: { order_id: reference } } };
    const good = fake.paypalEvent('PAYMENT.CAPTURE.COMPLETED', resource);
    const { ['paypal-transmission-sig']: _sig, ...unsigned } = good.headers;
    const refused = await Promise.all([
      deliver('paypal', tampered(good)),
      deliver(
        'paypal',
        fake.paypalEvent('PAYMENT.CAPTURE.COMPLETED', resource, { at: new Date(Date.now() - 600_000) }),
      ),
      deliver('paypal', good, unsigned),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await subscriptions(user.id)).toHaveLength(0);
    expect((await deliver('paypal', good)).status).toBe(200);
    expect(await subscriptions(user.id)).toHaveLength(1);
  });
});

describe('Paystack', () => {
  it('initialises with our reference and the server price; verifies x-paystack-signature', async () => {
    const { user, token } = await buyer();
    const res = await app.call('POST', '/api/paystack', { token, body: { package_id: paidPackageId, amount: 1 } });
    expect(res.status).toBe(200);
    const reference = res.body.data.reference as string;
    expect(reference).toBe(`pm-${res.body.data.payment_transaction_id}`);
    expect(JSON.parse(fake.last('/transaction/initialize')!.body)).toMatchObject({ amount: 4900, currency: 'USD' });
    const good = fake.paystackEvent(KEYS.paystack_secret_key, 'charge.success', { id: 77, reference });
    const refused = await Promise.all([
      deliver('paystack', tampered(good)),
      deliver('paystack', good, {}),
      deliver('paystack', fake.paystackEvent('wrong-key', 'charge.success', { id: 77, reference })),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await subscriptions(user.id)).toHaveLength(0);
    expect((await deliver('paystack', good)).status).toBe(200);
    // No timestamp in Paystack's signature: a replay is caught by the event store.
    expect((await deliver('paystack', good)).body.data.duplicate).toBe(true);
    expect(await subscriptions(user.id)).toHaveLength(1);
  });
});

describe('Flutterwave', () => {
  it('checks verif-hash and takes the outcome from its verify call, not from the body', async () => {
    const { user, token } = await buyer();
    const res = await app.call('POST', '/api/flutterwave', { token, body: { package_id: paidPackageId } });
    expect(res.status).toBe(200);
    const reference = res.body.data.reference as string;
    expect(JSON.parse(fake.last('/v3/payments')!.body)).toMatchObject({ amount: '49.00', tx_ref: reference });

    fake.flutterwaveCharges.set(501, { tx_ref: reference, status: 'failed', amount: 49, currency: 'USD' });
    // The body claims success; Flutterwave says the charge failed.
    const lying = fake.flutterwaveEvent(KEYS.flutterwave_webhook_hash, 501, {
      status: 'successful',
      tx_ref: reference,
    });
    expect((await deliver('flutterwave', lying)).status).toBe(200);
    expect(await subscriptions(user.id)).toHaveLength(0);
    expect((await transaction(res.body.data.payment_transaction_id)).status).toBe('failed');

    fake.flutterwaveCharges.set(502, { tx_ref: reference, status: 'successful', amount: 49, currency: 'USD' });
    const good = fake.flutterwaveEvent(KEYS.flutterwave_webhook_hash, 502);
    const refused = await Promise.all([
      deliver('flutterwave', good, {}),
      deliver('flutterwave', fake.flutterwaveEvent('wrong-hash', 502)),
      deliver('flutterwave', { ...good, raw: good.raw.replace('502', '503') }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await subscriptions(user.id)).toHaveLength(0);
    expect((await deliver('flutterwave', good)).status).toBe(200);
    expect(await subscriptions(user.id)).toHaveLength(1);
  });
});

describe('Razorpay', () => {
  it('creates a payment link for the server price; verifies X-Razorpay-Signature', async () => {
    const { user, token } = await buyer();
    const res = await app.call('POST', '/api/razorpay', { token, body: { package_id: paidPackageId } });
    expect(res.status).toBe(200);
    const sent = fake.last('/v1/payment_links')!;
    expect(JSON.parse(sent.body)).toMatchObject({ amount: 4900, currency: 'USD' });
    expect(sent.headers['authorization']).toBe(`Basic ${Buffer.from('rzp_test_key:rzp-secret').toString('base64')}`);
    const good = fake.razorpayEvent(KEYS.razorpay_webhook_secret, 'payment_link.paid', res.body.data.reference);
    const refused = await Promise.all([
      deliver('razorpay', tampered(good)),
      deliver('razorpay', good, {}),
      deliver('razorpay', fake.razorpayEvent('nope', 'payment_link.paid', res.body.data.reference)),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await subscriptions(user.id)).toHaveLength(0);
    expect((await deliver('razorpay', good)).status).toBe(200);
    expect(await subscriptions(user.id)).toHaveLength(1);
  });
});

describe('bank transfer', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
  async function upload(token: string, file: Blob, name = 'receipt.png') {
    const form = new FormData();
    form.set('package_id', String(paidPackageId));
    form.set('receipt', file, name);
    return app.call('POST', '/api/bank-transfer', { token, body: form });
  }

  it('takes a PDF, JPEG or PNG receipt (checked by content) and waits for review', async () => {
    const { token } = await buyer();
    const fakePng = await upload(token, new Blob(['not really an image'], { type: 'image/png' }));
    expect(fakePng.status).toBe(422);
    expect(fakePng.body.data.fields.receipt).toBeDefined();
    const missing = new FormData();
    missing.set('package_id', String(paidPackageId));
    expect((await app.call('POST', '/api/bank-transfer', { token, body: missing })).status).toBe(422);

    const res = await upload(token, new Blob([new Uint8Array(await png())], { type: 'image/png' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'review', provider: 'bank_transfer', amount: 49 });
    const row = await transaction(res.body.data.id);
    expect(row.receipt!.key.startsWith('private/payments/')).toBe(true);
    const pdfReceipt = () => new Blob(['%PDF-1.4\n%fake\n'], { type: 'application/pdf' });
    // A second transfer for the same package while the first waits is refused: it would be a second payment.
    const twice = await upload(token, pdfReceipt(), 'r.pdf');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      'Your transfer for this package is already waiting for review; you will be notified when it is checked.',
    );
    const mine = await app.database.db
      .select()
      .from(s.paymentTransactions)
      .where(eq(s.paymentTransactions.userId, row.userId));
    expect(mine).toHaveLength(1);
    const pdf = await upload((await buyer()).token, pdfReceipt(), 'r.pdf');
    expect(pdf.body.data.status).toBe('review');
  });

  it('an admin approves (package granted, audited) or rejects with a reason; others cannot', async () => {
    const { user, token } = await buyer();
    const other = await buyer();
    const admin = await adminToken(app);
    const sent = await upload(token, new Blob([new Uint8Array(await png())], { type: 'image/png' }));
    const id = sent.body.data.id as number;

    const receipt = `/api/payment-receipt?payment_transaction_id=${id}`;
    expect((await app.call('GET', receipt, { token })).headers.get('content-type')).toBe('image/png');
    expect((await app.call('GET', receipt, { token: other.token })).status).toBe(404);
    expect((await app.call('GET', receipt, { token: admin })).status).toBe(200);
    // A malformed id is not valid (not "required"); a missing one is required.
    const malformed = await app.call('GET', '/api/payment-receipt?payment_transaction_id=abc', { token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.data.fields).toEqual({ payment_transaction_id: ['This value is not valid.'] });
    const missing = await app.call('GET', '/api/payment-receipt', { token });
    expect(missing.body.data.fields).toEqual({ payment_transaction_id: ['This field is required.'] });

    expect((await app.call('POST', `/api/admin/payments/${id}/approve`, { token })).status).toBe(403);
    const queue = await app.call('GET', '/api/admin/payments', { token: admin });
    expect(queue.body.data.items.map((i: { id: number }) => i.id)).toContain(id);
    const approved = await app.call('POST', `/api/admin/payments/${id}/approve`, { token: admin });
    expect(approved.body.data.status).toBe('succeeded');
    expect(await subscriptions(user.id)).toHaveLength(1);
    expect((await auditRows(app.database.db, 'payment_transaction', id))[0]).toMatchObject({
      action: 'payment.approve',
    });
    expect((await app.call('POST', `/api/admin/payments/${id}/approve`, { token: admin })).status).toBe(409);

    const second = await buyer();
    const again = await upload(second.token, new Blob([new Uint8Array(await png())], { type: 'image/png' }));
    const noReason = await app.call('POST', `/api/admin/payments/${again.body.data.id}/reject`, {
      token: admin,
      body: {},
    });
    expect(noReason.status).toBe(422);
    const rejected = await app.call('POST', `/api/admin/payments/${again.body.data.id}/reject`, {
      token: admin,
      body: { reason: 'No such transfer arrived' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'failed', failure_reason: 'No such transfer arrived' });
    expect(await subscriptions(second.user.id)).toHaveLength(0);
    expect((await notifications(second.user.id))[0]).toMatchObject({ type: 'payment_rejected' });
  });
});

function allFake() {
  const base = fake.url;
  return { stripe: base, paypal: base, paystack: base, flutterwave: base, razorpay: base };
}
