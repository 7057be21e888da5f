import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** The one NOTIFY channel every app server listens on. */
export const EVENT_CHANNEL = 'marketplace_events';

/** This process, so a server can tell the events it published itself (push is sent once, by the publisher). */
export const INSTANCE_ID = randomUUID();

const id = z.number().int().positive();
const audience = {
  /** Users who should see the event on their open streams. */
  users: z.array(id).max(10),
  /** True when every admin should see it: conversations with the site are shared by the admins. */
  admins: z.boolean(),
};
/** Who is talking to whom about what: a message's parties, or the parties of a typing or read event. */
const parties = {
  from: id,
  /** The sender acts as the site (an admin answering). */
  fromSite: z.boolean(),
  /** Null: addressed to the site's admins. */
  to: id.nullable(),
  property: id.nullable(),
};

/**
 * What travels between app servers. Ids only: the receiving server loads the rows it needs, so a payload stays a
 * few dozen bytes whatever the message says (PostgreSQL's NOTIFY limit is 8000 bytes) and nothing private ever
 * sits in the database's notification queue.
 */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), id, ...parties, ...audience }),
  z.object({ type: z.literal('deleted'), id, ...parties, ...audience }),
  z.object({ type: z.literal('typing'), ...parties, ...audience }),
  z.object({ type: z.literal('read'), upTo: id, ...parties, ...audience }),
  z.object({ type: z.literal('notification'), id, origin: z.string().max(64), ...audience }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type ConversationEvent = Extract<RealtimeEvent, { from: number }>;

export function encodeEvent(event: RealtimeEvent): string {
  return JSON.stringify(event);
}

/** A payload from the channel, or null when it is not one of ours (anyone with database access can NOTIFY). */
export function decodeEvent(payload: string | undefined): RealtimeEvent | null {
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a signed-in user's stream should receive the event. */
export function isFor(event: RealtimeEvent, viewer: { id: number; isAdmin: boolean }): boolean {
  return event.users.includes(viewer.id) || (event.admins && viewer.isAdmin);
}
