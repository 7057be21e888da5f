import type {
  ChatBlock,
  ChatConversation,
  ChatListing,
  ChatMessage,
  ChatParty,
  ChatThread,
} from '../../features/chat/contract.ts';
import { z } from 'zod';
import { chatMessageSchema } from '../../lib/validation/chat.ts';
import { recordId } from '../../lib/validation/ids.ts';
import { urls } from '../../lib/urls.ts';
import type { ServerDeps } from '../platform/deps.ts';
import { isAdmin, type SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import type { DocumentRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import { nameSent } from '../field-names.ts';
import { pagePaging } from '../paging.ts';
import { logger } from '../logger.ts';
import { deleteMedia } from '../media/listing-media.ts';
import { publishEvent } from '../realtime/event-bus.ts';
import * as chat from '../repositories/chat-repository.ts';
import { isPublicListing } from '../repositories/property-repository.ts';
import type {
  ChatMessageRow,
  ChatPropertyRow,
  ChatUserRow,
  ConversationScope,
} from '../repositories/chat-repository.ts';
import type { FileStorage } from '../storage/storage.ts';
import { siteUrl } from '../web/site.ts';
import { CHAT_LIMITS, storeChatAudio, storeChatFile } from './chat-attachments.ts';
import {
  conversationKey,
  conversationOf,
  isMine,
  messagesUrl,
  type ConversationRef,
  type Viewer,
} from './chat-conversation.ts';
import { imageView } from './image-view.ts';
import { markNotificationsReadByUrl } from '../repositories/notification-repository.ts';
import { notify } from './notification-service.ts';
import { consume, type Limit } from './rate-limit-service.ts';
import { getPublicSettings } from './settings-service.ts';

type Deps = Pick<ServerDeps, 'db' | 'storage'>;

export const CHAT_RATE_LIMIT: Limit = { max: CHAT_LIMITS.perMinute, windowMs: 60_000 };
/** Browsers send "typing" at most every 3 seconds; this leaves room for a few tabs. */
export const TYPING_RATE_LIMIT: Limit = { max: 60, windowMs: 60_000 };

const optionalId = (notFoundKey: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v),
    // Sent but not an id (abc, -1): "not valid", not "required" (an empty value or 0 reads as none sent).
    recordId({ tooBig: notFoundKey }).optional(),
  );
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

/** Whom a chat call is about: a user (by any of the names the spec's calls use) or the site, and a listing. */
export const targetSchema = z.object({
  receiver_id: optionalId('chat.user_not_found'),
  user_id: optionalId('chat.user_not_found'),
  to_user_id: optionalId('chat.user_not_found'),
  to_admin: flag,
  property_id: optionalId('chat.property_not_found'),
});

type Target = z.output<typeof targetSchema>;
type UserField = 'receiver_id' | 'user_id' | 'to_user_id';

/**
 * The other user as a call names them: the first of `names` (the call's own name first) with a value, and the name
 * it came by, so a message about them goes under the field the client sent.
 */
function namedUser(input: unknown, values: Target, names: readonly [UserField, ...UserField[]]) {
  const used = names.find((name) => values[name] !== undefined);
  return { userId: used && values[used], field: used ?? nameSent(input, names) };
}

/** The conversation a request names: the other user (the first of `names` sent) or the admin, and its listing if any. */
const conversationTarget = (input: unknown, values: Target, names: readonly [UserField, ...UserField[]]) => ({
  ...namedUser(input, values, names),
  toAdmin: values.to_admin,
  propertyId: values.property_id,
});

const nonEmpty = (file: File | undefined) => (file && file.size > 0 ? file : undefined);
const viewerOf = (actor: SessionUser): Viewer => ({ id: actor.id, isAdmin: isAdmin(actor) });

/** The other side of a conversation as the viewer sees it, checked to exist. */
interface Counterpart {
  ref: ConversationRef;
  scope: ConversationScope;
  /** The other user; null for the site. */
  user: ChatUserRow | null;
  property: ChatPropertyRow | null;
}

/**
 * Who the actor talks to: a user (about a property one of them owns), or the site (`to_admin`, or a user who is an
 * admin: admins answer as the site). Admins always act as the site and must name the user.
 */
async function resolveCounterpart(
  db: Database,
  actor: SessionUser,
  input: { userId?: number | undefined; field: string; toAdmin: boolean; propertyId?: number | undefined },
  purpose: 'read' | 'write',
): Promise<Counterpart> {
  const propertyId = input.propertyId ?? null;
  const [property] = propertyId === null ? [null] : await chat.findChatProperties(db, [propertyId]);
  if (property === undefined) throw AppError.notFound('chat.property_not_found');
  const [user] = input.userId ? await chat.findChatUsers(db, [input.userId]) : [null];
  if (user === undefined) throw AppError.notFound('chat.user_not_found');

  if (isAdmin(actor)) {
    if (!user || user.type === 'admin') throw AppError.validation({ [input.field]: ['chat.admin_needs_user'] });
    if (purpose === 'write' && !user.isActive) throw AppError.notFound('chat.user_not_found');
    return {
      ref: { other: user.id, propertyId },
      scope: { kind: 'site', userId: user.id, propertyId },
      user,
      property,
    };
  }
  if (input.toAdmin || user?.type === 'admin')
    return {
      ref: { other: 'admin', propertyId },
      scope: { kind: 'site', userId: actor.id, propertyId },
      user: null,
      property,
    };
  if (!user) throw AppError.validation({ [input.field]: ['validation.required'] });
  if (user.id === actor.id) throw AppError.validation({ [input.field]: ['chat.not_yourself'] });
  if (purpose === 'write') {
    if (!user.isActive) throw AppError.notFound('chat.user_not_found');
    // Two users talk about a listing one of them owns; that is how they found each other.
    if (!property) throw AppError.validation({ property_id: ['chat.property_required'] });
    // The listing is there but not one of theirs: say so, rather than that it does not exist.
    if (property.ownerId !== actor.id && property.ownerId !== user.id)
      throw AppError.notFound('chat.property_not_theirs');
  }
  return {
    ref: { other: user.id, propertyId },
    scope: { kind: 'pair', a: actor.id, b: user.id, propertyId },
    user,
    property,
  };
}

/** Whether either side blocked the other, from the actor's side. */
async function blockState(db: Database, actor: SessionUser, counterpart: Counterpart) {
  if (counterpart.scope.kind === 'site') {
    const { userBlockedSite, siteBlockedUser } = await chat.findSiteBlocks(db, counterpart.scope.userId);
    return isAdmin(actor)
      ? { blocked_by_me: siteBlockedUser, blocked_me: userBlockedSite }
      : { blocked_by_me: userBlockedSite, blocked_me: siteBlockedUser };
  }
  const rows = await chat.findPairBlocks(db, actor.id, counterpart.user!.id);
  return {
    blocked_by_me: rows.some((r) => r.blockerId === actor.id),
    blocked_me: rows.some((r) => r.blockerId !== actor.id),
  };
}

function assertNotBlocked(state: { blocked_by_me: boolean; blocked_me: boolean }) {
  if (state.blocked_by_me) throw new AppError('blocked', 403, 'chat.you_blocked');
  if (state.blocked_me) throw new AppError('blocked', 403, 'chat.not_accepting');
}

/**
 * Whom the actor may write to (a message, or that they are typing one): someone active, about a listing one of
 * them owns, or the site; never across a block either way.
 */
async function recipientOf(db: Database, actor: SessionUser, input: unknown, target: Target) {
  const counterpart = await resolveCounterpart(
    db,
    actor,
    conversationTarget(input, target, ['receiver_id', 'user_id']),
    'write',
  );
  assertNotBlocked(await blockState(db, actor, counterpart));
  return counterpart;
}

/** Served to the conversation's people only; absolute on PUBLIC_URL, as every download behind a check (043). */
const attachmentUrl = (messageId: number, kind: 'file' | 'audio') =>
  siteUrl(`/api/chat/attachment/${messageId}/${kind}`).href;
const attachmentView = (messageId: number, kind: 'file' | 'audio', doc: DocumentRecord | null) =>
  doc ? { url: attachmentUrl(messageId, kind), name: doc.name, content_type: doc.contentType, size: doc.size } : null;

const partiesOf = (m: ChatMessageRow) => ({
  senderId: m.senderId,
  senderIsAdmin: m.senderIsAdmin,
  receiverId: m.receiverId,
  toAdmin: m.toAdmin,
  propertyId: m.propertyId,
});

/** A message as one viewer sees it; null when the viewer is not in its conversation. */
export function messageView(viewer: Viewer, m: ChatMessageRow): ChatMessage | null {
  const ref = conversationOf(viewer, partiesOf(m));
  if (!ref) return null;
  return {
    id: m.id,
    sender_id: m.senderId,
    receiver_id: m.receiverId,
    to_admin: m.toAdmin,
    from_site: m.senderIsAdmin,
    property_id: m.propertyId,
    message: m.body,
    file: attachmentView(m.id, 'file', m.file),
    audio: attachmentView(m.id, 'audio', m.audio),
    is_mine: isMine(viewer, partiesOf(m)),
    is_read: m.readAt !== null,
    read_at: m.readAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
    conversation: conversationKey(ref),
  };
}
export type MessageView = NonNullable<ReturnType<typeof messageView>>;

function userCard(storage: FileStorage, user: ChatUserRow): ChatParty {
  return {
    id: user.id,
    name: user.name,
    profile: imageView(storage, user.profileImage)?.url ?? null,
    slug_id: user.slug,
    is_admin: false,
  };
}
const siteCard = (name: string): ChatParty => ({ id: 0, name, profile: null, slug_id: null, is_admin: true });

/**
 * The listing a conversation is about. Its public page is linked only while the listing is public; once it is hidden
 * (withdrawn, sold, rejected or waiting for review) its owner is sent to manage it at /my-property/<slug>, an admin
 * (who answers as the site) to its page in the console, and anyone else reads its title and that it is no longer
 * available (is_public false, url null), not a link to a 404.
 */
function propertyCard(storage: FileStorage, property: ChatPropertyRow, viewer: Viewer): ChatListing {
  const isPublic = isPublicListing(property);
  const isMine = property.ownerId === viewer.id;
  const hiddenUrl = isMine ? urls.myProperty(property.slug) : viewer.isAdmin ? urls.adminProperty(property.id) : null;
  return {
    id: property.id,
    title: property.title,
    slug_id: property.slug,
    title_image: isPublic || isMine || viewer.isAdmin ? (imageView(storage, property.titleImage)?.url ?? null) : null,
    is_public: isPublic,
    is_mine: isMine,
    url: isPublic ? urls.property(property.slug) : hiddenUrl,
  };
}

/** send_message's fields besides its files. */
export const messageInput = targetSchema.extend({
  message: z.string().max(CHAT_LIMITS.messageMaxChars, 'chat.message_too_long').optional(),
});

/**
 * send_message: text and/or a file (PDF or image) and/or a voice recording, to a user about a property or to the
 * site's admins; admins answer as the site. Limited in size and to 30 a minute; refused either way between a
 * blocked pair. The receiver (every admin, for the site) gets a notification; both sides' open pages get the
 * message live.
 */
export async function sendMessage(
  deps: Deps,
  actor: SessionUser,
  input: { fields: Record<string, unknown>; files: Record<string, File> },
  now = new Date(),
): Promise<MessageView> {
  const values = messageInput.parse(input.fields);
  const text = (values.message ?? '').trim();
  const fileIn = nonEmpty(input.files['file']);
  const audioIn = nonEmpty(input.files['audio']);
  chatMessageSchema.parse({ message: text, file: fileIn, audio: audioIn });
  const counterpart = await recipientOf(deps.db, actor, input.fields, values);
  await consume(deps.db, [[`chat:user:${actor.id}`, CHAT_RATE_LIMIT]], now);

  const stored: DocumentRecord[] = [];
  try {
    const file = fileIn ? await storeChatFile(deps.storage, fileIn) : null;
    if (file) stored.push(file);
    const audio = audioIn ? await storeChatAudio(deps.storage, audioIn) : null;
    if (audio) stored.push(audio);
    const siteAnswer = isAdmin(actor);
    const toAdmin = counterpart.ref.other === 'admin';
    const receiverId = toAdmin ? null : (counterpart.user?.id ?? null);
    // Read before the transaction: on PGlite a query outside it would wait for it to finish.
    const senderName = siteAnswer ? await siteName(deps.db) : actor.name;
    const row = await deps.db.transaction(async (tx) => {
      const message = await chat.insertMessage(tx, {
        senderId: actor.id,
        receiverId,
        toAdmin,
        propertyId: counterpart.property?.id ?? null,
        body: text,
        file,
        audio,
      });
      const parties = {
        senderId: actor.id,
        senderIsAdmin: siteAnswer,
        receiverId,
        toAdmin,
        propertyId: message.propertyId,
      };
      const recipients = toAdmin ? await adminRecipients(tx) : [receiverId!];
      for (const userId of recipients) {
        const ref = conversationOf({ id: userId, isAdmin: toAdmin }, parties)!;
        await notify(tx, userId, {
          type: 'chat_message',
          title: 'chat.notification_title',
          body: text ? text.slice(0, 140) : audio ? 'chat.notification_voice' : 'chat.notification_file',
          data: {
            message_id: message.id,
            property_id: message.propertyId,
            url: messagesUrl(ref),
            params: { name: senderName },
          },
          actorId: actor.id,
          messageId: message.id,
        });
      }
      await publishEvent(tx, {
        type: 'message',
        id: message.id,
        from: actor.id,
        fromSite: siteAnswer,
        to: receiverId,
        property: message.propertyId,
        users: [actor.id, ...(receiverId ? [receiverId] : [])],
        admins: toAdmin || siteAnswer,
      });
      return { ...message, senderIsAdmin: siteAnswer };
    });
    return messageView(viewerOf(actor), row)!;
  } catch (error) {
    await Promise.all(stored.map((doc) => deleteMedia(deps.storage, doc).catch(() => {})));
    throw error;
  }
}

async function adminRecipients(db: Parameters<typeof chat.listActiveAdminIds>[0]): Promise<number[]> {
  return chat.listActiveAdminIds(db, 50);
}

async function siteName(db: Database): Promise<string> {
  return (await getPublicSettings(db)).company_name;
}

const pageInput = targetSchema.extend(pagePaging());

/**
 * get_messages: a conversation, newest first, paged by page/per_page; reading it marks what was sent to the
 * reader as read (a read receipt goes to the other side). Only ever the caller's own conversations: the query is
 * built from the caller's id, so asking about other people's conversation finds the caller's own (empty) one.
 */
export async function getConversation(deps: Deps, actor: SessionUser, input: unknown, now = new Date()) {
  const values = pageInput.parse(input ?? {});
  const counterpart = await resolveCounterpart(
    deps.db,
    actor,
    conversationTarget(input, values, ['user_id', 'receiver_id']),
    'read',
  );
  const viewer = viewerOf(actor);
  const upTo = await deps.db.transaction(async (tx) => {
    const newest = await chat.markConversationRead(
      tx,
      counterpart.scope,
      { id: actor.id, isSite: viewer.isAdmin },
      now,
    );
    // The "new message" notifications of this conversation are read too: the header badge follows.
    await markNotificationsReadByUrl(tx, actor.id, 'chat_message', messagesUrl(counterpart.ref), now);
    if (newest !== null) {
      const other = counterpart.scope.kind === 'site' && !viewer.isAdmin ? null : (counterpart.user?.id ?? null);
      await publishEvent(tx, {
        type: 'read',
        upTo: newest,
        from: actor.id,
        fromSite: viewer.isAdmin,
        to: other,
        property: counterpart.ref.propertyId,
        // To the other side only: for them it says "your messages were read".
        users: other ? [other] : [],
        admins: other === null,
      });
    }
    return newest;
  });
  const offset = (values.page - 1) * values.per_page;
  const [{ rows, total }, blocks, name] = await Promise.all([
    chat.listConversationMessages(deps.db, counterpart.scope, { offset, limit: values.per_page }),
    blockState(deps.db, actor, counterpart),
    counterpart.user ? Promise.resolve('') : siteName(deps.db),
  ]);
  const conversation: ChatThread = {
    key: conversationKey(counterpart.ref),
    other: counterpart.user ? userCard(deps.storage, counterpart.user) : siteCard(name),
    property: counterpart.property ? propertyCard(deps.storage, counterpart.property, viewer) : null,
    ...blocks,
  };
  return {
    total,
    page: values.page,
    per_page: values.per_page,
    offset,
    limit: values.per_page,
    marked_read_up_to: upTo,
    conversation,
    items: rows.map((m) => messageView(viewer, m)!),
  };
}

/** get_chats: the caller's conversations, most recent first, with the other side, the listing and unread counts. */
export async function listChats(deps: Deps, actor: SessionUser, { offset, limit }: { offset: number; limit: number }) {
  const viewer = viewerOf(actor);
  const { rows, total } = await chat.listConversations(deps.db, viewer, { offset, limit });
  const [last, people, listings, name] = await Promise.all([
    chat.findMessagesByIds(
      deps.db,
      rows.map((r) => r.lastId),
    ),
    chat.findChatUsers(deps.db, [...new Set(rows.map((r) => r.otherId).filter((id) => id > 0))]),
    chat.findChatProperties(deps.db, [...new Set(rows.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))]),
    rows.some((r) => r.otherId === 0) ? siteName(deps.db) : Promise.resolve(''),
  ]);
  const messageById = new Map(last.map((m) => [m.id, m]));
  const userById = new Map(people.map((u) => [u.id, u]));
  const propertyById = new Map(listings.map((p) => [p.id, p]));
  const items = rows.flatMap((row): ChatConversation[] => {
    const other = row.otherId === 0 ? siteCard(name) : userById.get(row.otherId);
    const message = messageById.get(row.lastId);
    if (!other || !message) return [];
    const property = row.propertyId ? propertyById.get(row.propertyId) : null;
    const ref: ConversationRef = { other: row.otherId === 0 ? 'admin' : row.otherId, propertyId: row.propertyId };
    return [
      {
        conversation: conversationKey(ref),
        url: messagesUrl(ref),
        other: 'is_admin' in other && other.is_admin === true ? other : userCard(deps.storage, other as ChatUserRow),
        property: property ? propertyCard(deps.storage, property, viewer) : null,
        last_message: messageView(viewer, message),
        unread_count: row.unread,
      },
    ];
  });
  return { total, offset, limit, items };
}

/** Unread messages waiting for the user (for admins: sent to the site). */
export function unreadMessageCount(db: Database, actor: SessionUser): Promise<number> {
  return chat.countUnreadMessages(db, viewerOf(actor));
}

/** delete_chat_message's body. */
export const messageIdInput = z.object({
  message_id: recordId({ tooBig: 'chat.message_not_found' }),
});

/** A message the viewer may see, or 404 (whether it does not exist or is someone else's is not told). */
async function visibleMessage(db: Database, actor: SessionUser, messageId: number) {
  const message = await chat.findMessage(db, messageId);
  if (!message || !conversationOf(viewerOf(actor), partiesOf(message)))
    throw AppError.notFound('chat.message_not_found');
  return message;
}

/** delete_chat_message: only one's own messages (admins: the site's); the other side's pages drop it live. */
export async function deleteMessage(deps: Deps, actor: SessionUser, input: unknown) {
  const { message_id } = messageIdInput.parse(input ?? {});
  const message = await visibleMessage(deps.db, actor, message_id);
  if (!isMine(viewerOf(actor), partiesOf(message))) throw AppError.forbidden('chat.delete_not_yours');
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await chat.deleteOwnMessage(tx, message.id, message.senderId);
    if (row)
      await publishEvent(tx, {
        type: 'deleted',
        id: row.id,
        from: row.senderId,
        fromSite: message.senderIsAdmin,
        to: row.receiverId,
        property: row.propertyId,
        users: [row.senderId, ...(row.receiverId ? [row.receiverId] : [])],
        admins: row.toAdmin || message.senderIsAdmin,
      });
    return row;
  });
  if (!deleted) throw AppError.notFound('chat.message_not_found');
  await Promise.all([deleteMedia(deps.storage, deleted.file), deleteMedia(deps.storage, deleted.audio)]).catch(
    (error: unknown) => logger.warn('chat attachment not removed', { error, messageId: deleted.id }),
  );
  return { id: deleted.id };
}

/** A message's file or voice recording, for the people in its conversation only. */
export async function messageAttachment(deps: Deps, actor: SessionUser, input: { message_id: unknown; kind: string }) {
  const { message_id } = messageIdInput.parse(input);
  const message = await visibleMessage(deps.db, actor, message_id);
  const doc = input.kind === 'audio' ? message.audio : input.kind === 'file' ? message.file : null;
  if (!doc) throw AppError.notFound('chat.message_not_found');
  const stored = await deps.storage.get(doc.key);
  if (!stored) throw AppError.notFound('chat.message_not_found');
  return { body: stored.body, contentType: doc.contentType, name: doc.name };
}

/** block-user's and unblock-user's body (unblock reads no reason). */
export const blockInput = targetSchema.extend({
  reason: z.string().trim().max(500, 'chat.reason_too_long').optional(),
});

/** Whom block-user and unblock-user name (the user, or the site with to_admin), checked to exist, and the reason. */
async function blockedParty(deps: Deps, actor: SessionUser, input: unknown) {
  const values = blockInput.parse(input ?? {});
  const counterpart = await resolveCounterpart(
    deps.db,
    actor,
    { ...namedUser(input, values, ['to_user_id', 'user_id']), toAdmin: values.to_admin, propertyId: undefined },
    'read',
  );
  return { reason: values.reason, userId: counterpart.user?.id ?? null };
}

/** The reply of block-user and unblock-user: the block's state and whom it concerns. */
const blockReply = (blocked: boolean, userId: number | null) => ({
  blocked,
  to_user_id: userId,
  to_admin: userId === null,
});

/**
 * block-user: the actor stops a user (or, with to_admin, the site) from messaging them, and can no longer message
 * them either until unblock-user. Admins block a user for the site.
 */
export async function blockUser(deps: Deps, actor: SessionUser, input: unknown): Promise<ChatBlock> {
  const { reason, userId } = await blockedParty(deps, actor, input);
  await chat.insertBlock(deps.db, {
    blockerId: actor.id,
    blockedId: userId,
    toAdmin: userId === null,
    reason: reason || null,
  });
  return blockReply(true, userId);
}

export async function unblockUser(deps: Deps, actor: SessionUser, input: unknown): Promise<ChatBlock> {
  const { userId } = await blockedParty(deps, actor, input);
  if (isAdmin(actor)) await chat.deleteSiteBlocks(deps.db, userId!);
  else await chat.deleteBlock(deps.db, actor.id, userId);
  return blockReply(false, userId);
}

/**
 * chat/typing: tells the other side the actor is typing (nothing is stored), to whom a message could go
 * (recipientOf, as send_message): refused alike between a blocked pair or to anyone else.
 */
export async function sendTyping(deps: Deps, actor: SessionUser, input: unknown, now = new Date()) {
  const values = targetSchema.parse(input ?? {});
  await consume(deps.db, [[`chat:typing:${actor.id}`, TYPING_RATE_LIMIT]], now);
  const counterpart = await recipientOf(deps.db, actor, input, values);
  const site = isAdmin(actor);
  const to = counterpart.ref.other === 'admin' ? null : counterpart.user!.id;
  await publishEvent(deps.db, {
    type: 'typing',
    from: actor.id,
    fromSite: site,
    to,
    property: counterpart.ref.propertyId,
    users: to ? [to] : [],
    admins: to === null,
  });
  return { sent: true };
}

/** The page of a conversation from its key (/user/messages/{key}); 404 for keys that name nobody. */
export async function conversationForPage(deps: Deps, actor: SessionUser, ref: ConversationRef, page: number) {
  if (ref.other === 'admin' && isAdmin(actor)) throw AppError.notFound('chat.user_not_found');
  return getConversation(deps, actor, {
    user_id: ref.other === 'admin' ? undefined : ref.other,
    to_admin: ref.other === 'admin',
    property_id: ref.propertyId ?? undefined,
    page,
    per_page: 50,
  });
}

/**
 * "Chat with owner" (/user/messages/new?property_id=..&user_id=..): where the conversation about the listing with
 * that user is, checked the way a first message would be (nothing is sent).
 */
export async function startConversation(deps: Deps, actor: SessionUser, input: unknown): Promise<string> {
  const values = targetSchema.parse(input ?? {});
  const counterpart = await resolveCounterpart(
    deps.db,
    actor,
    conversationTarget(input, values, ['user_id', 'receiver_id']),
    'write',
  );
  return messagesUrl(counterpart.ref);
}
