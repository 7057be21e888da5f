import { z } from '@hono/zod-openapi';

/** A message's file or voice note: served at `url` to the conversation's people only. */
export const chatAttachment = z.object({
  url: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
});
export type ChatAttachment = z.output<typeof chatAttachment>;

/** A chat message as one of its conversation's people sees it (send_message, get_messages, the live stream). */
export const chatMessage = z
  .object({
    id: z.number(),
    sender_id: z.number(),
    receiver_id: z.number().nullable(),
    to_admin: z.boolean(),
    from_site: z.boolean().openapi({ description: "Sent by an admin as the site's voice" }),
    property_id: z.number().nullable(),
    message: z.string(),
    file: chatAttachment.nullable(),
    audio: chatAttachment.nullable(),
    is_mine: z.boolean(),
    is_read: z.boolean(),
    read_at: z.string().nullable(),
    created_at: z.string(),
    conversation: z.string().openapi({ description: 'The key of the conversation it belongs to' }),
  })
  .openapi('ChatMessage');
export type ChatMessage = z.output<typeof chatMessage>;

/** The other side of a conversation: a user, or the site (id 0) for conversations with the admins. */
export const chatParty = z
  .object({
    id: z.number(),
    name: z.string(),
    profile: z.string().nullable().openapi({ description: "The user's photo" }),
    slug_id: z.string().nullable().openapi({ description: "The agent page's slug; null for the site" }),
    is_admin: z.boolean().openapi({ description: 'true: the site, answered by its admins' }),
  })
  .openapi('ChatParty');
export type ChatParty = z.output<typeof chatParty>;

/**
 * The listing a conversation is about. Its public page is linked only while it is public; once hidden its owner is
 * sent to manage it and an admin to the console, and anyone else reads that it is no longer available (url null).
 */
export const chatListing = z
  .object({
    id: z.number(),
    title: z.string(),
    slug_id: z.string(),
    title_image: z.string().nullable(),
    is_public: z.boolean(),
    is_mine: z.boolean(),
    url: z.string().nullable(),
  })
  .openapi('ChatListing');
export type ChatListing = z.output<typeof chatListing>;

/** One of get_chats' conversations: its other side, its listing, its last message and how many are unread. */
export const chatConversation = z
  .object({
    conversation: z.string(),
    url: z.string().openapi({ description: "The conversation's page" }),
    other: chatParty,
    property: chatListing.nullable(),
    last_message: chatMessage.nullable(),
    unread_count: z.number(),
  })
  .openapi('ChatConversation');
export type ChatConversation = z.output<typeof chatConversation>;

/** get_messages' conversation: its other side, its listing, and who blocked whom. */
export const chatThread = z
  .object({
    key: z.string(),
    other: chatParty,
    property: chatListing.nullable(),
    blocked_by_me: z.boolean(),
    blocked_me: z.boolean(),
  })
  .openapi('ChatThread');
export type ChatThread = z.output<typeof chatThread>;

/** block-user's and unblock-user's answer: whom the caller now blocks, or no longer. */
export const chatBlock = z
  .object({
    blocked: z.boolean(),
    to_user_id: z.number().nullable(),
    to_admin: z.boolean().openapi({ description: 'true: the site (its admins)' }),
  })
  .openapi('ChatBlock');
export type ChatBlock = z.output<typeof chatBlock>;
