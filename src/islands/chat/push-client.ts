/**
 * Web Push in the browser, loaded on demand (the app shell's budget has no room for it): registers the service
 * worker at its fixed path, subscribes with the server's VAPID key and tells the server. Problems are only
 * logged (spec section 8).
 */
import { api } from '../../stores/api.ts';
import { setFcmToken } from '../../stores/app-state.ts';
import { PUSH_WORKER_URL } from '../shell/effects.ts';

type PushWindow = Window & typeof globalThis;
export type PushState = 'on' | 'denied' | 'unsupported' | 'failed';

const SYNCED_KEY = 'marketplace.push-synced';

const supported = (win: PushWindow) =>
  'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  Boolean(a) && new Uint8Array(a!).length === b.length && new Uint8Array(a!).every((byte, i) => byte === b[i]);

async function subscribe(win: PushWindow): Promise<void> {
  const registration = await win.navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  await win.navigator.serviceWorker.ready;
  const { public_key } = await api.get<{ public_key: string }>('push/public-key');
  const key = keyBytes(public_key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api.post('push/subscribe', subscription.toJSON() as Record<string, unknown>);
  setFcmToken(subscription.endpoint);
  try {
    win.sessionStorage.setItem(SYNCED_KEY, subscription.endpoint);
  } catch {
    // Without storage the subscription is sent again on the next page: harmless.
  }
}

/** After the user pressed a button: asks for permission, then subscribes. */
export async function enablePush(win: PushWindow): Promise<PushState> {
  if (!supported(win)) return 'unsupported';
  try {
    const permission = await win.Notification.requestPermission();
    if (permission !== 'granted') return 'denied';
    await subscribe(win);
    return 'on';
  } catch (error) {
    console.warn('push subscription failed:', error instanceof Error ? error.message : error);
    return 'failed';
  }
}

/** On a signed-in page with permission already given: subscribes once per browser session. */
export async function syncPushSubscription(win: PushWindow): Promise<void> {
  if (!supported(win) || win.Notification.permission !== 'granted') return;
  try {
    if (win.sessionStorage.getItem(SYNCED_KEY)) return;
  } catch {
    // No session storage: sync anyway.
  }
  try {
    await subscribe(win);
  } catch (error) {
    console.warn('push subscription failed:', error instanceof Error ? error.message : error);
  }
}

/** After signing out: this browser must stop receiving the account's notifications. */
export async function dropPushSubscription(win: PushWindow): Promise<void> {
  setFcmToken(null);
  try {
    win.sessionStorage.removeItem(SYNCED_KEY);
    const registration = await win.navigator.serviceWorker.getRegistration('/');
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch (error) {
    console.warn('push unsubscribe failed:', error instanceof Error ? error.message : error);
  }
}
