import {
  ProviderError,
  WebhookRefused,
  at,
  callProvider,
  hmac,
  parseJson,
  requireHeader,
  sameSecret,
  textOf,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type VerifiedEvent,
} from './provider.ts';

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
    const reply = await callProvider(new URL('/transaction/initialize', this.config.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: request.customer.email,
        amount: request.amountMinor,
        currency: request.currency,
        reference,
        callback_url: request.successUrl,
        metadata: { transaction_id: request.transactionId, cancel_action: request.cancelUrl },
      }),
    });
    const redirectUrl = textOf(at(reply, 'data', 'authorization_url'));
    if (reply['status'] !== true || !redirectUrl) throw new ProviderError('Paystack did not start the transaction');
    return { reference, redirectUrl, clientSecret: null };
  }

  async verifyWebhook(raw: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    const signature = requireHeader(headers, 'x-paystack-signature');
    if (!sameSecret(signature, hmac('sha512', this.config.secretKey, raw))) throw new WebhookRefused('bad signature');
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
