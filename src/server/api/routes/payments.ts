import { createRoute, z } from '@hono/zod-openapi';
import {
  ONLINE_PROVIDERS,
  PAYMENT_METHODS,
  adminPaymentQuerySchema,
  getPaymentSettings,
  handleWebhook,
  listPaymentDetails,
  listPaymentsForAdmin,
  failSchema,
  packageChoiceSchema,
  packageIdSchema,
  receiptFile,
  reportPaymentFailure,
  reviewBankTransfer,
  startPayment,
  submitBankTransfer,
  type OnlineProvider,
} from '../../services/payment-service.ts';
import { readBody } from '../body.ts';
import type { ApiEnv } from '../context.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { page } from '../../../features/common/contract.ts';
import { paginationQuery } from '../schemas.ts';
import { reasonSchema } from '../../services/admin-moderation-service.ts';
import { adminRoute, adminRowWrite, loose } from './admin-route.ts';
import type { Context } from 'hono';
import { storedFileResponse } from '../../storage/file-response.ts';
import { userRoute } from './user-route.ts';

const tags = ['payments'];
const transaction = z
  .object({
    id: z.number(),
    package_id: z.number(),
    package_name: z.string(),
    buyer: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }),
    amount: z.number(),
    amount_label: z.string(),
    currency: z.string(),
    provider: z.string(),
    reference: z.string().nullable(),
    status: z.enum(['pending', 'succeeded', 'failed', 'canceled', 'review']),
    failure_reason: z.string().nullable(),
    receipt: z.object({ name: z.string(), url: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PaymentTransaction');
const started = z
  .object({
    payment_transaction_id: z.number(),
    provider: z.enum(ONLINE_PROVIDERS),
    reference: z.string(),
    redirect_url: z.string().nullable().openapi({ description: "The provider's page to send the buyer to" }),
    client_secret: z.string().nullable().openapi({ description: 'Stripe PaymentIntent secret (platform_type app)' }),
    amount: z.number(),
    currency: z.string(),
  })
  .openapi('StartedPayment');
const packageBody = "Body (JSON or form): package_id. The price is always the package's own.";
const platformSchema = packageChoiceSchema.extend({
  platform_type: z.enum(['web', 'app'], { error: 'payment.bad_platform' }).default('web'),
});
/** PayPal's start is a GET: the package in the query, beside the amount old clients send. */
const paypalQuery = packageChoiceSchema.extend({
  amount: z.string().max(50).optional().openapi({ description: "Ignored: the package's price is charged" }),
});

const startRoute = (
  method: 'get' | 'post',
  path: string,
  summary: string,
  description = packageBody,
  input: z.ZodObject = packageChoiceSchema,
) =>
  userRoute({
    method,
    path,
    tags,
    summary,
    description,
    request: method === 'get' ? { query: input } : { body: requestBody(input) },
    responses: replies(started, 'The payment, waiting for the buyer at the provider'),
  });

const paymentDecision = loose('AdminPaymentDecision');

const routes = {
  settings: createRoute({
    method: 'get',
    path: '/get_payment_settings',
    tags,
    summary: 'Payment methods on offer and their public keys (never secret ones)',
    responses: replies(
      z
        .object({
          enabled_methods: z.array(z.enum(PAYMENT_METHODS)),
          payment_methods: z.record(z.string(), z.boolean()),
          currency_code: z.string(),
          currency_symbol: z.string(),
          stripe_publishable_key: z.string(),
          paypal_client_id: z.string(),
          paystack_public_key: z.string(),
          flutterwave_public_key: z.string(),
          razorpay_key_id: z.string(),
          bank_transfer_instructions: z.string(),
        })
        .openapi('PaymentSettings'),
      'Payment settings',
    ),
  }),
  details: userRoute({
    method: 'get',
    path: '/get_payment_details',
    tags,
    summary: 'Your payments, newest first',
    request: { query: paginationQuery },
    responses: replies(page(transaction), 'Payments'),
  }),
  stripe: startRoute(
    'post',
    '/create-payment-intent',
    'Pay for a package with Stripe',
    'Body: package_id, platform_type (web: a hosted Checkout page in redirect_url; app: a PaymentIntent ' +
      'client_secret for the Stripe SDK).',
    platformSchema,
  ),
  paypal: startRoute(
    'get',
    '/paypal',
    'Pay for a package with PayPal',
    "Query: package_id (amount, sent by old clients, is ignored: the package's price is charged).",
    paypalQuery,
  ),
  paystack: startRoute('post', '/paystack', 'Pay for a package with Paystack'),
  flutterwave: startRoute('post', '/flutterwave', 'Pay for a package with Flutterwave'),
  razorpay: startRoute('post', '/razorpay', 'Pay for a package with Razorpay (a payment link)'),
  bankTransfer: userRoute({
    method: 'post',
    path: '/bank-transfer',
    tags,
    summary: 'Pay by bank transfer: upload the receipt for an admin to check',
    description: 'Multipart: package_id, receipt (PDF, JPEG or PNG). The payment waits in status review.',
    request: {
      body: requestBody(packageChoiceSchema, { files: { receipt: 'The transfer receipt: PDF, JPEG or PNG' } }),
    },
    responses: replies(transaction, 'The payment, in review'),
  }),
  fail: userRoute({
    method: 'post',
    path: '/payment-transaction-fail',
    tags,
    summary: 'Report that your pending payment failed or was canceled',
    description: 'Body: payment_transaction_id, status (failed, the default, or canceled).',
    request: { body: requestBody(failSchema) },
    responses: replies(transaction, 'The payment'),
  }),
  receipt: userRoute({
    method: 'get',
    path: '/payment-receipt',
    tags,
    summary: 'The uploaded bank-transfer receipt (its buyer and admins only)',
    request: { query: z.object({ payment_transaction_id: packageIdSchema }) },
    responses: { 200: { description: 'The file' } },
  }),
  webhook: createRoute({
    method: 'post',
    path: '/webhooks/{provider}',
    tags,
    summary: "A provider's webhook (signature checked on the raw body; repeated deliveries are ignored)",
    request: {
      params: z.object({ provider: z.enum(ONLINE_PROVIDERS).openapi({ param: { name: 'provider', in: 'path' } }) }),
    },
    responses: replies(z.object({ received: z.boolean(), duplicate: z.boolean() }), 'Accepted'),
  }),
  adminList: adminRoute({
    method: 'get',
    path: '/admin/payments',
    summary: 'Payments by status (review by default: bank transfers waiting for a decision)',
    request: {
      query: adminPaymentQuerySchema,
    },
    responses: replies(page(transaction), 'Payments'),
  }),
  adminApprove: adminRowWrite(
    '/admin/payments/{id}/approve',
    'Accept a bank transfer: the package is granted',
    paymentDecision,
    'Approved',
  ),
  adminReject: adminRowWrite(
    '/admin/payments/{id}/reject',
    'Refuse a bank transfer with a reason the buyer reads',
    paymentDecision,
    'Rejected',
    { description: 'Body (JSON or form): reason (required, at most 500 characters).', body: requestBody(reasonSchema) },
  ),
};

async function start(c: Context<ApiEnv>, provider: OnlineProvider, input: unknown) {
  const { package_id } = packageChoiceSchema.parse(input);
  return ok(
    c,
    await startPayment(c.var, c.var.user!, { provider, packageId: package_id, flow: 'redirect' }),
    'payment.started',
  );
}

export const paymentRoutes = newRouter()
  .openapi(routes.settings, async (c) => ok(c, await getPaymentSettings(c.var.db)))
  .openapi(routes.details, async (c) =>
    ok(c, await listPaymentDetails(c.var.db, c.var.user!, c.req.valid('query'), c.var.t.lang)),
  )
  .openapi(routes.stripe, async (c) => {
    const { package_id, platform_type } = platformSchema.parse((await readBody(c)).fields);
    const flow = platform_type === 'app' ? 'sdk' : 'redirect';
    return ok(
      c,
      await startPayment(c.var, c.var.user!, { provider: 'stripe', packageId: package_id, flow }),
      'payment.started',
    );
  })
  .openapi(routes.paypal, async (c) => start(c, 'paypal', c.req.query()))
  .openapi(routes.paystack, async (c) => start(c, 'paystack', (await readBody(c)).fields))
  .openapi(routes.flutterwave, async (c) => start(c, 'flutterwave', (await readBody(c)).fields))
  .openapi(routes.razorpay, async (c) => start(c, 'razorpay', (await readBody(c)).fields))
  .openapi(routes.bankTransfer, async (c) =>
    ok(c, await submitBankTransfer(c.var, c.var.user!, await readBody(c), c.var.t.lang), 'payment.result.review'),
  )
  .openapi(routes.fail, async (c) => {
    const body = (await readBody(c)).fields;
    const view = await reportPaymentFailure(c.var.db, c.var.user!, body, c.var.t.lang);
    return ok(c, view, view.status === 'canceled' ? 'payment.result.canceled' : 'payment.result.failed');
  })
  .openapi(routes.receipt, async (c) => {
    const file = await receiptFile(c.var, c.var.user!, c.req.valid('query').payment_transaction_id);
    return storedFileResponse(file, { inline: false, name: file.name, cacheControl: 'private, no-store' });
  })
  .openapi(routes.webhook, async (c) => {
    // The signature covers the exact bytes sent, so the body is read raw, never parsed and re-serialised.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    return ok(c, await handleWebhook(c.var, c.req.valid('param').provider, raw, c.req.raw.headers));
  })
  .openapi(routes.adminList, async (c) =>
    ok(c, await listPaymentsForAdmin(c.var.db, c.var.user, c.req.valid('query'), c.var.t.lang)),
  )
  .openapi(routes.adminApprove, async (c) =>
    ok(
      c,
      await reviewBankTransfer(c.var.db, c.var.user, c.req.valid('param').id, { approve: true }, c.var.t.lang),
      'payment.approved',
    ),
  )
  .openapi(routes.adminReject, async (c) =>
    ok(
      c,
      await reviewBankTransfer(
        c.var.db,
        c.var.user,
        c.req.valid('param').id,
        {
          approve: false,
          input: (await readBody(c)).fields,
        },
        c.var.t.lang,
      ),
      'payment.rejected',
    ),
  );
