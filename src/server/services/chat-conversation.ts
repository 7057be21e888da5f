import { MAX_ID } from '../../lib/validation/ids.ts';

/**
 * Conversations have no table: they are the messages between two parties about one property (or none). A key
 * names one from the viewer's side, for URLs and live events: `u12-p34` (user 12 about property 34), `u12`,
 * `admin-p34`, `admin` (the site's admins). Admins answer as the site, so for them the other party is the user.
 */
export interface ConversationRef {
  other: number | 'admin';
  propertyId: number | null;
}

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/** A message, or the parties of a typing or read event. */
export interface MessageParties {
  senderId: number;
  /** The sender is an admin, who speaks for the site. */
  senderIsAdmin: boolean;
  receiverId: number | null;
  toAdmin: boolean;
  propertyId: number | null;
}

export function conversationKey(ref: ConversationRef): string {
  const who = ref.other === 'admin' ? 'admin' : `u${ref.other}`;
  return ref.propertyId === null ? who : `${who}-p${ref.propertyId}`;
}

export function parseConversationKey(key: string): ConversationRef | null {
  const match = /^(?:admin|u([1-9]\d{0,9}))(?:-p([1-9]\d{0,9}))?$/.exec(key);
  if (!match) return null;
  const other = match[1] ? Number(match[1]) : 'admin';
  const propertyId = match[2] ? Number(match[2]) : null;
  if ((other !== 'admin' && other > MAX_ID) || (propertyId !== null && propertyId > MAX_ID)) return null;
  return { other, propertyId };
}

/** The conversation a message belongs to as the viewer sees it, or null when the viewer is not one of its parties. */
export function conversationOf(viewer: Viewer, m: MessageParties): ConversationRef | null {
  const propertyId = m.propertyId;
  if (viewer.isAdmin) {
    // Admins see the site's side: messages to the admins, and admins' answers to users.
    if (m.toAdmin) return { other: m.senderId, propertyId };
    if (m.senderIsAdmin && m.receiverId !== null) return { other: m.receiverId, propertyId };
    return null;
  }
  if (m.senderId === viewer.id)
    return { other: m.toAdmin || m.receiverId === null ? 'admin' : m.receiverId, propertyId };
  if (m.receiverId === viewer.id) return { other: m.senderIsAdmin ? 'admin' : m.senderId, propertyId };
  return null;
}

/** Whether the viewer wrote the message (for an admin: whether the site did). */
export function isMine(viewer: Viewer, m: MessageParties): boolean {
  return viewer.isAdmin ? m.senderIsAdmin : m.senderId === viewer.id;
}

export const messagesUrl = (ref?: ConversationRef) =>
  ref ? `/user/messages/${conversationKey(ref)}` : '/user/messages';

/** The "Chat with owner" entry point: opens (or starts) the conversation with a listing's owner. */
export const newConversationUrl = (propertyId: number, userId: number) =>
  `/user/messages/new?property_id=${propertyId}&user_id=${userId}`;
