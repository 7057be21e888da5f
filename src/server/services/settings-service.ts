import { z } from 'zod';
import { cachedRead } from '../cache/read-cache.ts';
import type { Database } from '../db/client.ts';
import type { Translator } from '../i18n/translator.ts';
import { listPublicSettings } from '../repositories/settings-repository.ts';
import { siteName } from '../web/brand.ts';
import { homeSectionOrder } from './settings-catalog.ts';

/**
 * The settings the browser may see, with safe defaults so a missing row never breaks a page.
 * Secret settings (payment keys, SMTP passwords) are never read here.
 */
export const publicSettingsSchema = z.object({
  company_name: z.string().catch('Property Marketplace'),
  company_email: z.string().catch(''),
  company_phone: z.string().catch(''),
  company_address: z.string().catch(''),
  currency_symbol: z.string().catch('$'),
  currency_code: z.string().catch('USD'),
  number_with_suffix: z.boolean().catch(true),
  svg_clr: z.string().catch('#087c7c'),
  web_placeholder_logo: z.string().catch('/images/placeholder-logo.svg'),
  appstore_id: z.string().catch(''),
  playstore_id: z.string().catch(''),
  stripe_publishable_key: z.string().catch(''),
  paystack_public_key: z.string().catch(''),
  verification_required_for_user: z.boolean().catch(false),
  demo_mode: z.boolean().catch(false),
  maps_api_key: z.string().catch(''),
  seo_title: z.string().catch(''),
  seo_description: z.string().catch(''),
  home_sections: z.unknown().optional().transform(homeSectionOrder),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * Read by nearly every page and list call, changed only through the console: shared for a few seconds like the
 * other public reads (read-cache.ts), and frozen, since every caller gets the same object.
 */
export function getPublicSettings(db: Database): Promise<PublicSettings> {
  return cachedRead(db, 'public-settings', async () => {
    const rows = await listPublicSettings(db);
    const settings = publicSettingsSchema.parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
    Object.freeze(settings.home_sections);
    return Object.freeze(settings);
  });
}

/**
 * The name the site goes by outside its pages (mail subjects and texts, the sender's name, SMS): the company name
 * from the settings, else the translated default, as the pages' titles give it (siteName of brand.ts).
 */
export async function getSiteName(db: Database, t: Translator): Promise<string> {
  return siteName((await getPublicSettings(db)).company_name, t);
}
