import webpush from 'web-push';
import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { findNotification } from '../repositories/notification-repository.ts';
import {
  deletePushSubscription,
  deletePushSubscriptionsByIds,
  listPushSubscriptions,
  trimPushSubscriptions,
  upsertPushSubscription,
} from '../repositories/push-repository.ts';
import { findUserById } from '../repositories/user-repository.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { INSTANCE_ID } from '../realtime/events.ts';
import { languageCatalog } from './language-service.ts';
import { notificationText, notificationUrl } from './notification-view.ts';
import { loadVapidKeys, type VapidKeys } from './push-vapid.ts';

/** Browsers per account that keep receiving pushes; older subscriptions are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/** How long a push service keeps an undelivered push (the phone is off): a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

const base64url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[\w-]+={0,2}$/, message)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, message);

/** A push endpoint is https; a test's local fake push service may be http on the loopback. */
function allowedEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return env().NODE_ENV === 'test' && url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);
}

/** The browser's PushSubscription as `toJSON()` gives it, or the same fields flat (form posts). */
export const subscriptionSchema = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const value = raw as Record<string, unknown>;
    const keys = (typeof value['keys'] === 'object' && value['keys']) || {};
    return {
      endpoint: value['endpoint'],
      p256dh: (keys as Record<string, unknown>)['p256dh'] ?? value['p256dh'],
      auth: (keys as Record<string, unknown>)['auth'] ?? value['auth'],
    };
  },
  z.object({
    endpoint: z.string({ error: 'push.endpoint_invalid' }).max(2000, 'push.endpoint_invalid').refine(allowedEndpoint, {
      message: 'push.endpoint_invalid',
    }),
    p256dh: base64url(65, 'push.keys_invalid'),
    auth: base64url(16, 'push.keys_invalid'),
  }),
);

/** Saves the browser's push subscription for the signed-in user (a repeat is harmless). */
export async function savePushSubscription(db: Database, actor: SessionUser, input: unknown) {
  const values = subscriptionSchema.parse(input);
  const row = await db.transaction(async (tx) => {
    const saved = await upsertPushSubscription(tx, { userId: actor.id, sessionId: actor.sessionId, ...values });
    await trimPushSubscriptions(tx, actor.id, MAX_SUBSCRIPTIONS_PER_USER);
    return saved;
  });
  return { id: row.id, endpoint: row.endpoint };
}

/** push/unsubscribe's body. */
export const unsubscribeSchema = z.object({ endpoint: z.string({ error: 'push.endpoint_invalid' }).max(2000) });

export async function removePushSubscription(db: Database, actor: SessionUser, input: unknown) {
  const { endpoint } = unsubscribeSchema.parse(input);
  return { removed: await deletePushSubscription(db, actor.id, endpoint) };
}

let cachedKeys: VapidKeys | undefined;

/** The server's VAPID keys (environment, or the pair kept in DATA_DIR), loaded once. */
export function vapidKeys(): VapidKeys {
  cachedKeys ??= loadVapidKeys(env());
  return cachedKeys;
}

export interface PushMessage {
  title: string;
  body: string;
  /** A path on this site the notification opens. */
  url: string;
  tag?: string;
}

/**
 * Sends one encrypted push (RFC 8291, aes128gcm) with a VAPID signature (RFC 8292) to each of the user's
 * browsers. web-push builds the request; we send it with fetch. Subscriptions the push service says are gone
 * (404, 410) are removed; other failures are only logged (spec section 8).
 */
export async function sendPushToUser(
  db: Database,
  userId: number,
  message: PushMessage,
  keys: VapidKeys = vapidKeys(),
): Promise<{ sent: number; removed: number; failed: number }> {
  const subscriptions = await listPushSubscriptions(db, userId);
  const gone: number[] = [];
  let sent = 0;
  let failed = 0;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(message),
          {
            vapidDetails: keys,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            ...(message.tag ? { topic: message.tag.replace(/[^\w-]/g, '').slice(0, 32) } : {}),
          },
        );
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body as Uint8Array<ArrayBuffer> | null,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) sent++;
        else if (response.status === 404 || response.status === 410) gone.push(subscription.id);
        else {
          failed++;
          logger.warn('push refused', { status: response.status, subscriptionId: subscription.id });
        }
      } catch (error) {
        failed++;
        logger.warn('push failed', { error: (error as Error).message, subscriptionId: subscription.id });
      }
    }),
  );
  await deletePushSubscriptionsByIds(db, gone);
  return { sent, removed: gone.length, failed };
}

/** Pushes a stored notification to its user's browsers, unless they turned notifications off in their profile. */
export async function pushNotification(db: Database, notificationId: number, keys?: VapidKeys) {
  const notification = await findNotification(db, notificationId);
  if (!notification) return null;
  const user = await findUserById(db, notification.userId);
  if (!user?.isActive || !user.notificationsEnabled) return null;
  // The push is composed once for all the user's browsers, in the site's default language.
  const catalog = await languageCatalog(db);
  const t = catalog.translator(catalog.defaultCode);
  return sendPushToUser(
    db,
    notification.userId,
    {
      title: notificationText(t, notification.title, notification.data),
      body: notificationText(t, notification.body, notification.data),
      url: notificationUrl(notification.data),
      tag: notification.type,
    },
    keys,
  );
}

/**
 * Sends the push for each notification this server published, once its transaction committed (the event bus
 * delivers NOTIFY at commit). Every server hears every event; only the publisher pushes, so a push goes once.
 */
export function startPushDispatcher(db: Database, bus: EventBus, keys?: VapidKeys): () => void {
  return bus.subscribe((event) => {
    if (event.type !== 'notification' || event.origin !== INSTANCE_ID) return;
    pushNotification(db, event.id, keys).catch((error: unknown) =>
      logger.warn('push failed', { error: (error as Error).message, notificationId: event.id }),
    );
  });
}
