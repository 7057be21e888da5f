/** The app shell's browser side effects, as plain functions returning a cleanup so they are easy to test. */

const FALLBACK_DONE = 'done';

function swapToPlaceholder(img: HTMLImageElement, placeholderUrl: string): void {
  // Once per image: if the placeholder fails too, it stays broken rather than looping.
  if (img.dataset['noFallback'] !== undefined || img.dataset['fallback'] === FALLBACK_DONE) return;
  img.dataset['fallback'] = FALLBACK_DONE;
  // A <picture> would keep offering its broken sources: remove them so the placeholder is used.
  if (img.parentElement instanceof HTMLPictureElement)
    img.parentElement.querySelectorAll('source').forEach((source) => source.remove());
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = placeholderUrl;
  img.style.opacity = '0.5';
}

/**
 * Swaps a failed image for the placeholder logo at half opacity, once per image (spec section 2). Images opt
 * out with `data-no-fallback`. `error` does not bubble, hence the capture-phase listener on the document; images
 * that failed before the shell hydrated (it loads on idle) are found by decoding the finished-but-empty ones.
 */
export function installImageFallback(doc: Document, placeholderUrl: () => string): () => void {
  const onError = (event: Event) => {
    if (event.target instanceof HTMLImageElement) swapToPlaceholder(event.target, placeholderUrl());
  };
  doc.addEventListener('error', onError, true);
  for (const img of Array.from(doc.images)) {
    if (!img.getAttribute('src') || !img.complete || img.naturalWidth > 0) continue;
    // decode() rejects only for a broken image (an SVG without intrinsic size also reports width 0, but decodes).
    img.decode?.().catch(() => {
      if (img.complete && img.naturalWidth === 0) swapToPlaceholder(img, placeholderUrl());
    });
  }
  return () => doc.removeEventListener('error', onError, true);
}

/**
 * Blocks the context menu and developer-tools shortcuts when the site enables it (spec section 2): F12,
 * Ctrl+Shift+I/J/C (Cmd+Option+I/J/C on macOS) and Ctrl+U (view source). A deterrent only, never security.
 */
export function installDevtoolsBlock(target: Window): () => void {
  const onContextMenu = (event: Event) => event.preventDefault();
  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key.toUpperCase();
    const mod = event.ctrlKey || event.metaKey;
    const blocked =
      key === 'F12' ||
      (mod && (event.shiftKey || event.altKey) && ['I', 'J', 'C'].includes(key)) ||
      (mod && !event.shiftKey && !event.altKey && key === 'U');
    if (blocked) event.preventDefault();
  };
  target.addEventListener('contextmenu', onContextMenu);
  target.addEventListener('keydown', onKeyDown);
  return () => {
    target.removeEventListener('contextmenu', onContextMenu);
    target.removeEventListener('keydown', onKeyDown);
  };
}

/** Chat needs Server-Sent Events; notifications need service workers, Push and the Notification API. */
export function chatAndPushSupported(win: Window): boolean {
  return 'serviceWorker' in win.navigator && 'PushManager' in win && 'EventSource' in win && 'Notification' in win;
}

export const BANNER_DISMISSED_KEY = 'marketplace.unsupported-banner-dismissed';

/** Whether the unsupported-browser banner is due: chat or push cannot work here and it was not dismissed. */
export function unsupportedBannerDue(win: Window): boolean {
  return !sessionFlag.get(() => win.sessionStorage, BANNER_DISMISSED_KEY) && !chatAndPushSupported(win);
}

/** sessionStorage that never throws (private modes, disabled storage): a failed read is "not set". */
export const sessionFlag = {
  get(storage: () => Storage, key: string): boolean {
    try {
      return storage().getItem(key) === '1';
    } catch {
      return false;
    }
  },
  set(storage: () => Storage, key: string): void {
    try {
      storage().setItem(key, '1');
    } catch {
      // Without storage the question is just asked again on the next page.
    }
  },
};

export const GEOLOCATION_ASKED_KEY = 'marketplace.geolocation-asked';

/**
 * Asks for the visitor's position once per browser session, and only when none is stored; refusals and errors
 * are ignored (spec section 2). Skips the prompt when the visitor already denied it.
 */
export async function requestLocationOnce(
  win: Window,
  stored: unknown,
  save: (location: { latitude: number; longitude: number }) => void,
): Promise<void> {
  const nav = win.navigator;
  if (stored || !('geolocation' in nav)) return;
  const session = () => win.sessionStorage;
  if (sessionFlag.get(session, GEOLOCATION_ASKED_KEY)) return;
  sessionFlag.set(session, GEOLOCATION_ASKED_KEY);
  try {
    const status = await nav.permissions?.query({ name: 'geolocation' });
    if (status?.state === 'denied') return;
  } catch {
    // No Permissions API for geolocation here: just ask.
  }
  nav.geolocation.getCurrentPosition(
    (position) => save({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
    () => {},
    { maximumAge: 60 * 60 * 1000, timeout: 15_000 },
  );
}

/** The push service worker's fixed path; public/sw.js. */
export const PUSH_WORKER_URL = '/sw.js';

/**
 * Registers the push service worker when a push token exists and permission was given (spec section 2). No
 * token is the usual case (a visitor who never enabled push) and stays quiet.
 */
export async function registerPushWorker(win: Window & typeof globalThis, fcmToken: string | null): Promise<void> {
  if (!fcmToken) return;
  try {
    if (!('serviceWorker' in win.navigator) || !('Notification' in win)) throw new Error('messaging unsupported');
    if (win.Notification.permission !== 'granted') throw new Error('notification permission not granted');
    await win.navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  } catch (error) {
    // Push problems are only logged (spec section 8).
    console.warn('push registration skipped:', error instanceof Error ? error.message : error);
  }
}

/**
 * Keeps this browser's Web Push subscription in step with the account: subscribes a signed-in user who already
 * granted permission, unsubscribes after sign-out. The push code is imported only then, so it never weighs on a
 * visitor's page (asking for permission is left to a button: src/islands/chat/PushToggle.tsx).
 */
export function syncPush(win: Window & typeof globalThis, signedIn: boolean, fcmToken: string | null): void {
  if (!('serviceWorker' in win.navigator) || !('Notification' in win)) return;
  const granted = win.Notification.permission === 'granted';
  if (signedIn ? !granted : !fcmToken) return;
  import('../chat/push-client.ts')
    .then((push) => (signedIn ? push.syncPushSubscription(win) : push.dropPushSubscription(win)))
    .catch((error: unknown) => console.warn('push sync skipped:', error instanceof Error ? error.message : error));
}
