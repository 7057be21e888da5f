import { useEffect, useState } from 'react';
import { IslandI18nProvider, useTranslation, type IslandI18n } from '../i18n.tsx';
import type { PushState } from './push-client.ts';

type State = PushState | 'unknown' | 'off';

function Toggle() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('unknown');

  useEffect(() => {
    const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
    if (!supported) setState('unsupported');
    else if (Notification.permission === 'denied') setState('denied');
    else setState(Notification.permission === 'granted' ? 'on' : 'off');
  }, []);

  const enable = async () => {
    const { enablePush } = await import('./push-client.ts');
    setState(await enablePush(window));
  };

  // The banner of the app shell already tells browsers without push; before hydration nothing is known.
  if (state === 'unknown' || state === 'unsupported') return null;
  return (
    <div className="push-toggle">
      {state === 'off' && (
        <button type="button" className="button button--secondary" onClick={enable}>
          {t('notifications.enable_push')}
        </button>
      )}
      <p role="status" className="field__hint">
        {state === 'on'
          ? t('notifications.push_enabled')
          : state === 'denied'
            ? t('notifications.push_denied')
            : state === 'failed'
              ? t('notifications.push_failed')
              : ''}
      </p>
    </div>
  );
}

/** "Turn on notifications in this browser": asks for permission only when pressed, then subscribes to Web Push. */
export default function PushToggle({ i18n }: { i18n: IslandI18n }) {
  return (
    <IslandI18nProvider i18n={i18n}>
      <Toggle />
    </IslandI18nProvider>
  );
}
