import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import type { DocumentRecord } from './media-types.ts';
import { properties } from './properties.ts';
import { sessions } from './auth.ts';
import { users } from './users.ts';

export const messages = pgTable(
  'messages',
  {
    id: id(),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null when the message goes to the site's admins. */
    receiverId: integer().references(() => users.id, { onDelete: 'cascade' }),
    toAdmin: boolean().notNull().default(false),
    propertyId: integer().references(() => properties.id, { onDelete: 'cascade' }),
    body: text().notNull().default(''),
    file: jsonb().$type<DocumentRecord>(),
    audio: jsonb().$type<DocumentRecord>(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.propertyId, t.senderId, t.receiverId, t.createdAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.readAt),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    check('messages_one_target', sql`(${t.receiverId} is null) = ${t.toAdmin}`),
    check('messages_not_empty', sql`${t.body} <> '' or ${t.file} is not null or ${t.audio} is not null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // Who caused it and the message it shows: it goes with their account or the message, since its body and
    // params copy their name and the message's first words.
    actorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer().references(() => messages.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_recent_idx').on(t.userId, t.createdAt.desc()),
    // For the cascades: without them, each deleted message or account would read every notification.
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
    index('notifications_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

export const blockedUsers = pgTable(
  'blocked_users',
  {
    id: id(),
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer().references(() => users.id, { onDelete: 'cascade' }),
    toAdmin: boolean().notNull().default(false),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // Two partial indexes rather than one over (blocker, blocked, to_admin): NULLs are distinct in a unique
    // index, so that one would let a user block the admins any number of times.
    uniqueIndex('blocked_users_pair_unique')
      .on(t.blockerId, t.blockedId)
      .where(sql`${t.blockedId} is not null`),
    uniqueIndex('blocked_users_admin_unique')
      .on(t.blockerId)
      .where(sql`${t.toAdmin}`),
    index('blocked_users_blocked_idx').on(t.blockedId),
    check('blocked_users_one_target', sql`(${t.blockedId} is null) = ${t.toAdmin}`),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** The session that subscribed the browser: signing that session out forgets the subscription. */
    sessionId: integer().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx')
      .on(t.sessionId)
      .where(sql`${t.sessionId} is not null`),
  ],
);
