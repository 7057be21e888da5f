import { ProviderError, at, parseJson, postJson, requireBodyHmac, textOf } from './provider.ts';
import type { Checkout, CheckoutRequest, PaymentOutcome, PaymentProvider, VerifiedEvent } from './provider.ts';

export interface RazorpayConfig {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

const OUTCOMES: Record<string, PaymentOutcome> = {
  'payment_link.paid': 'succeeded',
  'payment_link.cancelled': 'canceled',
  'payment_link.expired': 'canceled',
};

/**
 * Razorpay Payment Links: a hosted page, so no checkout script is needed. Webhooks carry
 * `X-Razorpay-Signature`, an HMAC-SHA256 of the raw body with the webhook secret, and `X-Razorpay-Event-Id`.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly id = 'razorpay';
  constructor(private readonly config: RazorpayConfig) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const basic = Buffer.from(`${this.config.keyId}:${this.config.keySecret}`).toString('base64');
    const link = await postJson(this.config.baseUrl, '/v1/payment_links', `Basic ${basic}`, {
      amount: request.amountMinor,
      currency: request.currency,
      description: request.description,
      reference_id: `pm-${request.transactionId}`,
      customer: { name: request.customer.name, ...(request.customer.email ? { email: request.customer.email } : {}) },
      callback_url: request.successUrl,
      callback_method: 'get',
      notes: { transaction_id: String(request.transactionId) },
    });
    const reference = textOf(link['id']);
    const redirectUrl = textOf(link['short_url']);
    if (!reference || !redirectUrl) throw new ProviderError('Razorpay did not create a payment link');
    return { reference, redirectUrl, clientSecret: null };
  }

  async verifyWebhook(raw: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    requireBodyHmac(headers, 'x-razorpay-signature', 'sha256', this.config.webhookSecret, raw);
    const event = parseJson(raw);
    const reference = textOf(at(event, 'payload', 'payment_link', 'entity', 'id'));
    const type = String(event['event']);
    return {
      eventId: headers.get('x-razorpay-event-id') ?? `${type}:${String(reference)}`,
      reference,
      outcome: OUTCOMES[type] ?? null,
    };
  }
}
