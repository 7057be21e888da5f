/** The app shell's browser side effects, as plain functions returning a cleanup so they are easy to test. */

/** Swaps a failed image for the placeholder logo at half opacity, once per image (spec section 2). */
export function installImageFallback(doc: Document, placeholderUrl: string): () => void {
  const onError = (event: Event) => {
    const img = event.target;
    if (
      !(img instanceof HTMLImageElement) ||
      img.dataset['noFallback'] !== undefined ||
      img.dataset['fallback'] === 'done'
    )
      return;
    img.dataset['fallback'] = 'done';
    // A <picture> would keep offering its broken sources: remove them so the placeholder is used.
    if (img.parentElement instanceof HTMLPictureElement)
      img.parentElement.querySelectorAll('source').forEach((s) => s.remove());
    img.removeAttribute('srcset');
    img.src = placeholderUrl;
    img.style.opacity = '0.5';
  };
  doc.addEventListener('error', onError, true);
  return () => doc.removeEventListener('error', onError, true);
}

/** Blocks the context menu and developer-tools shortcuts when the site enables it (spec section 2). */
export function installDevtoolsBlock(target: Window): () => void {
  const onContextMenu = (event: Event) => event.preventDefault();
  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key.toUpperCase();
    const mod = event.ctrlKey || event.metaKey;
    const blocked =
      key === 'F12' ||
      (mod && (event.shiftKey || event.altKey) && ['I', 'J', 'C'].includes(key)) ||
      (mod && key === 'U');
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
  return 'EventSource' in win && 'Notification' in win && 'PushManager' in win && 'serviceWorker' in win.navigator;
}

/** Asks for the visitor's position once, when none is stored; refusals and errors are ignored. */
export function requestLocationOnce(
  nav: Navigator,
  stored: unknown,
  save: (location: { latitude: number; longitude: number }) => void,
): void {
  if (stored || !('geolocation' in nav)) return;
  nav.geolocation.getCurrentPosition(
    (position) => save({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
    () => {},
    { maximumAge: 60 * 60 * 1000, timeout: 15_000 },
  );
}

/** Registers the push service worker at its fixed path when a push token exists and permission was given. */
export async function registerPushWorker(win: Window & typeof globalThis, fcmToken: string | null): Promise<void> {
  if (!fcmToken) return;
  try {
    if (!('serviceWorker' in win.navigator) || !('Notification' in win)) throw new Error('messaging unsupported');
    if (win.Notification.permission !== 'granted') throw new Error('permission not granted');
    await win.navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    // Push problems are only logged (spec section 8).
    console.warn('push registration skipped:', error instanceof Error ? error.message : error);
  }
}
