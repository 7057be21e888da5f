import { z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { trackStream } from '../../realtime/open-streams.ts';
import { openChatStream } from '../../services/chat-live-service.ts';
import {
  blockInput,
  blockUser,
  deleteMessage,
  messageIdInput,
  messageInput,
  getConversation,
  listChats,
  messageAttachment,
  sendMessage,
  sendTyping,
  targetSchema,
  unblockUser,
} from '../../services/chat-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { offsetPaging, pagePaging } from '../../paging.ts';
import { page } from '../../../features/common/contract.ts';
import { chatBlock, chatConversation, chatMessage, chatThread } from '../../../features/chat/contract.ts';
import { userRoute } from './user-route.ts';
import { storedFileResponse } from '../../storage/file-response.ts';

const tags = ['chat'];
const HEARTBEAT_MS = 20_000;
/** A stream ends after this long; the browser reconnects at once (with Last-Event-ID) and its session is checked again. */
const MAX_STREAM_MS = 15 * 60_000;
const { 200: _file, ...errorReplies } = replies(z.null(), 'Error');

/** block-user and unblock-user: the same body and reply, either way. */
const blockRoute = (path: string, summary: string, description: string, done: string) =>
  userRoute({
    method: 'post',
    path,
    tags,
    summary,
    description,
    request: { body: requestBody(blockInput) },
    responses: replies(chatBlock, done),
  });

const routes = {
  chats: userRoute({
    method: 'get',
    path: '/get_chats',
    tags,
    summary: 'Your conversations, most recent first',
    description:
      'One per property and other party (the site, for conversations with the admins): the other side (id 0 and ' +
      'is_admin for the site), the listing (title, slug_id, title_image, is_public, is_mine and url: its public ' +
      'page while it is public, /my-property/<slug> for its owner once it is not, else null), the last message and ' +
      'unread_count.',
    request: { query: z.object(offsetPaging({ limit: 50 })) },
    responses: replies(page(chatConversation), 'Your conversations'),
  }),
  messages: userRoute({
    method: 'get',
    path: '/get_messages',
    tags,
    summary: 'A conversation, newest first; marks what was sent to you as read',
    description:
      'user_id (the other user, or receiver_id as send_message names them; admins name the user) or to_admin=1, ' +
      'property_id (optional), page (from 1), per_page (at most 100). Only your own conversations: ' +
      'data.conversation has the other side, the listing and blocked_by_me / blocked_me.',
    request: {
      query: z.object({
        user_id: z.string().optional(),
        receiver_id: z.string().optional(),
        to_admin: z.string().optional(),
        property_id: z.string().optional(),
        ...pagePaging(),
      }),
    },
    responses: replies(
      page(chatMessage).extend({
        page: z.number(),
        per_page: z.number(),
        marked_read_up_to: z.number().nullable(),
        conversation: chatThread,
      }),
      'Messages',
    ),
  }),
  send: userRoute({
    method: 'post',
    path: '/send_message',
    tags,
    summary: 'Send a message: text, a file (PDF or image, 10 MB) and/or a voice recording (5 MB)',
    description:
      'Multipart or JSON: receiver_id (a user; with property_id of a listing one of you owns) or to_admin=1 (the ' +
      "site's admins; property_id optional), message (at most 2000 characters), file, audio (WebM, Ogg, MP4 or " +
      'MPEG audio, recognised by content). At most 30 a minute (429). A blocked pair cannot message either way (403).',
    request: {
      body: requestBody(messageInput, {
        files: {
          file: 'A PDF or image, at most 10 MB',
          audio: 'A voice recording (WebM, Ogg, MP4 or MPEG audio), at most 5 MB',
        },
      }),
    },
    responses: replies(chatMessage, 'Message sent'),
  }),
  delete: userRoute({
    method: 'post',
    path: '/delete_chat_message',
    tags,
    summary: 'Delete one of your messages',
    description: 'message_id. Another person’s message answers 403; one you cannot see, 404.',
    request: { body: requestBody(messageIdInput) },
    responses: replies(z.object({ id: z.number() }), 'Message deleted'),
  }),
  block: blockRoute(
    '/block-user',
    'Block a user (or the site, with to_admin): no messages either way',
    'to_user_id or to_admin=1, reason (optional, at most 500 characters).',
    'Blocked',
  ),
  unblock: blockRoute(
    '/unblock-user',
    'Unblock a user (or the site, with to_admin)',
    'to_user_id or to_admin=1.',
    'Unblocked',
  ),
  typing: userRoute({
    method: 'post',
    path: '/chat/typing',
    tags,
    summary: 'Tell the other side you are typing (live only, nothing stored)',
    description:
      'receiver_id or to_admin=1, property_id. Only to whom send_message could write, and refused the same way ' +
      '(404 for a listing neither side owns or an inactive user, 422 without a listing, 403 blocked between a blocked pair).',
    request: { body: requestBody(targetSchema) },
    responses: replies(z.object({ sent: z.boolean() }), 'Typing sent'),
  }),
  attachment: userRoute({
    method: 'get',
    path: '/chat/attachment/{message_id}/{kind}',
    tags,
    summary: "A message's file or voice recording, for the people in its conversation",
    request: { params: z.object({ message_id: z.string(), kind: z.enum(['file', 'audio']) }) },
    responses: {
      ...errorReplies,
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
    },
  }),
  stream: userRoute({
    method: 'get',
    path: '/chat/stream',
    tags,
    summary: 'Live chat and notifications (Server-Sent Events)',
    description:
      'Events: message (id = message id; send Last-Event-ID to resume), deleted, typing, read ({conversation, up_to}), ' +
      'notification ({notification, unread}), and a comment every 20 s.',
    responses: { 200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } } },
  }),
};

const lastEventId = (header: string | undefined, query: string | undefined) => {
  const value = Number(header ?? query);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
};

export const chatRoutes = newRouter()
  .openapi(routes.chats, async (c) => ok(c, await listChats(c.var, c.var.user!, c.req.valid('query'))))
  .openapi(routes.messages, async (c) => ok(c, await getConversation(c.var, c.var.user!, c.req.valid('query'))))
  .openapi(routes.send, async (c) => ok(c, await sendMessage(c.var, c.var.user!, await readBody(c)), 'chat.sent'))
  .openapi(routes.delete, async (c) =>
    ok(c, await deleteMessage(c.var, c.var.user!, (await readBody(c)).fields), 'chat.deleted'),
  )
  .openapi(routes.block, async (c) =>
    ok(c, await blockUser(c.var, c.var.user!, (await readBody(c)).fields), 'chat.blocked'),
  )
  .openapi(routes.unblock, async (c) =>
    ok(c, await unblockUser(c.var, c.var.user!, (await readBody(c)).fields), 'chat.unblocked'),
  )
  .openapi(routes.typing, async (c) => ok(c, await sendTyping(c.var, c.var.user!, (await readBody(c)).fields)))
  .openapi(routes.attachment, async (c) => {
    const file = await messageAttachment(c.var, c.var.user!, c.req.valid('param'));
    const inline = file.contentType.startsWith('image/') || file.contentType.startsWith('audio/');
    return storedFileResponse(file, { inline, name: file.name, cacheControl: 'private, max-age=3600' });
  })
  .openapi(routes.stream, (c) => {
    const resumeFrom = lastEventId(c.req.header('last-event-id'), c.req.query('last_event_id'));
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      let done: () => void = () => {};
      const finished = new Promise<void>((resolve) => (done = resolve));
      const untrack = trackStream(() => {
        done();
        void stream.close();
      });
      stream.onAbort(() => done());
      const unsubscribe = await openChatStream(c.var.db, c.var.user!, c.var.t, resumeFrom, (event) =>
        stream.writeSSE({
          event: event.event,
          data: JSON.stringify(event.data),
          ...(event.id ? { id: event.id } : {}),
        }),
      );
      try {
        await stream.write('retry: 3000\n\n');
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ user_id: c.var.user!.id }) });
        const heartbeat = setInterval(() => {
          stream.write(': ping\n\n').catch(() => done());
        }, HEARTBEAT_MS);
        const expiry = setTimeout(done, MAX_STREAM_MS);
        await finished;
        clearInterval(heartbeat);
        clearTimeout(expiry);
      } finally {
        unsubscribe();
        untrack();
      }
    });
  });
