import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { findUserVerificationStatus } from '../repositories/user-repository.ts';
import { siteUrl } from '../web/site.ts';
import { demoModeOn } from './demo-mode.ts';
import { languageCatalog } from './language-service.ts';
import { hasPackageFeature } from './package-service.ts';
import { getPublicSettings } from './settings-service.ts';

/**
 * web-settings: what a client needs before its first page, in one call. The public settings; the caller's own
 * verification status (null for a visitor, who has no account to verify) and whether they may see premium
 * listings' details (a package with premium_properties, or an admin; false for a visitor); and the active
 * languages with the default one, for a language menu. The logo, a path on this site or an address elsewhere, is
 * absolute for clients on other hosts (docs/decisions/043).
 */
export async function getWebSettings(db: Database, user: SessionUser | null) {
  const [publicSettings, catalog, verificationStatus, isPremium] = await Promise.all([
    getPublicSettings(db),
    languageCatalog(db),
    user ? findUserVerificationStatus(db, user.id) : null,
    hasPackageFeature(db, user, 'premium_properties'),
  ]);
  const logo = publicSettings.web_placeholder_logo;
  return {
    ...publicSettings,
    demo_mode: demoModeOn(publicSettings.demo_mode),
    web_placeholder_logo: logo && siteUrl(logo).href,
    selected_currency_data: { code: publicSettings.currency_code, symbol: publicSettings.currency_symbol },
    verification_status: verificationStatus,
    is_premium: isPremium,
    languages: catalog.languages.map((language) => ({
      code: language.code,
      name: language.name,
      native_name: language.nativeName,
      direction: language.isRtl ? ('rtl' as const) : ('ltr' as const),
    })),
    default_language: catalog.defaultCode,
  };
}
