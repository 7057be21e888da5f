import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Local stand-ins for the payment providers' APIs, over real HTTP, for the API tests and the end-to-end test
 * (plain Node, no test-runner imports). One server answers every provider's paths, as each adapter is pointed
 * at it through its own base URL. It keeps what it was asked (`requests`) so tests can check what was charged,
 * and signs webhooks the way each provider does.
 */

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SignedDelivery {
  raw: string;
  headers: Record<string, string>;
}

interface StripeSession {
  id: string;
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  transactionId: string;
}

export interface FakeOptions {
  port?: number;
  /** Keys the fake expects, as the admin would copy them from each provider's dashboard. */
  stripe?: { secretKey: string; webhookSecret: string; webhookUrl?: string };
  paypal?: { clientId: string; clientSecret: string; webhookId: string };
}

const hmacHex = (algorithm: 'sha256' | 'sha512', key: string, data: string) =>
  createHmac(algorithm, key).update(data).digest('hex');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakePaymentProviders {
  readonly requests: FakeRequest[] = [];
  private server: http.Server | null = null;
  private counter = 0;
  private readonly stripeSessions = new Map<string, StripeSession>();
  private readonly paypalTransmissions = new Map<string, { sig: string; event: string }>();
  /** Flutterwave's own record of each charge, as its verify call reports it. */
  readonly flutterwaveCharges = new Map<number, { tx_ref: string; status: string; amount: number; currency: string }>();
  /** Answers every provider call with this status instead (a provider that is down or refuses our keys). */
  failWith: number | null = null;

  constructor(private readonly options: FakeOptions = {}) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('fake payment providers are not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        this.handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body }, res).catch(
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(error));
          },
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The last request to a path (`/v1/checkout/sessions`), for checking what the server asked for. */
  last(path: string): FakeRequest | undefined {
    return this.requests.filter((r) => r.path.split('?')[0] === path).at(-1);
  }

  private next(prefix: string) {
    return `${prefix}_${++this.counter}${Math.random().toString(36).slice(2, 8)}`;
  }

  // --- Stripe -------------------------------------------------------------------------------------------

  /** A Stripe event for `object`, signed as Stripe signs: `t=<unix>,v1=HMAC-SHA256(secret, "<t>.<raw>")`. */
  stripeEvent(type: string, object: Record<string, unknown>, options: { at?: Date; secret?: string } = {}) {
    const raw = JSON.stringify({ id: this.next('evt'), object: 'event', type, data: { object } });
    return this.signStripe(raw, options);
  }

  signStripe(raw: string, options: { at?: Date; secret?: string } = {}): SignedDelivery {
    const t = Math.floor((options.at ?? new Date()).getTime() / 1000);
    const secret = options.secret ?? this.options.stripe!.webhookSecret;
    return { raw, headers: { 'stripe-signature': `t=${t},v1=${hmacHex('sha256', secret, `${t}.${raw}`)}` } };
  }

  private async stripe(req: FakeRequest, res: http.ServerResponse, path: string): Promise<boolean> {
    const form = new URLSearchParams(req.body);
    if (path === '/v1/checkout/sessions' && req.method === 'POST') {
      if (!this.authorized(req, `Bearer ${this.options.stripe?.secretKey}`)) return (json(res, 401, {}), true);
      const session: StripeSession = {
        id: this.next('cs_test'),
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        successUrl: form.get('success_url') ?? '',
        cancelUrl: form.get('cancel_url') ?? '',
        transactionId: form.get('metadata[transaction_id]') ?? '',
      };
      this.stripeSessions.set(session.id, session);
      json(res, 200, { id: session.id, object: 'checkout.session', url: `${this.url}/stripe/checkout/${session.id}` });
      return true;
    }
    if (path === '/v1/payment_intents' && req.method === 'POST') {
      if (!this.authorized(req, `Bearer ${this.options.stripe?.secretKey}`)) return (json(res, 401, {}), true);
      const id = this.next('pi_test');
      json(res, 200, {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        client_secret: `${id}_secret`,
      });
      return true;
    }
    const page = /^\/stripe\/checkout\/([\w]+)(\/pay)?$/.exec(path);
    const session = page ? this.stripeSessions.get(page[1]!) : undefined;
    if (!page || !session) return false;
    if (!page[2]) {
      // The hosted page: what a buyer sees at Stripe. Paying posts back here; cancelling follows cancel_url.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main>
<h1>Fake Stripe Checkout</h1>
<p>Amount due: <strong data-testid="amount">${(session.amount / 100).toFixed(2)} ${escapeHtml(session.currency.toUpperCase())}</strong></p>
<form method="post" action="/stripe/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and return</a></p></main></body></html>`);
      return true;
    }
    // Paying: Stripe tells the site through a signed webhook, then sends the buyer back.
    const webhookUrl = this.options.stripe?.webhookUrl;
    if (webhookUrl) {
      const delivery = this.stripeEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: session.amount,
        metadata: { transaction_id: session.transactionId },
      });
      await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...delivery.headers },
        body: delivery.raw,
      });
    }
    res.writeHead(303, { location: session.successUrl });
    res.end();
    return true;
  }

  // --- PayPal -------------------------------------------------------------------------------------------

  /** A PayPal webhook delivery; the fake remembers its signature so verify-webhook-signature can check it. */
  paypalEvent(eventType: string, resource: Record<string, unknown>, options: { at?: Date } = {}): SignedDelivery {
    const raw = JSON.stringify({ id: this.next('WH'), event_type: eventType, resource_type: 'capture', resource });
    const transmissionId = this.next('tx');
    const time = (options.at ?? new Date()).toISOString();
    const sig = hmacHex('sha256', this.options.paypal!.clientSecret, `${transmissionId}|${time}|${raw}`);
    this.paypalTransmissions.set(transmissionId, { sig, event: raw });
    return {
      raw,
      headers: {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sig,
        'paypal-cert-url': `${this.url}/paypal/cert.pem`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  private async paypal(req: FakeRequest, res: http.ServerResponse, path: string): Promise<boolean> {
    const config = this.options.paypal;
    const basic = `Basic ${Buffer.from(`${config?.clientId}:${config?.clientSecret}`).toString('base64')}`;
    if (path === '/v1/oauth2/token' && req.method === 'POST') {
      if (!this.authorized(req, basic)) return (json(res, 401, { error: 'invalid_client' }), true);
      json(res, 200, { access_token: 'paypal-fake-token', token_type: 'Bearer', expires_in: 32400 });
      return true;
    }
    if (!path.startsWith('/v2/checkout/orders') && path !== '/v1/notifications/verify-webhook-signature') return false;
    if (!this.authorized(req, 'Bearer paypal-fake-token')) return (json(res, 401, {}), true);
    const body = JSON.parse(req.body || '{}') as Record<string, any>;
    if (path === '/v2/checkout/orders') {
      const id = this.next('ORDER').toUpperCase();
      json(res, 201, {
        id,
        status: 'CREATED',
        links: [{ rel: 'approve', href: `${this.url}/paypal/approve/${id}`, method: 'GET' }],
      });
      return true;
    }
    const capture = /^\/v2\/checkout\/orders\/([\w-]+)\/capture$/.exec(path);
    if (capture) {
      json(res, 201, { id: capture[1], status: 'COMPLETED' });
      return true;
    }
    // verify-webhook-signature: PayPal checks the signature of the delivery it made against the event given.
    const sent = this.paypalTransmissions.get(String(body['transmission_id']));
    const verified =
      sent !== undefined &&
      sent.sig === body['transmission_sig'] &&
      body['webhook_id'] === config?.webhookId &&
      JSON.stringify(body['webhook_event']) === JSON.stringify(JSON.parse(sent.event));
    json(res, 200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
    return true;
  }

  // --- Paystack, Flutterwave, Razorpay ------------------------------------------------------------------

  paystackEvent(secretKey: string, event: string, data: Record<string, unknown>): SignedDelivery {
    const raw = JSON.stringify({ event, data });
    return { raw, headers: { 'x-paystack-signature': hmacHex('sha512', secretKey, raw) } };
  }

  flutterwaveEvent(hash: string, id: number, claimed: Record<string, unknown> = {}): SignedDelivery {
    const raw = JSON.stringify({ event: 'charge.completed', data: { id, ...claimed } });
    return { raw, headers: { 'verif-hash': hash } };
  }

  razorpayEvent(webhookSecret: string, event: string, linkId: string): SignedDelivery {
    const raw = JSON.stringify({
      entity: 'event',
      event,
      payload: { payment_link: { entity: { id: linkId, status: event.split('.')[1] } } },
    });
    return {
      raw,
      headers: {
        'x-razorpay-signature': hmacHex('sha256', webhookSecret, raw),
        'x-razorpay-event-id': this.next('evt'),
      },
    };
  }

  private others(req: FakeRequest, res: http.ServerResponse, path: string): boolean {
    const body = (req.method === 'POST' ? JSON.parse(req.body || '{}') : {}) as Record<string, any>;
    if (path === '/transaction/initialize') {
      json(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${this.url}/paystack/pay/${body['reference']}`, reference: body['reference'] },
      });
      return true;
    }
    if (path === '/v3/payments') {
      json(res, 200, { status: 'success', data: { link: `${this.url}/flutterwave/pay/${body['tx_ref']}` } });
      return true;
    }
    const verify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(path);
    if (verify) {
      const charge = this.flutterwaveCharges.get(Number(verify[1]));
      if (!charge) return (json(res, 404, { status: 'error' }), true);
      json(res, 200, { status: 'success', data: { id: Number(verify[1]), ...charge } });
      return true;
    }
    if (path === '/v1/payment_links') {
      const id = this.next('plink');
      json(res, 200, { id, short_url: `${this.url}/razorpay/${id}`, amount: body['amount'], status: 'created' });
      return true;
    }
    return false;
  }

  private authorized(req: FakeRequest, expected: string): boolean {
    return req.headers['authorization'] === expected;
  }

  private async handle(req: FakeRequest, res: http.ServerResponse): Promise<void> {
    this.requests.push(req);
    const path = req.path.split('?')[0]!;
    if (this.failWith !== null) return json(res, this.failWith, { error: 'fake outage' });
    if (await this.stripe(req, res, path)) return;
    if (await this.paypal(req, res, path)) return;
    if (this.others(req, res, path)) return;
    json(res, 404, { error: 'no such fake route' });
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
