import {
  WEBHOOK_TOLERANCE_MS,
  WebhookRefused,
  at,
  callProvider,
  majorUnits,
  parseJson,
  postJson,
  requireHeader,
  textOf,
} from './provider.ts';
import type { Checkout, CheckoutRequest, PaymentOutcome, PaymentProvider, VerifiedEvent } from './provider.ts';

export interface PayPalConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

const TRANSMISSION_HEADERS = [
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

/**
 * PayPal Orders v2: an order with the package's amount, approved by the buyer on PayPal's page and captured by us
 * when they come back. Webhooks are checked by PayPal itself (verify-webhook-signature) against our webhook id;
 * the transmission time is checked here too, so an old delivery is refused without asking.
 */
export class PayPalProvider implements PaymentProvider {
  readonly id = 'paypal';
  constructor(private readonly config: PayPalConfig) {}

  private async accessToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const reply = await callProvider(new URL('/v1/oauth2/token', this.config.baseUrl), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    return String(reply['access_token']);
  }

  private async call(path: string, body: unknown) {
    return postJson(this.config.baseUrl, path, `Bearer ${await this.accessToken()}`, body);
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const order = await this.call('/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: String(request.transactionId),
          custom_id: String(request.transactionId),
          description: request.description,
          amount: { currency_code: request.currency, value: majorUnits(request.amountMinor) },
        },
      ],
      application_context: { return_url: request.successUrl, cancel_url: request.cancelUrl, user_action: 'PAY_NOW' },
    });
    const links = (order['links'] ?? []) as { rel: string; href: string }[];
    const approve = links.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
    return { reference: String(order['id']), redirectUrl: approve?.href ?? null, clientSecret: null };
  }

  async completeReturn(reference: string): Promise<PaymentOutcome | null> {
    const capture = await this.call(`/v2/checkout/orders/${encodeURIComponent(reference)}/capture`, {});
    return capture['status'] === 'COMPLETED' ? 'succeeded' : null;
  }

  async verifyWebhook(raw: Uint8Array, headers: Headers, now: Date): Promise<VerifiedEvent> {
    const sent = Object.fromEntries(TRANSMISSION_HEADERS.map((name) => [name, requireHeader(headers, name)]));
    const time = Date.parse(sent['paypal-transmission-time']!);
    if (Number.isNaN(time) || Math.abs(now.getTime() - time) > WEBHOOK_TOLERANCE_MS) throw new WebhookRefused('stale');
    const event = parseJson(raw);
    const verdict = await this.call('/v1/notifications/verify-webhook-signature', {
      auth_algo: sent['paypal-auth-algo'],
      cert_url: sent['paypal-cert-url'],
      transmission_id: sent['paypal-transmission-id'],
      transmission_sig: sent['paypal-transmission-sig'],
      transmission_time: sent['paypal-transmission-time'],
      webhook_id: this.config.webhookId,
      webhook_event: event,
    }).catch(() => {
      throw new WebhookRefused('PayPal could not verify the signature');
    });
    if (verdict['verification_status'] !== 'SUCCESS') throw new WebhookRefused('bad signature');

    const type = String(event['event_type']);
    const orderOfCapture = at(event, 'resource', 'supplementary_data', 'related_ids', 'order_id');
    const order = at(event, 'resource', 'id');
    const outcome: Record<string, [PaymentOutcome, unknown]> = {
      'PAYMENT.CAPTURE.COMPLETED': ['succeeded', orderOfCapture],
      'PAYMENT.CAPTURE.DENIED': ['failed', orderOfCapture],
      'PAYMENT.CAPTURE.DECLINED': ['failed', orderOfCapture],
      'CHECKOUT.ORDER.VOIDED': ['canceled', order],
    };
    const [result, reference] = outcome[type] ?? [null, order];
    return { eventId: String(event['id']), reference: textOf(reference), outcome: result };
  }
}
