import { useEffect } from 'react';
import { $appState, setLocation, setSettings, setUser } from '../../stores/app-state.ts';
import { IslandI18nProvider, type IslandI18n } from '../i18n.tsx';
import { installDevtoolsBlock, installImageFallback, registerPushWorker, requestLocationOnce } from './effects.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { Toasts } from './Toasts.tsx';
import { UnsupportedBanner } from './UnsupportedBanner.tsx';
import './shell.css';

export interface AppShellProps {
  i18n: IslandI18n;
  settings: { placeholderLogo: string; appstoreId: string };
  blockDevtools: boolean;
  /** The signed-in user as the server saw them, or null: the store mirrors the server. */
  user: { id: number; name: string } | null;
}

/** The app shell of spec section 2, on pages that hydrate islands. */
export default function AppShell({ i18n, settings, blockDevtools, user }: AppShellProps) {
  useEffect(() => {
    setUser(user);
    setSettings({ web_placeholder_logo: settings.placeholderLogo, appstore_id: settings.appstoreId });
    const cleanups = [installImageFallback(document, settings.placeholderLogo)];
    if (blockDevtools) cleanups.push(installDevtoolsBlock(window));
    const state = $appState.get();
    requestLocationOnce(navigator, state.cache.locationData, setLocation);
    void registerPushWorker(window, state.settings.fcmToken);
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [user, settings.placeholderLogo, settings.appstoreId, blockDevtools]);

  return (
    <IslandI18nProvider i18n={i18n}>
      <ProgressBar />
      <Toasts />
      <UnsupportedBanner appstoreId={settings.appstoreId} />
    </IslandI18nProvider>
  );
}
