import { isAdmin, type SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import type { Translator } from '../i18n/translator.ts';
import { logger } from '../logger.ts';
import { eventBus } from '../realtime/event-bus.ts';
import { isFor, type ConversationEvent, type RealtimeEvent } from '../realtime/events.ts';
import { findMessage, listMessagesAfter } from '../repositories/chat-repository.ts';
import { countUnreadNotifications, findNotification } from '../repositories/notification-repository.ts';
import { conversationKey, conversationOf, type Viewer } from './chat-conversation.ts';
import { messageView } from './chat-service.ts';
import { notificationView } from './notification-view.ts';

/** One Server-Sent Event: `id` only on messages, so Last-Event-ID is the newest message the browser has. */
export interface StreamEvent {
  event: 'message' | 'deleted' | 'typing' | 'read' | 'notification';
  data: unknown;
  id?: string;
}

/** How many missed messages a reconnecting stream is sent before it should reload instead. */
const RESUME_LIMIT = 200;

const conversationOfEvent = (viewer: Viewer, event: ConversationEvent) => {
  const ref = conversationOf(viewer, {
    senderId: event.from,
    senderIsAdmin: event.fromSite,
    receiverId: event.to,
    toAdmin: event.to === null,
    propertyId: event.property,
  });
  return ref ? conversationKey(ref) : null;
};

/**
 * The live side of chat and notifications for one signed-in user's stream: subscribes to the event bus, keeps
 * the events meant for the user, loads the rows they name (events carry ids only) and hands them to `send` in
 * order. With `lastEventId`, the messages since that one are sent first. Returns the unsubscribe function.
 */
export async function openChatStream(
  db: Database,
  actor: SessionUser,
  t: Translator,
  lastEventId: number | null,
  send: (event: StreamEvent) => Promise<void>,
): Promise<() => void> {
  const viewer: Viewer = { id: actor.id, isAdmin: isAdmin(actor) };
  let newestSent = lastEventId ?? 0;
  let queue = Promise.resolve();

  const toStreamEvent = async (event: RealtimeEvent): Promise<StreamEvent | null> => {
    switch (event.type) {
      case 'message': {
        if (event.id <= newestSent) return null;
        const row = await findMessage(db, event.id);
        const view = row ? messageView(viewer, row) : null;
        if (!view) return null;
        newestSent = Math.max(newestSent, view.id);
        return { event: 'message', id: String(view.id), data: view };
      }
      case 'deleted':
      case 'typing': {
        const conversation = conversationOfEvent(viewer, event);
        if (!conversation) return null;
        return event.type === 'deleted'
          ? { event: 'deleted', data: { id: event.id, conversation } }
          : { event: 'typing', data: { conversation } };
      }
      case 'read': {
        const conversation = conversationOfEvent(viewer, event);
        return conversation ? { event: 'read', data: { conversation, up_to: event.upTo } } : null;
      }
      case 'notification': {
        const row = await findNotification(db, event.id);
        if (!row || row.userId !== actor.id) return null;
        const unread = await countUnreadNotifications(db, actor.id);
        return { event: 'notification', data: { notification: notificationView(row, t), unread } };
      }
    }
  };

  const bus = eventBus(db);
  const unsubscribe = bus.subscribe((event) => {
    if (!isFor(event, viewer)) return;
    queue = queue
      .then(async () => {
        const out = await toStreamEvent(event);
        if (out) await send(out);
      })
      .catch((error: unknown) => logger.warn('chat stream event not sent', { error: (error as Error).message }));
  });
  // Listening first, then catching up: nothing falls between the two, and duplicates are skipped by id.
  queue = bus.ready().then(async () => {
    if (lastEventId === null) return;
    for (const row of await listMessagesAfter(db, viewer, lastEventId, RESUME_LIMIT)) {
      const view = messageView(viewer, row);
      if (!view || view.id <= newestSent) continue;
      newestSent = view.id;
      await send({ event: 'message', id: String(view.id), data: view });
    }
  });
  await queue;
  return unsubscribe;
}
