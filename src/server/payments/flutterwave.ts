import {
  ProviderError,
  WebhookRefused,
  at,
  callProvider,
  majorUnits,
  parseJson,
  postJson,
  requireHeader,
  sameSecret,
  textOf,
} from './provider.ts';
import type { Checkout, CheckoutRequest, PaymentProvider, VerifiedEvent } from './provider.ts';

export interface FlutterwaveConfig {
  baseUrl: string;
  secretKey: string;
  /** The "secret hash" set on the dashboard; Flutterwave sends it back as `verif-hash`. */
  webhookHash: string;
}

/**
 * Flutterwave Standard: a payment link for our tx_ref. Its webhook proves only that it knows the shared hash
 * (`verif-hash`), not what the body says, so the outcome is read from Flutterwave's verify call for the
 * transaction rather than from the body.
 */
export class FlutterwaveProvider implements PaymentProvider {
  readonly id = 'flutterwave';
  constructor(private readonly config: FlutterwaveConfig) {}

  private get authorization() {
    return `Bearer ${this.config.secretKey}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const reference = `pm-${request.transactionId}`;
    const reply = await postJson(this.config.baseUrl, '/v3/payments', this.authorization, {
      tx_ref: reference,
      amount: majorUnits(request.amountMinor),
      currency: request.currency,
      // Flutterwave sends the buyer back here either way, with status=cancelled when they gave up.
      redirect_url: request.successUrl,
      customer: { email: request.customer.email ?? '', name: request.customer.name },
      customizations: { title: request.description },
      meta: { transaction_id: request.transactionId },
    });
    const link = textOf(at(reply, 'data', 'link'));
    if (reply['status'] !== 'success' || !link) throw new ProviderError('Flutterwave did not create a payment link');
    return { reference, redirectUrl: link, clientSecret: null };
  }

  async verifyWebhook(raw: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    if (!sameSecret(requireHeader(headers, 'verif-hash'), this.config.webhookHash))
      throw new WebhookRefused('bad hash');
    const event = parseJson(raw);
    const id = Number(at(event, 'data', 'id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw new WebhookRefused('no transaction id');
    const verified = await callProvider(new URL(`/v3/transactions/${id}/verify`, this.config.baseUrl), {
      headers: { authorization: this.authorization, 'content-type': 'application/json' },
    }).catch(() => {
      throw new WebhookRefused('Flutterwave could not confirm the transaction');
    });
    const status = String(at(verified, 'data', 'status'));
    return {
      eventId: `${String(event['event'])}:${id}:${status}`,
      reference: textOf(at(verified, 'data', 'tx_ref')),
      outcome: status === 'successful' ? 'succeeded' : status === 'failed' ? 'failed' : null,
    };
  }
}
