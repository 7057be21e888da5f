import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n.tsx';
import { chatAndPushSupported } from './effects.ts';

const DISMISSED_KEY = 'marketplace.unsupported-banner-dismissed';

/** Bottom banner when chat and notifications cannot work in this browser; dismissed for the session. */
export function UnsupportedBanner({ appstoreId }: { appstoreId: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const dismissed = (() => {
      try {
        return sessionStorage.getItem(DISMISSED_KEY) === '1';
      } catch {
        return false;
      }
    })();
    setVisible(!dismissed && !chatAndPushSupported(window));
  }, []);

  if (!visible) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: the banner just comes back next page.
    }
    setVisible(false);
  };
  return (
    <aside className="shell-banner" aria-label={t('shell.browser_support')} data-testid="unsupported-banner">
      <p>{t('shell.unsupported_browser')}</p>
      {appstoreId && (
        <a
          className="shell-banner__link"
          href={`https://apps.apple.com/app/id${encodeURIComponent(appstoreId)}`}
          rel="noopener"
        >
          {t('shell.get_the_app')}
        </a>
      )}
      <button type="button" className="shell-banner__close" onClick={dismiss}>
        {t('shell.dismiss')}
      </button>
    </aside>
  );
}
