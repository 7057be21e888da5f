import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { packageFeatures, packages, userPackageUsage, userPackages } from '../db/schema/index.ts';

export type PackageFeature = (typeof packageFeatures.$inferSelect)['feature'];
export type PackageRow = typeof packages.$inferSelect;
export type PackageFeatureRow = typeof packageFeatures.$inferSelect;

/** Packages on sale, cheapest first, each with its features. */
export async function listActivePackages(db: Executor) {
  const rows = await db
    .select()
    .from(packages)
    .where(eq(packages.isActive, true))
    .orderBy(asc(packages.sortOrder), asc(packages.priceMinor), asc(packages.id));
  const features = rows.length
    ? await db
        .select()
        .from(packageFeatures)
        .where(
          inArray(
            packageFeatures.packageId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({ ...row, features: features.filter((f) => f.packageId === row.id) }));
}

export async function findActivePackage(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.isActive, true)));
  if (!row) return null;
  const features = await db.select().from(packageFeatures).where(eq(packageFeatures.packageId, id));
  return { ...row, features };
}

/** A user's subscriptions running at `now`, the one ending soonest first, with each feature's limit and use. */
export async function listRunningSubscriptions(db: Executor, userId: number, now: Date) {
  const rows = await db
    .select({
      id: userPackages.id,
      packageId: userPackages.packageId,
      name: packages.name,
      names: packages.names,
      priceMinor: packages.priceMinor,
      startsAt: userPackages.startsAt,
      endsAt: userPackages.endsAt,
    })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(eq(userPackages.userId, userId), lte(userPackages.startsAt, now), gt(userPackages.endsAt, now)))
    .orderBy(asc(userPackages.endsAt), asc(userPackages.id));
  if (!rows.length) return [];
  const features = await db
    .select({
      userPackageId: userPackages.id,
      feature: packageFeatures.feature,
      limit: packageFeatures.limit,
      used: sql<number>`coalesce(${userPackageUsage.used}, 0)`.mapWith(Number),
    })
    .from(userPackages)
    .innerJoin(packageFeatures, eq(packageFeatures.packageId, userPackages.packageId))
    .leftJoin(
      userPackageUsage,
      and(eq(userPackageUsage.userPackageId, userPackages.id), eq(userPackageUsage.feature, packageFeatures.feature)),
    )
    .where(
      inArray(
        userPackages.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({ ...row, features: features.filter((f) => f.userPackageId === row.id) }));
}
export type RunningSubscription = Awaited<ReturnType<typeof listRunningSubscriptions>>[number];

/** Serialises subscription changes of one user until the transaction ends (on every app server). */
export async function lockUserSubscriptions(tx: Executor, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketplace:user-packages'), ${userId})`);
}

/** Whether the user holds this package, running now or starting later (not yet ended). */
export async function holdsUnexpired(db: Executor, userId: number, packageId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: userPackages.id })
    .from(userPackages)
    .where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId), gt(userPackages.endsAt, now)))
    .limit(1);
  return Boolean(row);
}

export async function insertSubscription(
  db: Executor,
  values: { userId: number; packageId: number; startsAt: Date; endsAt: Date },
) {
  const [row] = await db.insert(userPackages).values(values).returning();
  return row!;
}

/**
 * Spends one unit of a feature on one subscription if any is left (`limit` null: unlimited, only counted).
 * A single conditional update, so parallel requests cannot spend the same last unit twice.
 */
export async function spendFeatureUnit(
  db: Executor,
  userPackageId: number,
  feature: PackageFeature,
  limit: number | null,
): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  await db.insert(userPackageUsage).values({ userPackageId, feature, used: 0 }).onConflictDoNothing();
  const spent = await db
    .update(userPackageUsage)
    .set({ used: sql`${userPackageUsage.used} + 1` })
    .where(
      and(
        eq(userPackageUsage.userPackageId, userPackageId),
        eq(userPackageUsage.feature, feature),
        limit === null ? undefined : lt(userPackageUsage.used, limit),
      ),
    )
    .returning({ used: userPackageUsage.used });
  return spent.length > 0;
}

/** A package whatever its sale state: one bought while on sale is granted even if withdrawn since. */
export async function findPackage(db: Executor, id: number) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row ?? null;
}
