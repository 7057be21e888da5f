import { sanitizeRichText } from '../content/rich-text.ts';
import type { Database } from '../db/client.ts';
import { listActiveFaqs } from '../repositories/content-repository.ts';
import { findPublicSettingValue } from '../repositories/settings-repository.ts';

export async function listFaqs(db: Database, page: { offset: number; limit: number }) {
  const { rows, total } = await listActiveFaqs(db, page);
  return { total, ...page, items: rows };
}

/** The pages whose text admins write in the settings (spec: about, privacy policy, terms). */
export const SETTING_PAGES = {
  'about-us': { setting: 'about_us', title: 'pages.about' },
  'privacy-policy': { setting: 'privacy_policy', title: 'pages.privacy' },
  'terms-and-conditions': { setting: 'terms_conditions', title: 'pages.terms' },
} as const;
export type SettingPage = keyof typeof SETTING_PAGES;

/**
 * The one-sentence texts earlier releases stored for these pages: a site still holding one has not written its
 * own, and shows the shipped default text instead (as a site whose setting is empty does).
 */
const EARLIER_SHIPPED_TEXTS = new Set([
  '<p>We connect buyers, sellers and renters with owners and verified agents.</p>',
  '<p>We keep only the data needed to run the marketplace and never sell it.</p>',
  '<p>Listings must be accurate and lawful. Admins may remove any listing.</p>',
]);

/**
 * A settings page's HTML, made safe; empty when the admin has not written it, where the page shows the shipped
 * default text in the visitor's language (`pages.default_text.<setting>`).
 */
export async function settingPageHtml(db: Database, page: SettingPage): Promise<string> {
  const value = await findPublicSettingValue(db, SETTING_PAGES[page].setting);
  if (typeof value !== 'string' || EARLIER_SHIPPED_TEXTS.has(value.trim())) return '';
  return sanitizeRichText(value);
}
