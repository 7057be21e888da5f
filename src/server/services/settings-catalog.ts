import { z } from 'zod';
import { sanitizeRichText } from '../content/rich-text.ts';
import { validationMessages as m } from '../../lib/validation/messages.ts';
import { isOrigin, splitOrigins } from '../web/origins.ts';

/** The kinds of setting the console knows how to show and read back. */
export type SettingType =
  'text' | 'textarea' | 'richtext' | 'boolean' | 'color' | 'email' | 'url' | 'secret' | 'methods' | 'order';

export const SETTING_GROUPS = [
  'company',
  'currency',
  'appearance',
  'apps',
  'access',
  'maps',
  'payments',
  'seo',
  'pages',
  'home',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingDefinition {
  key: string;
  group: SettingGroup;
  type: SettingType;
  /** Reads a submitted value (a form string or a JSON value) into what is stored. */
  schema: z.ZodType<unknown>;
  /** Never sent to browsers or returned by any call; write-only in the console. */
  isSecret: boolean;
  /** Translation key of a note the console shows under the field, if any. */
  hint: string | null;
  /** Translation key of the field's label (`admin.settings.fields.<key>`). */
  label: string;
}

export const PAYMENT_METHODS = ['stripe', 'paypal', 'paystack', 'flutterwave', 'razorpay', 'bank_transfer'] as const;

/** The home page's sections below the banner, in the order an admin may change. */
export const HOME_SECTIONS = [
  'featured',
  'categories',
  'most_viewed',
  'most_liked',
  'latest',
  'cities',
  'projects',
  'agents',
  'articles',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

const flag = z.union([
  z.boolean(),
  z.enum(['1', '0', 'true', 'false', 'on', 'off', '']).transform((v) => v === '1' || v === 'true' || v === 'on'),
]);
const text = (max: number) => z.string({ error: m.required }).trim().max(max, 'admin.errors.too_long');
const color = z
  .string({ error: m.required })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'admin.settings.errors.color')
  .transform((v) => v.toLowerCase());
/** The ISO 4217 currencies this runtime can format (Intl's list: every currency in use). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** An ISO 4217 code of a real currency (prices are formatted with it), in capitals. */
const currencyCode = z
  .string({ error: m.required })
  .trim()
  .toUpperCase()
  .refine((code) => CURRENCIES.has(code), 'admin.settings.errors.currency_code');
const email = z
  .string({ error: m.required })
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || z.email().safeParse(v).success, m.email);
/** An http(s) address, or a path on this site (the shipped placeholder logo is one). */
const url = z
  .string({ error: m.required })
  .trim()
  .max(500, 'admin.errors.too_long')
  .refine(
    (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'admin.settings.errors.url',
  );
/** Other sites' origins (docs/decisions/043), given one per line or separated by commas, stored one per line. */
const origins = z
  .string({ error: m.required })
  .max(2000, 'admin.errors.too_long')
  .transform(splitOrigins)
  .refine((list) => list.every(isOrigin), 'admin.settings.errors.origins')
  .transform((list) => [...new Set(list)].join('\n'));
const richText = z
  .string({ error: m.required })
  .max(200_000, 'admin.errors.too_long')
  .transform((v) => sanitizeRichText(v));
const methods = z
  .record(z.string(), flag)
  .transform((given) =>
    Object.fromEntries(PAYMENT_METHODS.map((method) => [method, given[method] ?? false])),
  ) as z.ZodType<unknown>;
/** Every section once, in the given order; sections left out keep their place at the end. */
const order = z
  .array(z.enum(HOME_SECTIONS, { error: 'admin.settings.errors.section' }))
  .transform((given) => [...new Set([...given, ...HOME_SECTIONS])]) as z.ZodType<unknown>;

const SCHEMAS: Record<Exclude<SettingType, 'text' | 'textarea'>, z.ZodType<unknown>> = {
  richtext: richText,
  boolean: flag,
  color,
  email,
  url,
  secret: text(2000),
  methods,
  order,
};

type Entry = [key: string, type: SettingType, extra?: { schema?: z.ZodType<unknown>; hint?: string }];

const GROUPED: Record<SettingGroup, Entry[]> = {
  company: [
    ['company_name', 'text', { schema: text(120).min(1, m.required) }],
    ['company_email', 'email'],
    ['company_phone', 'text', { schema: text(40) }],
    ['company_address', 'textarea', { schema: text(500) }],
  ],
  currency: [
    ['currency_symbol', 'text', { schema: text(5).min(1, m.required) }],
    ['currency_code', 'text', { schema: currencyCode }],
    ['number_with_suffix', 'boolean'],
  ],
  appearance: [
    ['svg_clr', 'color'],
    ['web_placeholder_logo', 'url'],
  ],
  apps: [
    ['appstore_id', 'text', { schema: text(100) }],
    ['playstore_id', 'text', { schema: text(200) }],
  ],
  access: [
    ['verification_required_for_user', 'boolean'],
    ['auto_approve_verified_agents', 'boolean'],
    ['demo_mode', 'boolean', { hint: 'admin.settings.demo_mode_hint' }],
    ['allowed_origins', 'textarea', { schema: origins }],
  ],
  maps: [['maps_api_key', 'text', { schema: text(300) }]],
  payments: [
    ['payment_methods', 'methods'],
    ['stripe_publishable_key', 'text', { schema: text(300) }],
    ['stripe_secret_key', 'secret'],
    ['stripe_webhook_secret', 'secret'],
    ['paypal_client_id', 'text', { schema: text(300) }],
    ['paypal_client_secret', 'secret'],
    ['paypal_webhook_id', 'secret'],
    ['paystack_public_key', 'text', { schema: text(300) }],
    ['paystack_secret_key', 'secret'],
    ['flutterwave_public_key', 'text', { schema: text(300) }],
    ['flutterwave_secret_key', 'secret'],
    ['flutterwave_webhook_hash', 'secret'],
    ['razorpay_key_id', 'text', { schema: text(300) }],
    ['razorpay_key_secret', 'secret'],
    ['razorpay_webhook_secret', 'secret'],
    ['bank_transfer_instructions', 'textarea', { schema: text(2000) }],
  ],
  seo: [
    ['seo_title', 'text', { schema: text(60) }],
    ['seo_description', 'textarea', { schema: text(160) }],
  ],
  pages: [
    ['about_us', 'richtext', { hint: 'admin.settings.page_default_hint' }],
    ['privacy_policy', 'richtext', { hint: 'admin.settings.page_default_hint' }],
    ['terms_conditions', 'richtext', { hint: 'admin.settings.page_default_hint' }],
  ],
  home: [['home_sections', 'order']],
};

/** Every setting the console shows, in page order. */
export const SETTINGS_CATALOG: readonly SettingDefinition[] = SETTING_GROUPS.flatMap((group) =>
  GROUPED[group].map(([key, type, extra = {}]) => ({
    key,
    group,
    type,
    schema: extra.schema ?? (type === 'text' || type === 'textarea' ? text(1000) : SCHEMAS[type]),
    isSecret: type === 'secret',
    hint: extra.hint ?? null,
    label: `admin.settings.fields.${key}`,
  })),
);

export const settingDefinition = (key: string) => SETTINGS_CATALOG.find((s) => s.key === key);

/** The stored section order, or the default one, always naming every section once. */
export function homeSectionOrder(value: unknown): HomeSection[] {
  const parsed = order.safeParse(value);
  return parsed.success ? (parsed.data as HomeSection[]) : [...HOME_SECTIONS];
}
