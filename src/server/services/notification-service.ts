import { z } from 'zod';
import { MAX_ID } from '../../lib/validation/ids.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import type { Translator } from '../i18n/translator.ts';
import { publishEvent } from '../realtime/event-bus.ts';
import { INSTANCE_ID } from '../realtime/events.ts';
import {
  countUnreadNotifications,
  insertNotification,
  listNotifications,
  markNotificationsRead,
  type NotificationRow,
} from '../repositories/notification-repository.ts';
import { notificationView } from './notification-view.ts';

/**
 * What a feature tells a user. `title` and `body` are either finished text or translation keys
 * (`chat.notification_title`), translated when shown with `data.params` as the values; keys let each reader (and
 * the push, in the site's default language) see their own language.
 */
export interface NotificationInput {
  /** What happened, for clients that group or style: `chat_message`, `property_approved`, ... */
  type: string;
  title: string;
  body?: string;
  /** Anything the client needs: ids, `url` (a path on this site the notification opens), `params`. */
  data?: Record<string, unknown>;
  /** The user whose doing it tells of (and whose name it may show): deleting their account deletes it. */
  actorId?: number;
  /** The chat message it shows the start of: deleting the message deletes it. */
  messageId?: number;
}

/**
 * THE seam for every feature that tells a user something (a new message, a listing approved or rejected, a
 * package bought, interest shown, a verification result): call it inside the transaction that makes the change.
 * It stores the notification and publishes it; the user's open pages receive it live once the transaction
 * commits, and the server that published it sends the Web Push to the user's closed tabs. Nothing is published
 * if the transaction rolls back.
 */
export async function notify(tx: Executor, userId: number, input: NotificationInput): Promise<NotificationRow> {
  const row = await insertNotification(tx, {
    userId,
    type: input.type.slice(0, 64),
    title: input.title.slice(0, 300),
    body: (input.body ?? '').slice(0, 1000),
    data: input.data ?? {},
    actorId: input.actorId ?? null,
    messageId: input.messageId ?? null,
  });
  await publishEvent(tx, { type: 'notification', id: row.id, users: [userId], admins: false, origin: INSTANCE_ID });
  return row;
}

/** get_notification_list: newest first, with the unread count. */
export async function listUserNotifications(
  db: Database,
  actor: SessionUser,
  { offset, limit }: { offset: number; limit: number },
  t: Translator,
) {
  const { rows, total, unread } = await listNotifications(db, actor.id, { offset, limit });
  return { total, offset, limit, unread, items: rows.map((row) => notificationView(row, t)) };
}

const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v),
  z
    .array(z.coerce.number({ error: 'notifications.ids_invalid' }).int().positive().max(MAX_ID))
    .max(500, 'notifications.ids_invalid'),
);
/** mark-notifications-read's body. */
export const markSchema = z
  .object({
    ids: idList.optional(),
    all: z
      .union([z.boolean(), z.number(), z.string()])
      .optional()
      .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on'),
  })
  .refine((v) => v.all || (v.ids && v.ids.length > 0), { path: ['ids'], message: 'notifications.ids_invalid' });

/** mark-notifications-read: the given ids (other users' ids change nothing) or all; answers the unread count. */
export async function markUserNotificationsRead(db: Database, actor: SessionUser, input: unknown, now = new Date()) {
  const { ids, all } = markSchema.parse(input ?? {});
  const updated = await markNotificationsRead(db, actor.id, all ? 'all' : (ids ?? []), now);
  return { updated, unread: await countUnreadNotifications(db, actor.id) };
}

/** The header badge. */
export function unreadNotificationCount(db: Database, actor: SessionUser): Promise<number> {
  return countUnreadNotifications(db, actor.id);
}
