import { useEffect } from 'react';
import { $appState, $placeholderLogo, mergeSettings, setLocation, syncServerUser } from '../../stores/app-state.ts';
import { IslandI18nProvider, type IslandI18n } from '../i18n.tsx';
import {
  installDevtoolsBlock,
  installImageFallback,
  registerPushWorker,
  requestLocationOnce,
  syncPush,
} from './effects.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { Toasts } from './Toasts.tsx';
import { UnsupportedBanner } from './UnsupportedBanner.tsx';
import './shell.css';

export interface AppShellProps {
  /** The page's language and the `shell` strings. */
  i18n: IslandI18n;
  /** Public settings the shell needs; empty strings mean "not set". */
  settings: { placeholderLogo: string; appstoreId: string };
  /** The site's "block developer tools" flag. */
  blockDevtools: boolean;
  /** The signed-in user as the server saw them, or null: the store mirrors the server. */
  user: { id: number; name: string } | null;
}

/**
 * The app shell of spec section 2, rendered once by the layout (client:idle) on pages that hydrate islands:
 * progress bar, toasts, unsupported-browser banner, and the start-up effects (store sync, image fallback,
 * geolocation, push worker, devtools block).
 */
export default function AppShell({ i18n, settings, blockDevtools, user }: AppShellProps) {
  const { placeholderLogo, appstoreId } = settings;
  const userId = user?.id ?? null;
  const userName = user?.name ?? null;

  useEffect(() => {
    syncServerUser(userId === null ? null : { id: userId, name: userName ?? '' });
  }, [userId, userName]);

  useEffect(() => {
    const patch: Record<string, unknown> = { appstore_id: appstoreId };
    // An unset logo must not hide a URL stored from an earlier web-settings reply.
    if (placeholderLogo) patch['web_placeholder_logo'] = placeholderLogo;
    mergeSettings(patch);
  }, [placeholderLogo, appstoreId]);

  useEffect(() => installImageFallback(document, () => $placeholderLogo.get()), []);

  useEffect(() => (blockDevtools ? installDevtoolsBlock(window) : undefined), [blockDevtools]);

  useEffect(() => syncPush(window, userId !== null, $appState.get().settings.fcmToken), [userId]);

  useEffect(() => {
    const state = $appState.get();
    void requestLocationOnce(window, state.cache.locationData, setLocation);
    void registerPushWorker(window, state.settings.fcmToken);
  }, []);

  return (
    <IslandI18nProvider i18n={i18n}>
      <ProgressBar />
      <Toasts />
      <UnsupportedBanner appstoreId={appstoreId} />
    </IslandI18nProvider>
  );
}
