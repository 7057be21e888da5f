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

/** A settings page's HTML, made safe; empty when the admin has not written it. */
export async function settingPageHtml(db: Database, page: SettingPage): Promise<string> {
  const value = await findPublicSettingValue(db, SETTING_PAGES[page].setting);
  return typeof value === 'string' ? sanitizeRichText(value) : '';
}
