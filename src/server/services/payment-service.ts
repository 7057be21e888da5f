import { z } from 'zod';
import { formatAmount } from '../../lib/money.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';
import { recordId } from '../../lib/validation/ids.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import { deleteMedia, storeDocument } from '../media/listing-media.ts';
import { REQUIRED_KEYS, paymentProvider, type ProviderKeys } from '../payments/gateways.ts';
import {
  ONLINE_PROVIDERS,
  ProviderError,
  WebhookRefused,
  type OnlineProvider,
  type PaymentOutcome,
} from '../payments/provider.ts';
import * as packages from '../repositories/package-repository.ts';
import * as repo from '../repositories/payment-repository.ts';
import { findSettingsIncludingSecrets } from '../repositories/settings-repository.ts';
import { findUserById } from '../repositories/user-repository.ts';
import { PRIVATE_PREFIX } from '../storage/storage.ts';
import { siteUrl } from '../web/site.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listChoice, listPaging } from './admin-list-query.ts';
import { reasonSchema } from './admin-moderation-service.ts';
import { recordAudit } from './audit-service.ts';
import { paymentLabel } from './audit-subjects.ts';
import { notify } from './notification-service.ts';

export const PAYMENT_METHODS = [...ONLINE_PROVIDERS, 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export { ONLINE_PROVIDERS, type OnlineProvider };

type Deps = Pick<ServerDeps, 'db' | 'paymentApis'>;
const DAY_MS = 24 * 60 * 60 * 1000;

const text = z.string().catch('');
const settingsSchema = z.object({
  payment_methods: z
    .object(
      Object.fromEntries(PAYMENT_METHODS.map((m) => [m, z.boolean().catch(false)])) as Record<
        PaymentMethod,
        z.ZodCatch<z.ZodBoolean>
      >,
    )
    .catch(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, false])) as Record<PaymentMethod, boolean>),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .catch('USD'),
  currency_symbol: z.string().catch('$'),
  stripe_publishable_key: text,
  paystack_public_key: text,
  flutterwave_public_key: text,
  bank_transfer_instructions: text,
  ...(Object.fromEntries([...new Set(Object.values(REQUIRED_KEYS).flat())].map((key) => [key, text])) as Record<
    keyof ProviderKeys,
    typeof text
  >),
});
type PaymentSettings = z.infer<typeof settingsSchema>;

async function readSettings(db: Executor): Promise<PaymentSettings> {
  const rows = await findSettingsIncludingSecrets(db, Object.keys(settingsSchema.shape));
  return settingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** A method is offered when the admin switched it on and, for online providers, stored every key it needs. */
const isEnabled = (settings: PaymentSettings, method: PaymentMethod) =>
  settings.payment_methods[method] &&
  (method === 'bank_transfer' || REQUIRED_KEYS[method].every((key) => settings[key].trim() !== ''));

/** get_payment_settings: the methods on offer and their public keys. Secret keys never leave the server. */
export async function getPaymentSettings(db: Database) {
  const settings = await readSettings(db);
  const enabled = PAYMENT_METHODS.filter((m) => isEnabled(settings, m));
  return {
    enabled_methods: enabled,
    payment_methods: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, enabled.includes(m)])) as Record<
      PaymentMethod,
      boolean
    >,
    currency_code: settings.currency_code,
    currency_symbol: settings.currency_symbol,
    stripe_publishable_key: settings.stripe_publishable_key,
    paypal_client_id: settings.paypal_client_id,
    paystack_public_key: settings.paystack_public_key,
    flutterwave_public_key: settings.flutterwave_public_key,
    razorpay_key_id: settings.razorpay_key_id,
    bank_transfer_instructions: settings.bank_transfer_instructions,
  };
}
export type PaymentSettingsView = Awaited<ReturnType<typeof getPaymentSettings>>;

/** The settings' method switch and keys; "No payment method is enabled" when this one is not on offer. */
function assertOffered(settings: PaymentSettings, method: PaymentMethod) {
  if (!isEnabled(settings, method)) {
    const none = !PAYMENT_METHODS.some((m) => isEnabled(settings, m));
    throw new AppError('payment_method_disabled', 403, none ? 'payment.no_method' : 'payment.method_disabled');
  }
}

/** A package's (or a payment's) id: missing is "required", malformed (abc, 0) "not valid". */
export const packageIdSchema = recordId();

/** The body of a call that starts a payment: which package (its price is always the package's own). */
export const packageChoiceSchema = z.object({ package_id: packageIdSchema });

/** The paid package on sale that the buyer does not already hold; its price is the only price there is. */
async function packageToBuy(db: Executor, actor: SessionUser, packageId: number) {
  const pkg = await packages.findActivePackage(db, packageId);
  if (!pkg) throw AppError.notFound('package.not_found');
  if (pkg.priceMinor === 0) throw AppError.conflict('payment.package_free');
  if (await packages.holdsUnexpired(db, actor.id, pkg.id, new Date()))
    throw AppError.conflict('package.already_active');
  return pkg;
}

/** Where providers send the buyer back: the plan page settles and explains what happened. */
export const returnPath = (transactionId: number, outcome?: 'canceled') =>
  `/subscription-plan/return?transaction=${transactionId}${outcome ? `&outcome=${outcome}` : ''}`;

export interface StartPaymentInput {
  provider: OnlineProvider;
  packageId: number;
  flow: 'redirect' | 'sdk';
}

/**
 * Starts an online payment: a pending transaction with the package's own price, then the provider's checkout.
 * If the provider cannot be reached the transaction is marked failed and the buyer told; nothing is granted until
 * a verified webhook (or PayPal's capture) says the money arrived.
 */
export async function startPayment(deps: Deps, actor: SessionUser, input: StartPaymentInput) {
  const settings = await readSettings(deps.db);
  assertOffered(settings, input.provider);
  const pkg = await packageToBuy(deps.db, actor, input.packageId);
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw AppError.unauthenticated();
  const transaction = await repo.insertTransaction(deps.db, {
    userId: actor.id,
    packageId: pkg.id,
    amountMinor: pkg.priceMinor,
    currency: settings.currency_code,
    provider: input.provider,
  });
  const provider = paymentProvider(input.provider, deps.paymentApis, settings);
  try {
    const checkout = await provider.createCheckout({
      transactionId: transaction.id,
      amountMinor: pkg.priceMinor,
      currency: settings.currency_code,
      description: pkg.name,
      customer: { name: user.name, email: user.email },
      successUrl: siteUrl(returnPath(transaction.id)).toString(),
      cancelUrl: siteUrl(returnPath(transaction.id, 'canceled')).toString(),
      flow: input.flow,
    });
    await repo.setTransactionReference(deps.db, transaction.id, checkout.reference);
    return {
      payment_transaction_id: transaction.id,
      provider: input.provider,
      reference: checkout.reference,
      redirect_url: checkout.redirectUrl,
      client_secret: checkout.clientSecret,
      amount: pkg.priceMinor / 100,
      currency: settings.currency_code,
    };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.warn('payment provider refused a checkout', { provider: input.provider, reason: error.message });
    await repo.moveTransaction(deps.db, transaction.id, ['pending'], 'failed', { failureReason: 'provider_error' });
    throw new AppError('payment_provider_error', 502, 'payment.provider_error');
  }
}
export type StartedPayment = Awaited<ReturnType<typeof startPayment>>;

/** Grants the bought package (from now, for its duration) and tells the buyer, inside the settling transaction. */
async function grantPurchase(tx: Executor, transaction: repo.PaymentTransactionRow, now: Date) {
  const pkg = await packages.findPackage(tx, transaction.packageId);
  if (!pkg) throw AppError.notFound('package.not_found');
  await packages.lockUserSubscriptions(tx, transaction.userId);
  await packages.insertSubscription(tx, {
    userId: transaction.userId,
    packageId: pkg.id,
    startsAt: now,
    endsAt: new Date(now.getTime() + pkg.durationDays * DAY_MS),
  });
  await notify(tx, transaction.userId, {
    type: 'package_bought',
    title: 'payment.notification_title',
    body: 'payment.notification_body',
    data: {
      transaction_id: transaction.id,
      package_id: pkg.id,
      url: '/user/subscriptions',
      params: { name: pkg.name },
      param_names: { name: pkg.names },
    },
  });
}

/**
 * Applies a provider's verdict to a transaction. Success is final and grants once: the status change is
 * conditional, so whichever delivery (or admin approval) gets there first grants and every other one finds
 * nothing to move. A late success still wins over a failure the browser reported, because the money did arrive.
 */
async function settle(tx: Executor, transaction: repo.PaymentTransactionRow, outcome: PaymentOutcome, now: Date) {
  if (outcome === 'succeeded') {
    if (await repo.moveTransaction(tx, transaction.id, ['pending', 'failed', 'canceled', 'review'], 'succeeded'))
      await grantPurchase(tx, transaction, now);
    return;
  }
  await repo.moveTransaction(tx, transaction.id, ['pending'], outcome);
}

/**
 * A provider webhook: verified on the exact bytes received, then recorded once by (provider, event id) in the
 * same transaction that settles the payment. A refused webhook changes nothing; a repeated one is acknowledged
 * and ignored.
 */
export async function handleWebhook(deps: Deps, providerId: OnlineProvider, raw: Uint8Array, headers: Headers) {
  const now = new Date();
  const settings = await readSettings(deps.db);
  if (!REQUIRED_KEYS[providerId].every((key) => settings[key].trim() !== ''))
    throw new AppError('webhook_refused', 400, 'payment.webhook_refused');
  let event;
  try {
    event = await paymentProvider(providerId, deps.paymentApis, settings).verifyWebhook(raw, headers, now);
  } catch (error) {
    if (!(error instanceof WebhookRefused)) throw error;
    logger.warn('payment webhook refused', { provider: providerId, reason: error.message });
    throw new AppError('webhook_refused', 400, 'payment.webhook_refused');
  }
  return deps.db.transaction(async (tx) => {
    const transaction = event.reference ? await repo.lockTransactionByReference(tx, providerId, event.reference) : null;
    const first = await repo.recordWebhookEvent(tx, {
      provider: providerId,
      eventId: event.eventId.slice(0, 300),
      transactionId: transaction?.id ?? null,
    });
    if (first && transaction && event.outcome) await settle(tx, transaction, event.outcome, now);
    return { received: true, duplicate: !first };
  });
}

const isOnline = (provider: string): provider is OnlineProvider =>
  (ONLINE_PROVIDERS as readonly string[]).includes(provider);

async function ownTransaction(db: Executor, actor: SessionUser, id: number) {
  const row = await repo.findTransaction(db, id);
  // Another user's transaction is answered like a missing one.
  if (!row || (row.transaction.userId !== actor.id && actor.role !== 'admin'))
    throw AppError.notFound('payment.not_found');
  return row;
}

export const failSchema = z.object({
  payment_transaction_id: packageIdSchema,
  status: z.enum(['failed', 'canceled'], { error: 'payment.bad_status' }).default('failed'),
});

/** payment-transaction-fail: the buyer's app reports a failed or canceled payment; only their own pending one. */
export async function reportPaymentFailure(db: Database, actor: SessionUser, input: unknown, lang: string) {
  const { payment_transaction_id: id, status } = failSchema.parse(input ?? {});
  const row = await repo.findTransaction(db, id);
  if (!row || row.transaction.userId !== actor.id) throw AppError.notFound('payment.not_found');
  const moved = await repo.moveTransaction(db, id, ['pending'], status, {
    userId: actor.id,
    failureReason: status === 'canceled' ? 'canceled_by_buyer' : 'reported_by_client',
  });
  if (!moved) throw AppError.conflict('payment.not_pending');
  return transactionView((await repo.findTransaction(db, id))!, lang);
}

/**
 * The buyer is back from the provider's page. A cancel return (or Flutterwave's status=cancelled) cancels the
 * pending payment; PayPal's order is captured now; otherwise the webhook settles it, maybe already has.
 */
export async function settleReturn(
  deps: Deps,
  actor: SessionUser,
  input: { transactionId: number; canceled: boolean },
  lang: string,
) {
  const row = await ownTransaction(deps.db, actor, input.transactionId);
  const { transaction } = row;
  if (transaction.status === 'pending' && input.canceled) {
    await repo.moveTransaction(deps.db, transaction.id, ['pending'], 'canceled', {
      failureReason: 'canceled_by_buyer',
    });
  } else if (transaction.status === 'pending' && transaction.providerReference && isOnline(transaction.provider)) {
    const settings = await readSettings(deps.db);
    const provider = paymentProvider(transaction.provider, deps.paymentApis, settings);
    const outcome = provider.completeReturn
      ? await provider.completeReturn(transaction.providerReference).catch((error: unknown) => {
          logger.warn('payment capture failed', { transaction: transaction.id, reason: String(error) });
          return 'failed' as const;
        })
      : null;
    if (outcome)
      await deps.db.transaction(async (tx) =>
        settle(tx, (await repo.lockTransaction(tx, transaction.id))!, outcome, new Date()),
      );
  }
  return transactionView((await repo.findTransaction(deps.db, transaction.id))!, lang);
}

/**
 * What the plan page tells a buyer back from a provider (`/subscription-plan?payment=<id>`): the state of that
 * payment as stored, never what the address says, and only for the visitor's own payment. Anyone else's (an
 * admin's visit included: "your package is active" speaks to the buyer), or a missing one, gives null.
 */
export async function ownPaymentStatus(db: Database, actor: SessionUser | null, id: number) {
  if (!actor) return null;
  const row = await repo.findTransaction(db, id);
  return row && row.transaction.userId === actor.id ? row.transaction.status : null;
}

/** bank-transfer: the buyer uploads the transfer's receipt (PDF, JPEG or PNG, checked by content) for review. */
export async function submitBankTransfer(
  deps: Pick<ServerDeps, 'db' | 'storage'>,
  actor: SessionUser,
  input: { fields: Record<string, unknown>; files: Record<string, File> },
  lang: string,
) {
  const packageId = packageChoiceSchema.parse(input.fields).package_id;
  const file = input.files['receipt'];
  if (!file || file.size === 0) throw AppError.validation({ receipt: ['payment.receipt_required'] });
  const settings = await readSettings(deps.db);
  assertOffered(settings, 'bank_transfer');
  const pkg = await packageToBuy(deps.db, actor, packageId);
  // One transfer per package at a time: a second receipt would be a second payment for the same package.
  if (await repo.hasTransferInReview(deps.db, actor.id, pkg.id)) throw AppError.conflict('payment.transfer_in_review');
  const receipt = await storeDocument(deps.storage, file, 'receipt', `${PRIVATE_PREFIX}payments/u${actor.id}`);
  try {
    const transaction = await repo.insertTransaction(deps.db, {
      userId: actor.id,
      packageId: pkg.id,
      amountMinor: pkg.priceMinor,
      currency: settings.currency_code,
      provider: 'bank_transfer',
      status: 'review',
      receipt,
    });
    return transactionView((await repo.findTransaction(deps.db, transaction.id))!, lang);
  } catch (error) {
    await deleteMedia(deps.storage, receipt);
    throw error;
  }
}

/** An admin approves a bank transfer under review (the package is granted) or rejects it with a reason. */
export async function reviewBankTransfer(
  db: Database,
  actor: SessionUser | null,
  id: number,
  decision: { approve: true } | { approve: false; input: unknown },
  lang: string,
) {
  assertAdmin(actor);
  const reason = decision.approve ? null : reasonSchema.parse(decision.input ?? {}).reason;
  return adminMutation(db, actor, async (tx, admin) => {
    const before = await repo.lockTransaction(tx, id);
    if (!before || before.provider !== 'bank_transfer') throw AppError.notFound('payment.not_found');
    if (before.status !== 'review') throw AppError.conflict('payment.not_in_review');
    const now = new Date();
    if (decision.approve) await settle(tx, before, 'succeeded', now);
    else {
      await repo.moveTransaction(tx, id, ['review'], 'failed', { failureReason: reason });
      await notify(tx, before.userId, {
        type: 'payment_rejected',
        title: 'payment.rejected_title',
        body: 'payment.rejected_body',
        data: { transaction_id: id, url: `/user/transactions/${id}`, params: { reason } },
      });
    }
    const settled = (await repo.findTransaction(tx, id))!;
    await recordAudit(tx, admin, {
      action: decision.approve ? 'payment.approve' : 'payment.reject',
      entity: 'payment_transaction',
      entityId: id,
      label: paymentLabel(settled.packageName, { name: settled.userName, email: settled.userEmail }),
      before: { status: before.status },
      after: { status: decision.approve ? 'succeeded' : 'failed', ...(reason ? { reason } : {}) },
    });
    return transactionView(settled, lang);
  });
}

/** The receipt's download, for its owner and admins; absolute on PUBLIC_URL, as every download behind a check (043). */
export const receiptUrl = (id: number) => siteUrl(`/api/payment-receipt?payment_transaction_id=${id}`).href;

/** A payment as its buyer and admins see it, the package named in `lang`. */
export function transactionView(row: repo.TransactionWithNames, lang: string) {
  const t = row.transaction;
  return {
    id: t.id,
    package_id: t.packageId,
    package_name: nameIn(lang, row.packageName, row.packageNames),
    buyer: { id: t.userId, name: row.userName, email: row.userEmail },
    amount: t.amountMinor / 100,
    amount_label: `${t.currency} ${formatAmount(t.amountMinor, t.currency)}`,
    currency: t.currency,
    provider: t.provider,
    reference: t.providerReference,
    status: t.status,
    failure_reason: t.failureReason,
    receipt: t.receipt ? { name: t.receipt.name, url: receiptUrl(t.id) } : null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
export type TransactionView = ReturnType<typeof transactionView>;

/** get_payment_details: the caller's payments, newest first. */
export async function listPaymentDetails(
  db: Database,
  actor: SessionUser,
  { offset, limit }: { offset: number; limit: number },
  lang: string,
) {
  const { rows, total } = await repo.listTransactions(db, { userId: actor.id }, { offset, limit });
  return { total, offset, limit, items: rows.map((row) => transactionView(row, lang)) };
}

/** One of the caller's payments (any, for an admin): the receipt page. */
export async function getTransaction(db: Database, actor: SessionUser, id: number, lang: string) {
  return transactionView(await ownTransaction(db, actor, id), lang);
}

/** The uploaded bank-transfer receipt, for its owner and admins only (it lives under the private prefix). */
export async function receiptFile(deps: Pick<ServerDeps, 'db' | 'storage'>, actor: SessionUser, id: number) {
  const { transaction } = await ownTransaction(deps.db, actor, id);
  const file = transaction.receipt ? await deps.storage.get(transaction.receipt.key) : null;
  if (!file || !transaction.receipt) throw AppError.notFound('payment.not_found');
  return { ...file, name: transaction.receipt.name };
}

/** The states the console's payment list filters by, bank transfers waiting for a decision first (the default). */
export const ADMIN_PAYMENT_STATUSES = ['review', 'pending', 'succeeded', 'failed', 'canceled'] as const;
export const adminPaymentQuerySchema = z.object({
  status: listChoice(ADMIN_PAYMENT_STATUSES, 'review'),
  ...listPaging(),
});

/** The admin's queue: bank transfers waiting for review (or payments in another status), newest first. */
export async function listPaymentsForAdmin(db: Database, actor: SessionUser | null, input: unknown, lang: string) {
  assertAdmin(actor);
  const query = adminPaymentQuerySchema.parse(input ?? {});
  const { rows, total } = await repo.listTransactions(db, { status: query.status }, query);
  return {
    total,
    offset: query.offset,
    limit: query.limit,
    status: query.status,
    items: rows.map((row) => transactionView(row, lang)),
  };
}
