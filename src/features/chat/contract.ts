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
