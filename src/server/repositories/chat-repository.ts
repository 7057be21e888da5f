import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { blockedUsers, messages, properties, users } from '../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/**
 * Which messages make up a conversation, seen from one side:
 * - `pair`: two users about a property (or about nothing);
 * - `site`: a user and the site's admins (messages to_admin from the user, and admins' answers to the user).
 */
export type ConversationScope =
  | { kind: 'pair'; a: number; b: number; propertyId: number | null }
  | { kind: 'site'; userId: number; propertyId: number | null };

const sender = alias(users, 'sender');
const adminIds = (db: Executor) => db.select({ id: users.id }).from(users).where(eq(users.type, 'admin'));
const propertyIs = (propertyId: number | null) =>
  propertyId === null ? isNull(messages.propertyId) : eq(messages.propertyId, propertyId);

function scopeCondition(db: Executor, scope: ConversationScope): SQL {
  if (scope.kind === 'pair')
    return and(
      propertyIs(scope.propertyId),
      or(
        and(eq(messages.senderId, scope.a), eq(messages.receiverId, scope.b)),
        and(eq(messages.senderId, scope.b), eq(messages.receiverId, scope.a)),
      ),
    )!;
  return and(
    propertyIs(scope.propertyId),
    or(
      and(eq(messages.senderId, scope.userId), eq(messages.toAdmin, true)),
      and(eq(messages.receiverId, scope.userId), inArray(messages.senderId, adminIds(db))),
    ),
  )!;
}

/** The messages a reader has not read yet in the scope: addressed to them (for admins: to the site). */
function unreadFor(db: Executor, scope: ConversationScope, readerId: number, readerIsSite: boolean): SQL {
  const addressed =
    scope.kind === 'pair'
      ? eq(messages.receiverId, readerId)
      : readerIsSite
        ? and(eq(messages.toAdmin, true), eq(messages.senderId, scope.userId))!
        : and(eq(messages.receiverId, scope.userId), inArray(messages.senderId, adminIds(db)))!;
  return and(scopeCondition(db, scope), addressed, isNull(messages.readAt))!;
}

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  senderIsAdmin: sql<boolean>`${sender.type} = 'admin'`,
  receiverId: messages.receiverId,
  toAdmin: messages.toAdmin,
  propertyId: messages.propertyId,
  body: messages.body,
  file: messages.file,
  audio: messages.audio,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
};
export type ChatMessageRow = MessageRow & { senderIsAdmin: boolean };

export async function insertMessage(db: Executor, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** One message with whether its sender is an admin (who then speaks for the site). */
export async function findMessage(db: Executor, id: number): Promise<ChatMessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(eq(messages.id, id))
    .limit(1);
  return row ?? null;
}

/** A page of a conversation, newest first. */
export async function listConversationMessages(
  db: Executor,
  scope: ConversationScope,
  page: { offset: number; limit: number },
): Promise<{ rows: ChatMessageRow[]; total: number }> {
  const where = scopeCondition(db, scope);
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Messages of a user's conversations newer than `afterId` (a stream resuming with Last-Event-ID). */
export async function listMessagesAfter(
  db: Executor,
  viewer: { id: number; isAdmin: boolean },
  afterId: number,
  limit: number,
): Promise<ChatMessageRow[]> {
  const mine = viewer.isAdmin
    ? or(eq(messages.toAdmin, true), and(eq(sender.type, 'admin'), isNotNull(messages.receiverId)))
    : or(eq(messages.senderId, viewer.id), eq(messages.receiverId, viewer.id));
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(and(sql`${messages.id} > ${afterId}`, mine))
    .orderBy(messages.id)
    .limit(limit);
}

/** Marks what the reader had not read in the conversation as read; the newest id marked, or null for none. */
export async function markConversationRead(
  db: Executor,
  scope: ConversationScope,
  reader: { id: number; isSite: boolean },
  now: Date,
): Promise<number | null> {
  const rows = await db
    .update(messages)
    .set({ readAt: now })
    .where(unreadFor(db, scope, reader.id, reader.isSite))
    .returning({ id: messages.id });
  return rows.length ? Math.max(...rows.map((r) => r.id)) : null;
}

/** Deletes a message its sender wrote; null when there is no such message of theirs. */
export async function deleteOwnMessage(db: Executor, id: number, senderId: number): Promise<MessageRow | null> {
  const [row] = await db
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.senderId, senderId)))
    .returning();
  return row ?? null;
}

export interface ConversationSummaryRow {
  propertyId: number | null;
  /** The other user; 0 for the site (a user's conversation with the admins). */
  otherId: number;
  lastId: number;
  unread: number;
}

/**
 * A user's conversations, most recent first: one per property and other party, with the newest message's id
 * and how many messages wait for the user. Admins see the site's conversations (every user who wrote to the
 * admins or was answered by one), shared between them.
 */
export async function listConversations(
  db: Executor,
  viewer: { id: number; isAdmin: boolean },
  page: { offset: number; limit: number },
): Promise<{ rows: ConversationSummaryRow[]; total: number }> {
  const me = viewer.id;
  const other = viewer.isAdmin
    ? sql<number>`case when ${messages.toAdmin} then ${messages.senderId} else ${messages.receiverId} end`
    : sql<number>`case when ${messages.toAdmin} then 0 when ${messages.senderId} = ${me} then ${messages.receiverId} when ${sender.type} = 'admin' then 0 else ${messages.senderId} end`;
  const unread = viewer.isAdmin
    ? sql<number>`case when ${messages.toAdmin} and ${messages.readAt} is null then 1 else 0 end`
    : sql<number>`case when ${messages.receiverId} = ${me} and ${messages.readAt} is null then 1 else 0 end`;
  const where = viewer.isAdmin
    ? or(eq(messages.toAdmin, true), and(eq(sender.type, 'admin'), isNotNull(messages.receiverId)))
    : or(eq(messages.senderId, me), eq(messages.receiverId, me));
  const mine = db
    .select({
      id: messages.id,
      propertyId: messages.propertyId,
      otherId: other.as('other_id'),
      unread: unread.as('unread'),
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(where)
    .as('mine');
  const grouped = db
    .select({
      propertyId: mine.propertyId,
      otherId: mine.otherId,
      lastId: sql<number>`max(${mine.id})`.mapWith(Number).as('last_id'),
      unread: sql<number>`sum(${mine.unread})`.mapWith(Number).as('unread_count'),
    })
    .from(mine)
    .groupBy(mine.propertyId, mine.otherId)
    .as('grouped');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        propertyId: grouped.propertyId,
        otherId: grouped.otherId,
        lastId: grouped.lastId,
        unread: grouped.unread,
      })
      .from(grouped)
      .orderBy(desc(grouped.lastId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(grouped),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, otherId: Number(r.otherId), lastId: Number(r.lastId), unread: Number(r.unread) })),
    total: total?.value ?? 0,
  };
}

/** Messages by id, with the sender's admin flag (the last message of each conversation). */
export async function findMessagesByIds(db: Executor, ids: number[]): Promise<ChatMessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(inArray(messages.id, ids));
}

/** Unread messages waiting for the viewer across all conversations. */
export async function countUnreadMessages(db: Executor, viewer: { id: number; isAdmin: boolean }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(
      and(isNull(messages.readAt), viewer.isAdmin ? eq(messages.toAdmin, true) : eq(messages.receiverId, viewer.id)),
    );
  return row?.value ?? 0;
}

/** The people shown on conversations: name, photo, role, slug; active or not. */
export async function findChatUsers(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      type: users.type,
      profileImage: users.profileImage,
      isActive: users.isActive,
      notificationsEnabled: users.notificationsEnabled,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
export type ChatUserRow = Awaited<ReturnType<typeof findChatUsers>>[number];

/** The listings conversations are about: title, slug, photo and owner. */
export async function findChatProperties(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: properties.id,
      title: properties.title,
      slug: properties.slug,
      titleImage: properties.titleImage,
      ownerId: properties.ownerId,
      status: properties.status,
      adminStatus: properties.adminStatus,
    })
    .from(properties)
    .where(inArray(properties.id, ids));
}
export type ChatPropertyRow = Awaited<ReturnType<typeof findChatProperties>>[number];

/** The admins who receive messages to the site. */
export async function listActiveAdminIds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Who has blocked whom between two users: rows in either direction. */
export async function findPairBlocks(db: Executor, a: number, b: number) {
  return db
    .select({ blockerId: blockedUsers.blockerId, blockedId: blockedUsers.blockedId })
    .from(blockedUsers)
    .where(
      or(
        and(eq(blockedUsers.blockerId, a), eq(blockedUsers.blockedId, b)),
        and(eq(blockedUsers.blockerId, b), eq(blockedUsers.blockedId, a)),
      ),
    );
}

/** Between a user and the site: whether the user blocked the admins, and whether an admin blocked the user. */
export async function findSiteBlocks(db: Executor, userId: number) {
  const [row] = await db
    .select({
      userBlockedSite: sql<boolean>`bool_or(${blockedUsers.toAdmin} and ${blockedUsers.blockerId} = ${userId})`,
      siteBlockedUser: sql<boolean>`bool_or(${blockedUsers.blockedId} = ${userId})`,
    })
    .from(blockedUsers)
    .where(
      or(
        and(eq(blockedUsers.blockerId, userId), eq(blockedUsers.toAdmin, true)),
        and(eq(blockedUsers.blockedId, userId), inArray(blockedUsers.blockerId, adminIds(db))),
      ),
    );
  return { userBlockedSite: row?.userBlockedSite === true, siteBlockedUser: row?.siteBlockedUser === true };
}

/** Adds a block unless it is there already. */
export async function insertBlock(db: Executor, values: typeof blockedUsers.$inferInsert): Promise<void> {
  await db.insert(blockedUsers).values(values).onConflictDoNothing();
}

/** Removes the blocker's block of a user, or of the site (`blockedId` null). */
export async function deleteBlock(db: Executor, blockerId: number, blockedId: number | null): Promise<void> {
  await db
    .delete(blockedUsers)
    .where(
      and(
        eq(blockedUsers.blockerId, blockerId),
        blockedId === null ? eq(blockedUsers.toAdmin, true) : eq(blockedUsers.blockedId, blockedId),
      ),
    );
}

/** Removes the site's blocks of a user, whichever admin made them (admins act as one). */
export async function deleteSiteBlocks(db: Executor, userId: number): Promise<void> {
  await db
    .delete(blockedUsers)
    .where(and(eq(blockedUsers.blockedId, userId), inArray(blockedUsers.blockerId, adminIds(db))));
}
