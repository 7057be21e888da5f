import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { shippedLanguages } from '../../i18n/shipped.ts';
import type { Database } from '../client.ts';
import { languages, settings, users } from '../schema/index.ts';

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
  { key: 'maps_api_key', value: '' },
  { key: 'stripe_publishable_key', value: '' },
  { key: 'paystack_public_key', value: '' },
  {
    key: 'payment_methods',
    value: { stripe: false, paypal: false, paystack: false, flutterwave: false, razorpay: false, bank_transfer: true },
  },
  { key: 'about_us', value: '<p>We connect buyers, sellers and renters with owners and verified agents.</p>' },
  { key: 'privacy_policy', value: '<p>We keep only the data needed to run the marketplace and never sell it.</p>' },
  { key: 'terms_conditions', value: '<p>Listings must be accurate and lawful. Admins may remove any listing.</p>' },
];

export interface EssentialsOptions {
  adminEmail: string;
  adminPassword: string;
}

/** Idempotent: settings, the shipped languages and the admin account, each created only when missing. */
export async function seedEssentials(db: Database, options: EssentialsOptions): Promise<void> {
  const adminEmail = options.adminEmail.toLowerCase();
  const [existingAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail)).limit(1);
  const passwordHash = existingAdmin ? null : await hashPassword(options.adminPassword);
  await db.transaction(async (tx) => {
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
          // The shipped strings are the base (src/server/i18n/shipped.ts); stored strings are overrides.
          strings: {},
        })),
      )
      .onConflictDoNothing();
    if (passwordHash) {
      await tx.insert(users).values({
        name: 'Site Admin',
        email: adminEmail,
        mobile: '+15550100',
        passwordHash,
        type: 'admin',
        logintype: 'email',
        address: '1 Market Street, Springfield',
        isActive: true,
        verificationStatus: 'success',
        slug: 'site-admin',
      });
    }
  });
}
