import type { Env } from '../env.ts';
import { FlutterwaveProvider } from './flutterwave.ts';
import { PayPalProvider } from './paypal.ts';
import { PaystackProvider } from './paystack.ts';
import type { OnlineProvider, PaymentProvider } from './provider.ts';
import { RazorpayProvider } from './razorpay.ts';
import { StripeProvider } from './stripe.ts';

/** Where each provider's API lives (the real hosts by default; local fakes in tests). */
export type PaymentApiBases = Record<OnlineProvider, string>;

export const paymentApiBases = (config: Env): PaymentApiBases => ({
  stripe: config.STRIPE_API_BASE,
  paypal: config.PAYPAL_API_BASE,
  paystack: config.PAYSTACK_API_BASE,
  flutterwave: config.FLUTTERWAVE_API_BASE,
  razorpay: config.RAZORPAY_API_BASE,
});

/** The keys the admin stores in settings (the secret ones never leave the server). */
export interface ProviderKeys {
  stripe_secret_key: string;
  stripe_webhook_secret: string;
  paypal_client_id: string;
  paypal_client_secret: string;
  paypal_webhook_id: string;
  paystack_secret_key: string;
  flutterwave_secret_key: string;
  flutterwave_webhook_hash: string;
  razorpay_key_id: string;
  razorpay_key_secret: string;
  razorpay_webhook_secret: string;
}

/** Which keys a provider needs before it can be offered: without them it could not be paid or verified. */
export const REQUIRED_KEYS: Record<OnlineProvider, (keyof ProviderKeys)[]> = {
  stripe: ['stripe_secret_key', 'stripe_webhook_secret'],
  paypal: ['paypal_client_id', 'paypal_client_secret', 'paypal_webhook_id'],
  paystack: ['paystack_secret_key'],
  flutterwave: ['flutterwave_secret_key', 'flutterwave_webhook_hash'],
  razorpay: ['razorpay_key_id', 'razorpay_key_secret', 'razorpay_webhook_secret'],
};

/** Where each provider's hosted payment page lives (and the pages it may pass the buyer through). */
const HOSTED_PAGES: Record<OnlineProvider, string[]> = {
  stripe: ['https://checkout.stripe.com'],
  paypal: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  paystack: ['https://checkout.paystack.com'],
  flutterwave: ['https://checkout.flutterwave.com'],
  razorpay: ['https://rzp.io', 'https://razorpay.com'],
};

/**
 * The origins a form may lead to when it starts a payment with these providers. Browsers apply the page's
 * `form-action` to the redirect after a post, so the plan page must allow them; the API host is included for
 * stand-ins (staging, tests) that serve their payment page next to their API.
 */
export const checkoutOrigins = (bases: PaymentApiBases, providers: readonly OnlineProvider[]) => [
  ...new Set(providers.flatMap((id) => [new URL(bases[id]).origin, ...HOSTED_PAGES[id]])),
];

export function paymentProvider(id: OnlineProvider, bases: PaymentApiBases, keys: ProviderKeys): PaymentProvider {
  const baseUrl = bases[id];
  switch (id) {
    case 'stripe':
      return new StripeProvider({
        baseUrl,
        secretKey: keys.stripe_secret_key,
        webhookSecret: keys.stripe_webhook_secret,
      });
    case 'paypal':
      return new PayPalProvider({
        baseUrl,
        clientId: keys.paypal_client_id,
        clientSecret: keys.paypal_client_secret,
        webhookId: keys.paypal_webhook_id,
      });
    case 'paystack':
      return new PaystackProvider({ baseUrl, secretKey: keys.paystack_secret_key });
    case 'flutterwave':
      return new FlutterwaveProvider({
        baseUrl,
        secretKey: keys.flutterwave_secret_key,
        webhookHash: keys.flutterwave_webhook_hash,
      });
    case 'razorpay':
      return new RazorpayProvider({
        baseUrl,
        keyId: keys.razorpay_key_id,
        keySecret: keys.razorpay_key_secret,
        webhookSecret: keys.razorpay_webhook_secret,
      });
  }
}
