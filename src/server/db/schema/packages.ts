import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, translatedNames, updatedAt } from './columns.ts';
import { advertisementStatus, packageFeature, paymentProvider, paymentStatus } from './enums.ts';
import type { DocumentRecord } from './media-types.ts';
import { projects } from './projects.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const packages = pgTable(
  'packages',
  {
    id: id(),
    name: text().notNull(),
    names: translatedNames(),
    /** Minor units of the site currency; 0 for a free package. */
    priceMinor: bigint({ mode: 'number' }).notNull().default(0),
    durationDays: integer().notNull(),
    isActive: boolean().notNull().default(true),
    iosProductId: text(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('packages_price_nonnegative', sql`${t.priceMinor} >= 0`),
    check('packages_duration_positive', sql`${t.durationDays} > 0`),
  ],
);

/** A feature a package grants; `limit` null means unlimited (limits count only for the listing/featuring features). */
export const packageFeatures = pgTable(
  'package_features',
  {
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    feature: packageFeature().notNull(),
    limit: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.feature] }),
    check('package_features_limit_nonnegative', sql`${t.limit} is null or ${t.limit} >= 0`),
  ],
);

export const userPackages = pgTable(
  'user_packages',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_packages_user_active_idx').on(t.userId, t.endsAt)],
);

/** How much of each limited feature a subscription has spent; updated with a guarded increment. */
export const userPackageUsage = pgTable(
  'user_package_usage',
  {
    userPackageId: integer()
      .notNull()
      .references(() => userPackages.id, { onDelete: 'cascade' }),
    feature: packageFeature().notNull(),
    used: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userPackageId, t.feature] }),
    check('user_package_usage_used_nonnegative', sql`${t.used} >= 0`),
  ],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    provider: paymentProvider().notNull(),
    providerReference: text(),
    status: paymentStatus().notNull().default('pending'),
    receipt: jsonb().$type<DocumentRecord>(),
    failureReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_transactions_provider_ref_unique').on(t.provider, t.providerReference),
    index('payment_transactions_user_idx').on(t.userId, t.createdAt.desc()),
    index('payment_transactions_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Every verified provider webhook, once: the primary key makes a repeated delivery (providers retry, and may
 * deliver the same event several times at once) a no-op inside the transaction that would grant the package.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: paymentProvider().notNull(),
    eventId: text().notNull(),
    transactionId: integer().references(() => paymentTransactions.id, { onDelete: 'set null' }),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A featured property or project ("advertisement" in the spec's calls). */
export const advertisements = pgTable(
  'advertisements',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer().references(() => properties.id, { onDelete: 'cascade' }),
    projectId: integer().references(() => projects.id, { onDelete: 'cascade' }),
    status: advertisementStatus().notNull().default('pending'),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('advertisements_user_idx').on(t.userId),
    index('advertisements_live_idx').on(t.status, t.endsAt),
    index('advertisements_property_idx').on(t.propertyId),
    index('advertisements_project_idx').on(t.projectId),
    check('advertisements_one_target', sql`(${t.propertyId} is null) <> (${t.projectId} is null)`),
  ],
);
