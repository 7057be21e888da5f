import { createTranslate } from '../../lib/i18n/translate.ts';
import { $apiActivity } from '../../stores/api-activity.ts';
import { $appState, $placeholderLogo, mergeSettings, setLocation, syncServerUser } from '../../stores/app-state.ts';
import { $toasts } from '../../stores/toasts.ts';
import type { IslandI18n } from '../i18n.tsx';
import {
  installDevtoolsBlock,
  installImageFallback,
  registerPushWorker,
  requestLocationOnce,
  syncPush,
  unsupportedBannerDue,
} from './effects.ts';
import { installProgressBar } from './progress-bar.ts';
import { installSiteMenu } from './site-menu.ts';

/** What the server passes the shell (src/components/layout/AppShell.astro). */
export interface ShellProps {
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
 * The app shell of spec section 2 on a page with islands: the start-up effects (store sync, image fallback,
 * geolocation, push worker, devtools block), the progress bar and the header menu's closing on Escape or outside
 * clicks run at once in plain script; the toasts and the unsupported-browser banner are React and are loaded by
 * `mountUi` only when the page has React islands anyway (they are what shows toasts), when this browser needs the
 * banner, or when something shows a toast. So the home and list pages, whose filters are plain script too, load no
 * framework. Returns a cleanup function.
 */
export function startShell(win: Window & typeof globalThis, props: ShellProps, mountUi: () => void): () => void {
  const doc = win.document;
  const { user, settings } = props;
  syncServerUser(user);
  const patch: Record<string, unknown> = { appstore_id: settings.appstoreId };
  // An unset logo must not hide a URL stored from an earlier web-settings reply.
  if (settings.placeholderLogo) patch['web_placeholder_logo'] = settings.placeholderLogo;
  mergeSettings(patch);

  const t = createTranslate(props.i18n.lang, props.i18n.strings);
  const cleanups = [
    installImageFallback(doc, () => $placeholderLogo.get()),
    installProgressBar(doc, t('shell.loading'), $apiActivity),
    installSiteMenu(doc),
  ];
  if (props.blockDevtools) cleanups.push(installDevtoolsBlock(win));
  const state = $appState.get();
  syncPush(win, user !== null, state.settings.fcmToken);
  void requestLocationOnce(win, state.cache.locationData, setLocation);
  void registerPushWorker(win, state.settings.fcmToken);

  let mounted = false;
  const mount = () => {
    if (mounted) return;
    mounted = true;
    stopWatching();
    mountUi();
  };
  const stopWatching = $toasts.listen((toasts) => {
    if (toasts.length > 0) mount();
  });
  cleanups.push(stopWatching);
  if (doc.querySelector('astro-island') || unsupportedBannerDue(win)) mount();
  return () => cleanups.forEach((cleanup) => cleanup());
}

/** The element AppShell.astro renders: its `data-props` hold the ShellProps; the React part mounts inside it. */
export const SHELL_ELEMENT_ID = 'app-shell';
/** The toasts' live region AppShell.astro renders, empty, on every page. */
export const TOAST_REGION_ID = 'shell-toasts';

/** Starts the shell from the page's markup; the React part loads when the browser is idle, as `client:idle` would. */
export function startShellOnPage(win: Window & typeof globalThis): void {
  const root = win.document.getElementById(SHELL_ELEMENT_ID);
  const toastRegion = win.document.getElementById(TOAST_REGION_ID);
  if (!root?.dataset['props'] || !toastRegion) return;
  const props = JSON.parse(root.dataset['props']) as ShellProps;
  // Safari has no requestIdleCallback.
  const whenIdle = (run: () => void) =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(run, { timeout: 2000 })
      : setTimeout(run, 200);
  startShell(win, props, () =>
    whenIdle(() => {
      void import('./ShellUi.tsx').then(({ mountShellUi }) =>
        mountShellUi(root, { i18n: props.i18n, appstoreId: props.settings.appstoreId, toastRegion }),
      );
    }),
  );
  // Tests wait for this before they interact (tests/e2e/support/hydration.ts).
  root.dataset['enhanced'] = '';
}
