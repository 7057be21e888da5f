import { ProviderError, at, parseJson, postJson, requireBodyHmac, textOf } from './provider.ts';
import type { Checkout, CheckoutRequest, PaymentProvider, VerifiedEvent } from './provider.ts';

export interface PaystackConfig {
  baseUrl: string;
  secretKey: string;
}

/**
 * Paystack: an initialized transaction with our own reference, paid on Paystack's page. Webhooks carry
 * `x-paystack-signature`, an HMAC-SHA512 of the raw body with the secret key (no timestamp: a replay is caught by
 * the event store instead).
 */
export class PaystackProvider implements PaymentProvider {
  readonly id = 'paystack';
  constructor(private readonly config: PaystackConfig) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (!request.customer.email) throw new ProviderError('Paystack needs the buyer e-mail');
    const reference = `pm-${request.transactionId}`;
    const reply = await postJson(this.config.baseUrl, '/transaction/initialize', `Bearer ${this.config.secretKey}`, {
      email: request.customer.email,
      amount: request.amountMinor,
      currency: request.currency,
      reference,
      callback_url: request.successUrl,
      metadata: { transaction_id: request.transactionId, cancel_action: request.cancelUrl },
    });
    const redirectUrl = textOf(at(reply, 'data', 'authorization_url'));
    if (reply['status'] !== true || !redirectUrl) throw new ProviderError('Paystack did not start the transaction');
    return { reference, redirectUrl, clientSecret: null };
  }

  async verifyWebhook(raw: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    requireBodyHmac(headers, 'x-paystack-signature', 'sha512', this.config.secretKey, raw);
    const event = parseJson(raw);
    const type = String(event['event']);
    const reference = textOf(at(event, 'data', 'reference'));
    return {
      // Paystack events have no id of their own; the event and the charge's id name one delivery.
      eventId: `${type}:${String(at(event, 'data', 'id') ?? reference)}`,
      reference,
      outcome: type === 'charge.success' ? 'succeeded' : null,
    };
  }
}
