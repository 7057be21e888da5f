import { formatPrice } from '../../lib/money.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { packageFeature } from '../db/schema/enums.ts';
import { AppError } from '../errors.ts';
import * as repo from '../repositories/package-repository.ts';
import type { PackageFeature } from '../repositories/package-repository.ts';
import { getPublicSettings } from './settings-service.ts';

export type { PackageFeature };
export const PACKAGE_FEATURES = packageFeature.enumValues;

/** Spec section 4: only these features are counted against a limit; the others are simply granted. */
const COUNTED: ReadonlySet<PackageFeature> = new Set([
  'property_list',
  'property_feature',
  'project_list',
  'project_feature',
]);

/** The spec's package limit check response. */
export interface PackageCheck {
  package_available: boolean;
  feature_available: boolean;
  limit_available: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The per-feature "not available" error; callers send the user to /subscription-plan (spec section 8). */
export const packageUnavailable = (feature: PackageFeature) =>
  new AppError('package_not_available', 403, `package.unavailable.${feature}`);

const remaining = (f: { limit: number | null; used: number }) =>
  f.limit === null ? null : Math.max(0, f.limit - f.used);

/**
 * check-package-limit: whether the user holds a running package, whether one of them has the feature, and
 * whether it has a unit left (for counted features). Admins list for the marketplace itself and are not limited.
 */
export async function checkPackageLimit(
  db: Executor,
  actor: SessionUser,
  feature: PackageFeature,
  now = new Date(),
): Promise<PackageCheck> {
  if (actor.role === 'admin') return { package_available: true, feature_available: true, limit_available: true };
  const running = await repo.listRunningSubscriptions(db, actor.id, now);
  const granted = running.flatMap((s) => s.features.filter((f) => f.feature === feature));
  return {
    package_available: running.length > 0,
    feature_available: granted.length > 0,
    limit_available: COUNTED.has(feature)
      ? granted.some((f) => remaining(f) === null || remaining(f)! > 0)
      : granted.length > 0,
  };
}

export const isAvailable = (check: PackageCheck) =>
  check.package_available && check.feature_available && check.limit_available;

export async function hasPackageFeature(db: Executor, actor: SessionUser | null, feature: PackageFeature) {
  return actor !== null && isAvailable(await checkPackageLimit(db, actor, feature));
}

/** Listing a property or a project: what a new owner does first, and what the site's free package starts with. */
export type ListingFeature = Extract<PackageFeature, 'property_list' | 'project_list'>;
const isListingFeature = (feature: PackageFeature): feature is ListingFeature =>
  feature === 'property_list' || feature === 'project_list';

/** Refusing a listing to a user who holds no package at all, and no free one can start (never "no more left"). */
export const noPackage = (feature: ListingFeature) =>
  new AppError('package_not_available', 403, `package.none.${feature}`);

/** The first free package on sale that grants a unit of this listing feature; null when the site has none. */
export async function freeListingPackage(db: Executor, feature: ListingFeature) {
  const onSale = await repo.listActivePackages(db);
  return (
    onSale.find(
      (pkg) =>
        pkg.priceMinor === 0 && pkg.features.some((f) => f.feature === feature && (f.limit === null || f.limit > 0)),
    ) ?? null
  );
}
export type FreeListingPackage = NonNullable<Awaited<ReturnType<typeof freeListingPackage>>>;

/**
 * The free package a user who holds no running package starts by listing (the site's free plan, as assign_package
 * would give it): a new owner lists at once, without a trip to the plans first. Null for anyone holding a package
 * (their own limits apply) and on a site without a free package for this feature.
 */
export async function packageStartedByListing(
  db: Executor,
  actor: SessionUser,
  feature: ListingFeature,
  now = new Date(),
): Promise<FreeListingPackage | null> {
  if (actor.role === 'admin') return null;
  if ((await repo.listRunningSubscriptions(db, actor.id, now)).length > 0) return null;
  return freeListingPackage(db, feature);
}

/** A message key and its values, translated where it is shown. */
export interface KeyedMessage {
  key: string;
  params: Record<string, string | number>;
}

/** What posting a first listing starts, said beforehand (the form's note, check-package-limit's message). */
export function freeStartMessage(pkg: FreeListingPackage, feature: ListingFeature, lang: string): KeyedMessage {
  const name = nameIn(lang, pkg.name, pkg.names);
  const limit = pkg.features.find((f) => f.feature === feature)?.limit ?? null;
  return limit === null
    ? { key: 'package.starts_free_unlimited', params: { name, days: pkg.durationDays } }
    : { key: 'package.starts_free', params: { name, count: limit, days: pkg.durationDays } };
}

/**
 * check-package-limit as the API answers it: the check, what the reply's message says, and the free package a
 * first listing starts. A user holding no package may list where the site has a free package (posting starts it,
 * spendPackageFeature), so the check then answers available; without one the message says there is no package yet.
 */
export async function packageLimitReply(
  db: Executor,
  actor: SessionUser,
  feature: PackageFeature,
  lang: string,
  now = new Date(),
): Promise<PackageCheck & { free_package: { id: number; name: string } | null; message: KeyedMessage }> {
  const check = await checkPackageLimit(db, actor, feature, now);
  const reply = (message: KeyedMessage, free: FreeListingPackage | null = null) => ({
    ...check,
    free_package: free && { id: free.id, name: nameIn(lang, free.name, free.names) },
    message,
  });
  if (isAvailable(check)) return reply({ key: 'api.ok', params: {} });
  if (check.package_available || !isListingFeature(feature))
    return reply({ key: `package.unavailable.${feature}`, params: {} });
  const free = await packageStartedByListing(db, actor, feature, now);
  if (!free) return reply({ key: `package.none.${feature}`, params: {} });
  const allowed = { package_available: true, feature_available: true, limit_available: true };
  return { ...reply(freeStartMessage(free, feature, lang), free), ...allowed };
}

const subscriptionOf = (userId: number, pkg: { id: number; durationDays: number }, now: Date) => ({
  userId,
  packageId: pkg.id,
  startsAt: now,
  endsAt: new Date(now.getTime() + pkg.durationDays * DAY_MS),
});

/**
 * Spends one unit of a counted feature inside the caller's transaction, from the subscription ending soonest;
 * refuses with the feature's message when none is left. A listing by a user without any running package first
 * starts the site's free package (packageStartedByListing). Rolled back with the transaction if the save fails.
 */
export async function spendPackageFeature(tx: Executor, actor: SessionUser, feature: PackageFeature, now = new Date()) {
  if (actor.role === 'admin') return;
  let running = await repo.listRunningSubscriptions(tx, actor.id, now);
  if (running.length === 0 && isListingFeature(feature)) {
    // Parallel first listings queue here, so they start one free package between them.
    await repo.lockUserSubscriptions(tx, actor.id);
    running = await repo.listRunningSubscriptions(tx, actor.id, now);
    if (running.length === 0) {
      const free = await freeListingPackage(tx, feature);
      if (!free) throw noPackage(feature);
      await repo.insertSubscription(tx, subscriptionOf(actor.id, free, now));
      running = await repo.listRunningSubscriptions(tx, actor.id, now);
    }
  }
  for (const subscription of running) {
    const granted = subscription.features.find((f) => f.feature === feature);
    if (granted && (await repo.spendFeatureUnit(tx, subscription.id, feature, granted.limit))) return;
  }
  throw packageUnavailable(feature);
}

/**
 * get-package: packages on sale, named in `lang`, with their features and display price; for a signed-in viewer,
 * which they hold.
 */
export async function listPackages(db: Database, viewer: SessionUser | null, lang: string, now = new Date()) {
  const [settings, packages, running] = await Promise.all([
    getPublicSettings(db),
    repo.listActivePackages(db),
    viewer ? repo.listRunningSubscriptions(db, viewer.id, now) : Promise.resolve([]),
  ]);
  return packages.map((pkg) => {
    const held = running.find((s) => s.packageId === pkg.id);
    return {
      id: pkg.id,
      name: nameIn(lang, pkg.name, pkg.names),
      price: pkg.priceMinor / 100,
      price_label: formatPrice(pkg.priceMinor, {
        currencySymbol: settings.currency_symbol,
        currencyCode: settings.currency_code,
        numberWithSuffix: false,
      }),
      is_free: pkg.priceMinor === 0,
      duration_days: pkg.durationDays,
      ios_product_id: pkg.iosProductId,
      features: pkg.features.map((f) => ({
        feature: f.feature,
        counted: COUNTED.has(f.feature),
        limit: COUNTED.has(f.feature) ? f.limit : null,
      })),
      is_active: Boolean(held),
      ends_at: held?.endsAt.toISOString() ?? null,
    };
  });
}
export type PackageView = Awaited<ReturnType<typeof listPackages>>[number];

/** The viewer's running subscriptions, named in `lang`, with what is left of each counted feature. */
export async function mySubscriptions(db: Executor, actor: SessionUser, lang: string, now = new Date()) {
  const running = await repo.listRunningSubscriptions(db, actor.id, now);
  return running.map((s) => ({
    id: s.id,
    package_id: s.packageId,
    name: nameIn(lang, s.name, s.names),
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    features: s.features.map((f) => ({
      feature: f.feature,
      limit: COUNTED.has(f.feature) ? f.limit : null,
      used: COUNTED.has(f.feature) ? f.used : null,
      remaining: COUNTED.has(f.feature) ? remaining(f) : null,
    })),
  }));
}

/**
 * assign_package: free packages only (paid ones go through a payment). The same package cannot run twice at once;
 * a per-user lock makes double submits give one subscription.
 */
export async function assignFreePackage(
  db: Database,
  actor: SessionUser,
  packageId: number,
  lang: string,
  now = new Date(),
) {
  const pkg = await repo.findActivePackage(db, packageId);
  if (!pkg) throw AppError.notFound('package.not_found');
  if (pkg.priceMinor !== 0) throw new AppError('payment_required', 402, 'package.not_free');
  await db.transaction(async (tx) => {
    await repo.lockUserSubscriptions(tx, actor.id);
    // Not only running ones: a parallel request may have stamped its start a moment after our `now`.
    if (await repo.holdsUnexpired(tx, actor.id, pkg.id, now)) throw AppError.conflict('package.already_active');
    await repo.insertSubscription(tx, subscriptionOf(actor.id, pkg, now));
  });
  return mySubscriptions(db, actor, lang, now);
}
