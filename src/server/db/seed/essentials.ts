import { eq, like, or, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { shippedLanguages } from '../../i18n/shipped.ts';
import { logger } from '../../logger.ts';
import { createImageVariants } from '../../media/image-variants.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { uniqueSlug } from '../../../lib/slug.ts';
import type { Database, Executor } from '../client.ts';
import type { ImageRecord } from '../schema/media-types.ts';
import { languages, packageFeatures, packages, settings, users } from '../schema/index.ts';
import { drawDemoAvatar } from './placeholder-images.ts';

/** Settings every install starts with; admins change them in the console. */
export const DEFAULT_SETTINGS: { key: string; value: unknown; isSecret?: boolean }[] = [
  { key: 'company_name', value: 'Property Marketplace' },
  { key: 'company_email', value: 'hello@example.com' },
  { key: 'company_phone', value: '+1 555 0100' },
  { key: 'company_address', value: '1 Market Street, Springfield' },
  { key: 'currency_symbol', value: '$' },
  { key: 'currency_code', value: 'USD' },
  { key: 'number_with_suffix', value: true },
  { key: 'svg_clr', value: '#087c7c' },
  { key: 'web_placeholder_logo', value: '/images/placeholder-logo.svg' },
  { key: 'appstore_id', value: '' },
  { key: 'playstore_id', value: '' },
  { key: 'verification_required_for_user', value: false },
  { key: 'demo_mode', value: false },
  { key: 'auto_approve_verified_agents', value: false },
  { key: 'maps_api_key', value: '' },
  { key: 'stripe_publishable_key', value: '' },
  { key: 'paystack_public_key', value: '' },
  {
    key: 'payment_methods',
    value: { stripe: false, paypal: false, paystack: false, flutterwave: false, razorpay: false, bank_transfer: true },
  },
  { key: 'stripe_secret_key', value: '', isSecret: true },
  { key: 'stripe_webhook_secret', value: '', isSecret: true },
  { key: 'paypal_client_id', value: '' },
  { key: 'paypal_client_secret', value: '', isSecret: true },
  { key: 'paypal_webhook_id', value: '', isSecret: true },
  { key: 'paystack_secret_key', value: '', isSecret: true },
  { key: 'flutterwave_public_key', value: '' },
  { key: 'flutterwave_secret_key', value: '', isSecret: true },
  { key: 'flutterwave_webhook_hash', value: '', isSecret: true },
  { key: 'razorpay_key_id', value: '' },
  { key: 'razorpay_key_secret', value: '', isSecret: true },
  { key: 'razorpay_webhook_secret', value: '', isSecret: true },
  {
    key: 'bank_transfer_instructions',
    value: 'Pay into account 0000 0000 0000 at Example Bank, quoting your e-mail, then upload the receipt here.',
  },
  // Empty: the pages show the shipped default text in each visitor's language until an admin writes their own.
  { key: 'about_us', value: '' },
  { key: 'privacy_policy', value: '' },
  { key: 'terms_conditions', value: '' },
];

export interface EssentialsOptions {
  adminEmail: string;
  adminPassword: string;
  /** When given, the admin gets a profile photo, so their profile counts as complete (spec section 5). */
  storage?: FileStorage;
}

const ADMIN_MOBILE = '+15550100';
const ADMIN_ADDRESS = '1 Market Street, Springfield';

/**
 * Idempotent, safe to run on every start and from several servers at once: default settings and the shipped
 * languages are inserted only where missing, and the admin account is created only while the site has no admin
 * and nobody holds ADMIN_EMAIL. Later changes made in the console (a new admin email, other wording) are never
 * overwritten.
 *
 * Languages are stored with empty `strings`: the shipped files (src/server/i18n/locales/*.json) are the base
 * that language-service lays stored strings over, so a release's new or reworded keys show at once while
 * uploaded strings win where both exist.
 */
export async function seedEssentials(db: Database, options: EssentialsOptions): Promise<void> {
  const adminEmail = options.adminEmail.trim().toLowerCase();
  const needsAdmin = !(await adminPresent(db, adminEmail, true));
  // Hashing and drawing happen outside the transaction, and only on an install without an admin.
  const passwordHash = needsAdmin ? await hashPassword(options.adminPassword) : null;
  const profileImage = needsAdmin && options.storage ? await adminPhoto(options.storage) : null;

  await db.transaction(async (tx) => {
    // Servers starting together queue here instead of racing for the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketplace:seed-essentials'))`);
    await tx
      .insert(settings)
      .values(DEFAULT_SETTINGS.map((s) => ({ key: s.key, value: s.value, isSecret: s.isSecret ?? false })))
      .onConflictDoNothing();
    await tx
      .insert(languages)
      .values(
        Object.entries(shippedLanguages).map(([code, l]) => ({
          code,
          name: l.name,
          nativeName: l.nativeName,
          isRtl: l.isRtl,
          isDefault: code === 'en',
          strings: {},
        })),
      )
      .onConflictDoNothing();
    await seedStarterPackage(tx);
    if (passwordHash && !(await adminPresent(tx, adminEmail))) {
      await tx
        .insert(users)
        .values({
          name: 'Site Admin',
          email: adminEmail,
          mobile: (await mobileTaken(tx, ADMIN_MOBILE)) ? null : ADMIN_MOBILE,
          passwordHash,
          type: 'admin',
          logintype: 'email',
          profileImage,
          address: ADMIN_ADDRESS,
          isActive: true,
          verificationStatus: 'success',
          slug: await freeUserSlug(tx, 'site-admin'),
        })
        .onConflictDoNothing();
    }
  });
}

/** The free package a fresh install offers, so owners can list before the admin sets up paid ones. */
export const STARTER_PACKAGE = {
  name: 'Free',
  durationDays: 30,
  features: [
    { feature: 'property_list', limit: 3 },
    { feature: 'project_list', limit: 1 },
  ],
} as const;

/**
 * Once per install (a settings marker, so an admin who later removes it is not overruled on the next start),
 * the starter free package.
 */
async function seedStarterPackage(tx: Executor) {
  const first = await tx
    .insert(settings)
    .values({ key: 'starter_package_seeded', value: true })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  if (!first.length) return;
  const [pkg] = await tx
    .insert(packages)
    .values({ name: STARTER_PACKAGE.name, priceMinor: 0, durationDays: STARTER_PACKAGE.durationDays, sortOrder: 0 })
    .returning({ id: packages.id });
  await tx.insert(packageFeatures).values(STARTER_PACKAGE.features.map((f) => ({ ...f, packageId: pkg!.id })));
}

/** An admin exists, or ADMIN_EMAIL already belongs to an account (which is then left as it is). */
async function adminPresent(db: Executor, email: string, warn = false): Promise<boolean> {
  const [row] = await db
    .select({ type: users.type })
    .from(users)
    .where(or(eq(users.type, 'admin'), eq(users.email, email)))
    .orderBy(sql`${users.type} = 'admin' desc`)
    .limit(1);
  if (warn && row && row.type !== 'admin')
    logger.warn('ADMIN_EMAIL belongs to an account that is not an admin; no admin was created', { email });
  return Boolean(row);
}

async function mobileTaken(db: Executor, mobile: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
  return Boolean(row);
}

async function freeUserSlug(db: Executor, base: string): Promise<string> {
  const rows = await db
    .select({ slug: users.slug })
    .from(users)
    .where(like(users.slug, `${base}%`));
  return uniqueSlug(base, new Set(rows.map((r) => r.slug)));
}

async function adminPhoto(storage: FileStorage): Promise<ImageRecord> {
  return createImageVariants(await drawDemoAvatar(186), {
    keyPrefix: 'seed/avatar-admin',
    storage,
    widths: [160, 320],
  });
}
