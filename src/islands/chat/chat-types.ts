import type { ChatAttachment, ChatMessage } from '../../features/chat/contract.ts';

/** A chat message as the API and the conversation page give it: its contract's type. */
export type { ChatAttachment, ChatMessage };

/** Adds or replaces messages by id, oldest first. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  readUpTo = 0,
): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) {
    // A message arrives twice (the send reply and the live event) and its read receipt may come between or
    // before them: once read, a copy that says "unread" must not undo it.
    const read =
      message.is_read || byId.get(message.id)?.is_read === true || (message.is_mine && message.id <= readUpTo);
    byId.set(message.id, read ? { ...message, is_read: true } : message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const isImage = (file: ChatAttachment) => file.content_type.startsWith('image/');
