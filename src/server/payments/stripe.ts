import {
  WEBHOOK_TOLERANCE_MS,
  WebhookRefused,
  at,
  callProvider,
  hmac,
  parseJson,
  requireHeader,
  sameSecret,
  textOf,
} from './provider.ts';
import type { Checkout, CheckoutRequest, PaymentOutcome, PaymentProvider, VerifiedEvent } from './provider.ts';

export interface StripeConfig {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
}

/** Event types that settle a payment; the object's id is the Checkout Session or PaymentIntent we stored. */
const OUTCOMES: Record<string, PaymentOutcome | ((object: unknown) => PaymentOutcome | null)> = {
  // Card payments complete with the session; delayed methods report later through the async_payment events.
  'checkout.session.completed': (session) => (at(session, 'payment_status') === 'paid' ? 'succeeded' : null),
  'checkout.session.async_payment_succeeded': 'succeeded',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'canceled',
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

/**
 * Stripe: hosted Checkout for browsers (a redirect, so no JavaScript is needed), a PaymentIntent for apps
 * (create-payment-intent's client secret). Webhooks carry `Stripe-Signature: t=<unix>,v1=<hex>`, an HMAC-SHA256 of
 * `<t>.<raw body>` with the endpoint's secret.
 */
export class StripeProvider implements PaymentProvider {
  readonly id = 'stripe';
  constructor(private readonly config: StripeConfig) {}

  private post(path: string, form: Record<string, string>) {
    return callProvider(new URL(path, this.config.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.config.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const currency = request.currency.toLowerCase();
    const transaction = String(request.transactionId);
    if (request.flow === 'sdk') {
      const intent = await this.post('/v1/payment_intents', {
        amount: String(request.amountMinor),
        currency,
        description: request.description,
        'automatic_payment_methods[enabled]': 'true',
        'metadata[transaction_id]': transaction,
      });
      return { reference: String(intent['id']), redirectUrl: null, clientSecret: String(intent['client_secret']) };
    }
    const session = await this.post('/v1/checkout/sessions', {
      mode: 'payment',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: transaction,
      ...(request.customer.email ? { customer_email: request.customer.email } : {}),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': currency,
      'line_items[0][price_data][unit_amount]': String(request.amountMinor),
      'line_items[0][price_data][product_data][name]': request.description,
      'metadata[transaction_id]': transaction,
    });
    return { reference: String(session['id']), redirectUrl: String(session['url']), clientSecret: null };
  }

  async verifyWebhook(raw: Uint8Array, headers: Headers, now: Date): Promise<VerifiedEvent> {
    const header = requireHeader(headers, 'stripe-signature');
    const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string?]);
    const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
    const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
    if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookRefused('malformed signature');
    if (Math.abs(now.getTime() - timestamp * 1000) > WEBHOOK_TOLERANCE_MS) throw new WebhookRefused('stale');
    const payload = Buffer.concat([Buffer.from(`${timestamp}.`), raw]);
    const expected = hmac('sha256', this.config.webhookSecret, payload);
    if (!signatures.some((s) => sameSecret(s, expected))) throw new WebhookRefused('bad signature');

    const event = parseJson(raw);
    const object = at(event, 'data', 'object');
    const rule = OUTCOMES[String(event['type'])];
    return {
      eventId: String(event['id']),
      reference: textOf(at(object, 'id')),
      outcome: rule === undefined ? null : typeof rule === 'function' ? rule(object) : rule,
    };
  }
}
