import { createHmac, timingSafeEqual } from 'node:crypto';
import { jsonNestsTooDeep } from '../input-depth.ts';

/** The providers that take card or wallet payments online; bank transfer is handled by the admin, not here. */
export const ONLINE_PROVIDERS = ['stripe', 'paypal', 'paystack', 'flutterwave', 'razorpay'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];

export type PaymentOutcome = 'succeeded' | 'failed' | 'canceled';

/** One payment to start: the amount is always the package's, read on the server. */
export interface CheckoutRequest {
  transactionId: number;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  customer: { name: string; email: string | null };
  /** Where the provider sends the buyer back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** `redirect`: a page on the provider's site (works without JavaScript); `sdk`: an app finishes it in its SDK. */
  flow: 'redirect' | 'sdk';
}

export interface Checkout {
  /** The provider's id for this payment; webhooks name it, so it is stored on the transaction. */
  reference: string;
  /** The provider's hosted page, when the flow has one. */
  redirectUrl: string | null;
  /** For SDK flows: what the app hands to the provider's SDK (Stripe's PaymentIntent client secret). */
  clientSecret: string | null;
}

/** A webhook whose signature checked out, reduced to what the store needs. */
export interface VerifiedEvent {
  /** The provider's event id: the same delivery repeated has the same id. */
  eventId: string;
  /** The payment it concerns (Checkout.reference), when it concerns one. */
  reference: string | null;
  /** null: an event that changes nothing here (a session created, an order approved but not captured). */
  outcome: PaymentOutcome | null;
}

export interface PaymentProvider {
  readonly id: OnlineProvider;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the signature over the exact bytes received; throws WebhookRefused for anything doubtful. */
  verifyWebhook(raw: Uint8Array, headers: Headers, now: Date): Promise<VerifiedEvent>;
  /** Providers whose payment needs a server call when the buyer comes back (PayPal's capture). */
  completeReturn?(reference: string): Promise<PaymentOutcome | null>;
}

/** A webhook that must not be acted on: bad or missing signature, stale timestamp, unreadable body. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

/** A provider API call that failed (unreachable, refused our keys, answered nonsense). */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** Webhook timestamps older (or further ahead) than this are refused, so a captured delivery cannot be replayed. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export const hmac = (algorithm: 'sha256' | 'sha512', key: string, data: Uint8Array | string) =>
  createHmac(algorithm, key).update(data).digest('hex');

/** Constant-time comparison of two strings (signatures, shared secrets). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function requireHeader(headers: Headers, name: string): string {
  const value = headers.get(name);
  if (!value) throw new WebhookRefused(`missing ${name}`);
  return value;
}

export type Json = Record<string, unknown>;

/** The value at a path through nested objects of a provider's JSON, or undefined. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Json)[key];
  }
  return current;
}

export const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function parseJson(raw: Uint8Array): Json {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    const value: unknown = jsonNestsTooDeep(text) ? null : JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  } catch {
    // Falls through to the refusal below.
  }
  throw new WebhookRefused('body is not a JSON object, or nests too deep');
}

/** Calls a provider API; any transport error or non-2xx answer becomes a ProviderError. */
export async function callProvider(url: URL, init: RequestInit): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new ProviderError(`${url.host} unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`${url.host} answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new ProviderError(`${url.host} answered with something that is not JSON`);
  }
}

/** A JSON POST to a provider API, authorized by the given header value (`Bearer …`, `Basic …`). */
export const postJson = (baseUrl: string, path: string, authorization: string, body: unknown) =>
  callProvider(new URL(path, baseUrl), {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Refuses a webhook unless its signature header is the HMAC of the raw body with the shared secret. */
export function requireBodyHmac(
  headers: Headers,
  header: string,
  algorithm: 'sha256' | 'sha512',
  secret: string,
  raw: Uint8Array,
): void {
  if (!sameSecret(requireHeader(headers, header), hmac(algorithm, secret, raw)))
    throw new WebhookRefused('bad signature');
}

/** Minor units as the decimal string PayPal and Flutterwave take ("12.50"). */
export const majorUnits = (amountMinor: number) => (amountMinor / 100).toFixed(2);
