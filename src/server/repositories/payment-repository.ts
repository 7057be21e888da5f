import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { packages, paymentTransactions, paymentWebhookEvents, users } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';

export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type PaymentProviderName = PaymentTransactionRow['provider'];
export type PaymentStatus = PaymentTransactionRow['status'];

export async function insertTransaction(db: Executor, values: typeof paymentTransactions.$inferInsert) {
  const [row] = await db.insert(paymentTransactions).values(values).returning();
  return row!;
}

export async function setTransactionReference(db: Executor, id: number, providerReference: string) {
  await db.update(paymentTransactions).set({ providerReference }).where(eq(paymentTransactions.id, id));
}

const withNames = {
  transaction: paymentTransactions,
  packageName: packages.name,
  packageNames: packages.names,
  userName: users.name,
  userEmail: users.email,
};

/** A transaction with its package's and buyer's names. */
export async function findTransaction(db: Executor, id: number) {
  const [row] = await db
    .select(withNames)
    .from(paymentTransactions)
    .innerJoin(packages, eq(packages.id, paymentTransactions.packageId))
    .innerJoin(users, eq(users.id, paymentTransactions.userId))
    .where(eq(paymentTransactions.id, id));
  return row ?? null;
}
export type TransactionWithNames = NonNullable<Awaited<ReturnType<typeof findTransaction>>>;

/** Whether the user has a bank transfer for the package still waiting for an admin's review. */
export async function hasTransferInReview(db: Executor, userId: number, packageId: number) {
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, userId),
        eq(paymentTransactions.packageId, packageId),
        eq(paymentTransactions.provider, 'bank_transfer'),
        eq(paymentTransactions.status, 'review'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The transaction a provider reference names, locked until the transaction ends (webhooks, reviews). */
export async function lockTransactionByReference(db: Executor, provider: PaymentProviderName, reference: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, provider), eq(paymentTransactions.providerReference, reference)))
    .for('update');
  return row ?? null;
}

export async function lockTransaction(db: Executor, id: number) {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for('update');
  return row ?? null;
}

/**
 * Moves a transaction to `status` only from one of `from`; answers whether it moved. The condition makes a
 * settled payment final whatever order deliveries arrive in.
 */
export async function moveTransaction(
  db: Executor,
  id: number,
  from: PaymentStatus[],
  status: PaymentStatus,
  extra: { failureReason?: string | null; userId?: number } = {},
): Promise<boolean> {
  const moved = await db
    .update(paymentTransactions)
    .set({ status, ...(extra.failureReason !== undefined ? { failureReason: extra.failureReason } : {}) })
    .where(
      and(
        eq(paymentTransactions.id, id),
        inArray(paymentTransactions.status, from),
        extra.userId === undefined ? undefined : eq(paymentTransactions.userId, extra.userId),
      ),
    )
    .returning({ id: paymentTransactions.id });
  return moved.length > 0;
}

/** Records a webhook event; false when this (provider, event id) was already recorded. */
export async function recordWebhookEvent(
  db: Executor,
  values: { provider: PaymentProviderName; eventId: string; transactionId: number | null },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

/** Transactions of one user (or, with `status`, everyone's in that status), newest first. */
export function listTransactions(
  db: Executor,
  filter: { userId?: number; status?: PaymentStatus },
  page: { offset: number; limit: number },
) {
  const where = and(
    filter.userId === undefined ? undefined : eq(paymentTransactions.userId, filter.userId),
    filter.status === undefined ? undefined : eq(paymentTransactions.status, filter.status),
  );
  return withTotal(
    db
      .select(withNames)
      .from(paymentTransactions)
      .innerJoin(packages, eq(packages.id, paymentTransactions.packageId))
      .innerJoin(users, eq(users.id, paymentTransactions.userId))
      .where(where)
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(paymentTransactions).where(where),
  );
}
