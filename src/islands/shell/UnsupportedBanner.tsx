import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { BANNER_DISMISSED_KEY, sessionFlag, unsupportedBannerDue } from './effects.ts';

/** The App Store page of the site's iOS app. */
export const appStoreUrl = (appstoreId: string) => `https://apps.apple.com/app/id${encodeURIComponent(appstoreId)}`;

/**
 * Bottom banner when chat and notifications cannot work in this browser (spec sections 2 and 8), with a link
 * to the app when the site has an App Store id. Dismissed for the rest of the browser session.
 */
export function UnsupportedBanner({ appstoreId }: { appstoreId: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  // Decided after hydration: the server cannot know the browser, and the first render must match its HTML.
  useEffect(() => setVisible(unsupportedBannerDue(window)), []);

  if (!visible) return null;
  const dismiss = () => {
    sessionFlag.set(() => window.sessionStorage, BANNER_DISMISSED_KEY);
    setVisible(false);
  };
  return (
    <aside className="shell-banner" aria-label={t('shell.browser_support')} data-testid="unsupported-banner">
      <p className="shell-banner__text">{t('shell.unsupported_browser')}</p>
      {appstoreId.trim() && (
        <a className="shell-banner__link" href={appStoreUrl(appstoreId.trim())} rel="noopener">
          {t('shell.get_the_app')}
        </a>
      )}
      <button type="button" className="shell-banner__close" onClick={dismiss}>
        {t('shell.dismiss')}
      </button>
    </aside>
  );
}
