import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/server/db/schema/index.ts';
import { createProperty, createSignedInUser, createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  chatWorld,
  messageForm,
  OGG_BYTES,
  openStream,
  PDF_BYTES,
  sendText,
  TEXT_BYTES,
  WEBM_BYTES,
} from '../support/chat.ts';

let app: TestApp;
let w: Awaited<ReturnType<typeof chatWorld>>;

beforeAll(async () => {
  app = await createTestApp();
  w = await chatWorld(app.database.db);
});

const toOwner = () => ({ receiver_id: w.owner.user.id, property_id: w.property.id });
const toBuyer = () => ({ receiver_id: w.buyer.user.id, property_id: w.property.id });

describe('login', () => {
  it('every chat call needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/get_chats'],
      ['GET', '/api/get_messages?user_id=1'],
      ['POST', '/api/send_message'],
      ['POST', '/api/delete_chat_message'],
      ['POST', '/api/block-user'],
      ['POST', '/api/unblock-user'],
      ['POST', '/api/chat/typing'],
      ['GET', '/api/chat/stream'],
      ['GET', '/api/chat/attachment/1/file'],
    ] as const) {
      const reply = await app.call(method, url, method === 'POST' ? { body: {} } : {});
      expect(reply.status, url).toBe(401);
    }
  });
});

describe('sending, listing and reading', () => {
  it('sends a message about a listing, lists the conversation with unread counts and marks it read', async () => {
    const sent = await sendText(app, w.buyer, { ...toOwner(), message: '  Is it still available?  ' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Message sent.');
    expect(sent.body.data).toMatchObject({
      message: 'Is it still available?',
      is_mine: true,
      is_read: false,
      conversation: `u${w.owner.user.id}-p${w.property.id}`,
      sender_id: w.buyer.user.id,
      receiver_id: w.owner.user.id,
    });
    await sendText(app, w.buyer, { ...toOwner(), message: 'And the price?' });

    const chats = await app.call('GET', '/api/get_chats', { token: w.owner.token });
    expect(chats.status).toBe(200);
    const conversation = chats.body.data.items.find(
      (c: any) => c.conversation === `u${w.buyer.user.id}-p${w.property.id}`,
    );
    expect(conversation).toMatchObject({
      other: { id: w.buyer.user.id, name: w.buyer.user.name, is_admin: false },
      property: { id: w.property.id, title: w.property.title, slug_id: w.property.slug },
      last_message: { message: 'And the price?', is_mine: false },
      unread_count: 2,
      url: `/user/messages/u${w.buyer.user.id}-p${w.property.id}`,
    });

    const thread = await app.call('GET', `/api/get_messages?user_id=${w.buyer.user.id}&property_id=${w.property.id}`, {
      token: w.owner.token,
    });
    expect(thread.status).toBe(200);
    expect(thread.body.data.items.map((m: any) => m.message)).toEqual(['And the price?', 'Is it still available?']);
    expect(thread.body.data.conversation).toMatchObject({ blocked_by_me: false, blocked_me: false });

    const after = await app.call('GET', '/api/get_chats', { token: w.owner.token });
    expect(after.body.data.items.find((c: any) => c.other.id === w.buyer.user.id).unread_count).toBe(0);
    const buyerView = await app.call(
      'GET',
      `/api/get_messages?user_id=${w.owner.user.id}&property_id=${w.property.id}`,
      {
        token: w.buyer.token,
      },
    );
    expect(buyerView.body.data.items.every((m: any) => m.is_mine && m.is_read)).toBe(true);
  });

  it('names a listing that is no longer public without linking to its 404, and sends its owner to manage it and an admin to the console', async () => {
    const db = app.database.db;
    const listing = await createProperty(db, {
      ownerId: w.owner.user.id,
      categoryId: w.categoryId,
      title: 'Attic with a skylight',
    });
    await sendText(app, w.buyer, { receiver_id: w.owner.user.id, property_id: listing.id, message: 'Hello' });
    await sendText(app, w.admin, {
      receiver_id: w.owner.user.id,
      property_id: listing.id,
      message: 'About your photos',
    });
    // The listing as the conversation list and the conversation itself give it, which must agree.
    const listingSeenBy = async (viewer: { token: string }, otherId: number) => {
      const chats = await app.call('GET', '/api/get_chats', { token: viewer.token });
      const listed = chats.body.data.items.find((c: any) => c.conversation === `u${otherId}-p${listing.id}`).property;
      const thread = await app.call('GET', `/api/get_messages?user_id=${otherId}&property_id=${listing.id}`, {
        token: viewer.token,
      });
      expect(thread.body.data.conversation.property).toEqual(listed);
      return listed;
    };
    expect(await listingSeenBy(w.buyer, w.owner.user.id)).toMatchObject({
      title: 'Attic with a skylight',
      is_public: true,
      url: `/properties-details/${listing.slug}`,
    });

    for (const hidden of [
      { status: 'inactive' as const },
      { status: 'active' as const, adminStatus: 'rejected' as const },
    ]) {
      await db.update(s.properties).set(hidden).where(eq(s.properties.id, listing.id));
      expect(await listingSeenBy(w.buyer, w.owner.user.id)).toMatchObject({
        title: 'Attic with a skylight',
        is_public: false,
        is_mine: false,
        url: null,
        title_image: null,
      });
      expect(await listingSeenBy(w.owner, w.buyer.user.id)).toMatchObject({
        is_public: false,
        is_mine: true,
        url: `/my-property/${listing.slug}`,
      });
      // An admin, who answers as the site, reviews it in the console whatever its state.
      expect(await listingSeenBy(w.admin, w.owner.user.id)).toMatchObject({
        is_public: false,
        is_mine: false,
        url: `/admin/properties/${listing.id}`,
      });
    }
  });

  it('pages newest first with page and per_page, and the newest conversation comes first', async () => {
    for (const text of ['one', 'two', 'three']) await sendText(app, w.owner, { ...toBuyer(), message: text });
    const page2 = await app.call(
      'GET',
      `/api/get_messages?user_id=${w.owner.user.id}&property_id=${w.property.id}&page=2&per_page=2`,
      { token: w.buyer.token },
    );
    expect(page2.body.data).toMatchObject({ page: 2, per_page: 2, total: 5 });
    expect(page2.body.data.items.map((m: any) => m.message)).toEqual(['one', 'And the price?']);
    const chats = await app.call('GET', '/api/get_chats', { token: w.buyer.token });
    expect(chats.body.data.items[0].last_message.message).toBe('three');
  });

  it('refuses empty, too long, self-addressed and unrelated messages', async () => {
    const empty = await sendText(app, w.buyer, { ...toOwner(), message: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.data.fields.message).toEqual(['This field is required.']);
    const long = await sendText(app, w.buyer, { ...toOwner(), message: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    const self = await sendText(app, w.buyer, {
      receiver_id: w.buyer.user.id,
      property_id: w.property.id,
      message: 'hi',
    });
    expect(self.status).toBe(422);
    const noListing = await sendText(app, w.buyer, { receiver_id: w.owner.user.id, message: 'hi' });
    expect(noListing.status).toBe(422);
    // A listing neither of them owns is no reason to write.
    const unrelated = await sendText(app, w.buyer, {
      receiver_id: w.owner.user.id,
      property_id: w.otherProperty.id,
      message: 'hi',
    });
    expect(unrelated.status).toBe(404);
    // The listing exists: the message says it is not theirs, not that it does not exist.
    expect(unrelated.body.message).toBe(
      'This listing does not belong to this user, so a conversation with them about it cannot be started.',
    );
    const malformed = await sendText(app, w.buyer, { receiver_id: w.owner.user.id, property_id: 'abc', message: 'hi' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.data.fields).toEqual({ property_id: ['This value is not valid.'] });
    const nobody = await sendText(app, w.buyer, {
      receiver_id: 2_000_000_000,
      property_id: w.property.id,
      message: 'hi',
    });
    expect(nobody.status).toBe(404);
  });
});

describe('attachments, checked by content', () => {
  it('takes a PDF and an image, serves them to the conversation only, and refuses a renamed text file', async () => {
    const pdf = await app.call('POST', '/api/send_message', {
      token: w.buyer.token,
      body: messageForm(toOwner(), { file: [PDF_BYTES, 'plan.pdf', 'application/pdf'] }),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data.file).toMatchObject({ name: 'plan.pdf', content_type: 'application/pdf' });
    const url = pdf.body.data.file.url;
    for (const account of [w.buyer, w.owner]) {
      const download = await app.api.request(url, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF_BYTES);
    }
    const stranger = await app.call('GET', url, { token: w.outsider.token });
    expect(stranger.status).toBe(404);

    const png = await sharp({ create: { width: 200, height: 160, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const image = await app.call('POST', '/api/send_message', {
      token: w.buyer.token,
      body: messageForm({ ...toOwner(), message: 'The view' }, { file: [png, 'view.png', 'image/png'] }),
    });
    expect(image.status).toBe(200);
    expect(image.body.data).toMatchObject({ message: 'The view', file: { content_type: 'image/png' } });

    const renamed = await app.call('POST', '/api/send_message', {
      token: w.buyer.token,
      body: messageForm(toOwner(), { file: [TEXT_BYTES, 'contract.pdf', 'application/pdf'] }),
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.data.fields.file).toEqual(['Documents must be PDF files or images.']);
  });

  it('takes WebM and Ogg voice recordings and refuses text or oversized audio', async () => {
    for (const [bytes, type] of [
      [WEBM_BYTES, 'audio/webm'],
      [OGG_BYTES, 'audio/ogg'],
    ] as const) {
      const voice = await app.call('POST', '/api/send_message', {
        token: w.owner.token,
        body: messageForm(toBuyer(), { audio: [bytes, 'voice', 'audio/whatever'] }),
      });
      expect(voice.status).toBe(200);
      expect(voice.body.data.audio.content_type).toBe(type);
      const played = await app.api.request(voice.body.data.audio.url, {
        headers: { authorization: `Bearer ${w.buyer.token}` },
      });
      expect(played.headers.get('content-type')).toBe(type);
    }
    const fake = await app.call('POST', '/api/send_message', {
      token: w.owner.token,
      body: messageForm(toBuyer(), { audio: [TEXT_BYTES, 'voice.webm', 'audio/webm'] }),
    });
    expect(fake.status).toBe(422);
    expect(fake.body.data.fields.audio).toEqual(['Voice messages must be WebM, Ogg, MP4 or MP3 recordings.']);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(WEBM_BYTES);
    const tooBig = await app.call('POST', '/api/send_message', {
      token: w.owner.token,
      body: messageForm(toBuyer(), { audio: [big, 'voice.webm', 'audio/webm'] }),
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.data.fields.audio).toEqual(['Voice messages can be at most 5 MB.']);
  });
});

describe('deleting', () => {
  it('deletes only your own messages', async () => {
    const mine = (await sendText(app, w.buyer, { ...toOwner(), message: 'Oops, wrong chat' })).body.data;
    const theirs = await app.call('POST', '/api/delete_chat_message', {
      token: w.owner.token,
      body: { message_id: mine.id },
    });
    expect(theirs.status).toBe(403);
    const stranger = await app.call('POST', '/api/delete_chat_message', {
      token: w.outsider.token,
      body: { message_id: mine.id },
    });
    expect(stranger.status).toBe(404);
    const own = await app.call('POST', '/api/delete_chat_message', {
      token: w.buyer.token,
      body: { message_id: mine.id },
    });
    expect(own.status).toBe(200);
    const again = await app.call('POST', '/api/delete_chat_message', {
      token: w.buyer.token,
      body: { message_id: mine.id },
    });
    expect(again.status).toBe(404);
    const thread = await app.call('GET', `/api/get_messages?user_id=${w.owner.user.id}&property_id=${w.property.id}`, {
      token: w.buyer.token,
    });
    expect(thread.body.data.items.map((m: any) => m.id)).not.toContain(mine.id);
  });

  it("takes the receiver's notification of a message, which shows its first words, with the message or its sender", async () => {
    const notified = async () =>
      (await app.call('GET', '/api/get_notification_list?limit=100', { token: w.owner.token })).body.data.items.map(
        (n: { body: string }) => n.body,
      );
    await sendText(app, w.buyer, { ...toOwner(), message: 'Call me on 555-0101' });
    expect(await notified()).toContain('Call me on 555-0101');
    const regretted = (await sendText(app, w.buyer, { ...toOwner(), message: 'My code is 4242' })).body.data;
    expect(await notified()).toContain('My code is 4242');
    await app.call('POST', '/api/delete_chat_message', { token: w.buyer.token, body: { message_id: regretted.id } });
    expect(await notified()).not.toContain('My code is 4242');
    expect(await notified()).toContain('Call me on 555-0101');

    const leaving = await createSignedInUser(app.database.db, { name: 'Leaving Lee' });
    await sendText(app, leaving, { ...toOwner(), message: 'Reach me at lee@example.com' });
    await app.call('POST', '/api/interested_users', {
      token: leaving.token,
      body: { property_id: w.property.id, type: 1 },
    });
    const named = async () =>
      (await app.call('GET', '/api/get_notification_list?limit=100', { token: w.owner.token })).body.data.items.filter(
        (n: { title: string; body: string }) => `${n.title} ${n.body}`.includes('Lee'),
      );
    expect((await named()).length).toBe(2);
    const gone = await app.call('POST', '/api/delete_user', {
      token: leaving.token,
      body: { userid: leaving.user.id },
    });
    expect(gone.status).toBe(200);
    expect(await named()).toEqual([]);
    expect(await notified()).toContain('Call me on 555-0101');
  });
});

describe('a third account', () => {
  it('never reads a conversation it is not part of, by any route that takes an id', async () => {
    const secret = (await sendText(app, w.buyer, { ...toOwner(), message: 'My budget is 300k' })).body.data;
    for (const query of [
      `user_id=${w.owner.user.id}&property_id=${w.property.id}`,
      `user_id=${w.buyer.user.id}&property_id=${w.property.id}`,
      `user_id=${w.owner.user.id}`,
    ]) {
      const reply = await app.call('GET', `/api/get_messages?${query}`, { token: w.outsider.token });
      expect(reply.status).toBe(200);
      expect(reply.body.data.items).toEqual([]);
      expect(JSON.stringify(reply.body)).not.toContain('300k');
    }
    const chats = await app.call('GET', '/api/get_chats', { token: w.outsider.token });
    expect(JSON.stringify(chats.body)).not.toContain('300k');
    expect((await app.call('GET', `/api/chat/attachment/${secret.id}/file`, { token: w.outsider.token })).status).toBe(
      404,
    );
    const del = await app.call('POST', '/api/delete_chat_message', {
      token: w.outsider.token,
      body: { message_id: secret.id },
    });
    expect(del.status).toBe(404);
    // Still there for its parties.
    const owner = await app.call('GET', `/api/get_messages?user_id=${w.buyer.user.id}&property_id=${w.property.id}`, {
      token: w.owner.token,
    });
    expect(owner.body.data.items.map((m: any) => m.id)).toContain(secret.id);
  });
});

describe('typing', () => {
  it('reaches only someone the sender may write to, refused as send_message refuses', async () => {
    const typing = (from: typeof w.owner, body: Record<string, unknown>) =>
      app.call('POST', '/api/chat/typing', { token: from.token, body });
    const idle = await createUser(app.database.db, { isActive: false });
    const cases: [string, typeof w.owner, Record<string, unknown>, number, string][] = [
      ["to a buyer about another's listing", w.outsider, toBuyer(), 404, 'not_found'],
      ['to the owner about no listing', w.outsider, { receiver_id: w.owner.user.id }, 422, 'validation_failed'],
      [
        'to a deactivated account',
        w.outsider,
        { receiver_id: idle.id, property_id: w.otherProperty.id },
        404,
        'not_found',
      ],
    ];
    for (const [name, from, body, status, code] of cases) {
      const message = await sendText(app, from, { ...body, message: 'Hello' } as Record<string, string | number>);
      const typed = await typing(from, body);
      expect([message.status, message.body.data.code], name).toEqual([status, code]);
      expect([typed.status, typed.body.data?.code, typed.body.message], name).toEqual([
        status,
        code,
        message.body.message,
      ]);
    }
    // A first message to an owner about their listing is allowed, and so is typing it.
    expect((await typing(w.outsider, toOwner())).body.data).toEqual({ sent: true });
  });
});

describe('blocking', () => {
  it('stops messages both ways with a clear message until unblocked', async () => {
    const block = await app.call('POST', '/api/block-user', {
      token: w.owner.token,
      body: { to_user_id: w.buyer.user.id, reason: 'Spam' },
    });
    expect(block.status).toBe(200);
    const refused = await sendText(app, w.buyer, { ...toOwner(), message: 'Hello?' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This user is not accepting your messages');
    const mine = await sendText(app, w.owner, { ...toBuyer(), message: 'One more thing' });
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe('You have blocked this user');
    const arabic = await app.call('POST', '/api/send_message?lang=ar', {
      token: w.buyer.token,
      body: { ...toOwner(), message: 'مرحبا' },
    });
    expect(arabic.body.message).toBe('هذا المستخدم لا يستقبل رسائلك');

    const ownerView = await app.call(
      'GET',
      `/api/get_messages?user_id=${w.buyer.user.id}&property_id=${w.property.id}`,
      {
        token: w.owner.token,
      },
    );
    expect(ownerView.body.data.conversation).toMatchObject({ blocked_by_me: true, blocked_me: false });
    const buyerView = await app.call(
      'GET',
      `/api/get_messages?user_id=${w.owner.user.id}&property_id=${w.property.id}`,
      {
        token: w.buyer.token,
      },
    );
    expect(buyerView.body.data.conversation).toMatchObject({ blocked_by_me: false, blocked_me: true });
    // Blocking twice is harmless; typing is not passed on.
    expect(
      (await app.call('POST', '/api/block-user', { token: w.owner.token, body: { to_user_id: w.buyer.user.id } }))
        .status,
    ).toBe(200);
    const typing = await app.call('POST', '/api/chat/typing', { token: w.buyer.token, body: toOwner() });
    expect(typing.status).toBe(403);
    expect(typing.body).toMatchObject({
      message: 'This user is not accepting your messages',
      data: { code: 'blocked' },
    });

    const unblock = await app.call('POST', '/api/unblock-user', {
      token: w.owner.token,
      body: { to_user_id: w.buyer.user.id },
    });
    expect(unblock.status).toBe(200);
    expect((await sendText(app, w.buyer, { ...toOwner(), message: 'Hello again' })).status).toBe(200);
  });
});

describe('field messages name the field the client sent', () => {
  const fieldsOf = async (path: string, token: string, body?: Record<string, unknown>) => {
    const res = await app.call(body ? 'POST' : 'GET', path, body ? { token, body } : { token });
    expect(res.status).toBe(422);
    return res.body.data.fields as Record<string, string[]>;
  };

  it('blocking yourself, messaging yourself, and an admin naming no user', async () => {
    const me = w.owner;
    const self = { to_user_id: me.user.id };
    expect(await fieldsOf('/api/block-user', me.token, self)).toEqual({ to_user_id: [expect.any(String)] });
    expect(await fieldsOf('/api/unblock-user', me.token, self)).toEqual({ to_user_id: [expect.any(String)] });
    expect(await fieldsOf('/api/block-user', me.token, { user_id: me.user.id })).toEqual({
      user_id: [expect.any(String)],
    });
    expect(await fieldsOf('/api/block-user', me.token, {})).toEqual({ to_user_id: ['This field is required.'] });
    const toSelf = { receiver_id: me.user.id, property_id: w.property.id, message: 'Hi me' };
    expect(Object.keys(await fieldsOf('/api/send_message', me.token, toSelf))).toEqual(['receiver_id']);
    const read = `/api/get_messages?user_id=${me.user.id}&property_id=${w.property.id}`;
    expect(Object.keys(await fieldsOf(read, me.token))).toEqual(['user_id']);
    expect(Object.keys(await fieldsOf('/api/block-user', w.admin.token, {}))).toEqual(['to_user_id']);
    expect(Object.keys(await fieldsOf('/api/get_messages', w.admin.token))).toEqual(['user_id']);
  });
});

describe('the site', () => {
  it('takes messages to_admin, admins answer as the site, and users can block the site', async () => {
    const question = await sendText(app, w.buyer, { to_admin: 1, message: 'How long does a review take?' });
    expect(question.status).toBe(200);
    expect(question.body.data).toMatchObject({ to_admin: true, receiver_id: null, conversation: 'admin' });

    const inbox = await app.call('GET', '/api/get_chats', { token: w.admin.token });
    const fromBuyer = inbox.body.data.items.find((c: any) => c.conversation === `u${w.buyer.user.id}`);
    expect(fromBuyer).toMatchObject({ unread_count: 1, other: { id: w.buyer.user.id } });

    const answer = await sendText(app, w.admin, { receiver_id: w.buyer.user.id, message: 'About a day.' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ from_site: true, is_mine: true, conversation: `u${w.buyer.user.id}` });

    const buyerChats = await app.call('GET', '/api/get_chats', { token: w.buyer.token });
    const site = buyerChats.body.data.items.find((c: any) => c.conversation === 'admin');
    expect(site).toMatchObject({ other: { id: 0, is_admin: true }, unread_count: 1 });
    const thread = await app.call('GET', '/api/get_messages?to_admin=1', { token: w.buyer.token });
    expect(thread.body.data.items.map((m: any) => [m.message, m.is_mine])).toEqual([
      ['About a day.', false],
      ['How long does a review take?', true],
    ]);
    // The outsider has no conversation with the site.
    const outsider = await app.call('GET', '/api/get_messages?to_admin=1', { token: w.outsider.token });
    expect(outsider.body.data.items).toEqual([]);

    await app.call('POST', '/api/block-user', { token: w.buyer.token, body: { to_admin: 1 } });
    const refused = await sendText(app, w.admin, { receiver_id: w.buyer.user.id, message: 'Anything else?' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This user is not accepting your messages');
    const own = await sendText(app, w.buyer, { to_admin: 1, message: 'Sorry' });
    expect(own.body.message).toBe('You have blocked this user');
    await app.call('POST', '/api/unblock-user', { token: w.buyer.token, body: { to_admin: 1 } });
    expect((await sendText(app, w.buyer, { to_admin: 1, message: 'Sorry' })).status).toBe(200);
  });
});

describe('live delivery in-process', () => {
  it('streams new messages, typing, read receipts and deletions, and resumes after Last-Event-ID', async () => {
    const stream = await openStream(app, w.owner);
    const buyerStream = await openStream(app, w.buyer);
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const sent = (await sendText(app, w.buyer, { ...toOwner(), message: 'Live hello' })).body.data;
      const live = await stream.next('message');
      expect(live.id).toBe(String(sent.id));
      expect(live.data).toMatchObject({ id: sent.id, message: 'Live hello', is_mine: false });
      expect(live.data.conversation).toBe(`u${w.buyer.user.id}-p${w.property.id}`);
      const notification = await stream.next('notification');
      expect(notification.data.notification.title).toBe(`New message from ${w.buyer.user.name}`);
      expect(notification.data.unread).toBeGreaterThan(0);
      // The sender's other tabs get it too, as their own.
      expect((await buyerStream.next('message')).data).toMatchObject({ id: sent.id, is_mine: true });

      await app.call('POST', '/api/chat/typing', { token: w.buyer.token, body: toOwner() });
      expect((await stream.next('typing')).data).toEqual({ conversation: `u${w.buyer.user.id}-p${w.property.id}` });

      await app.call('GET', `/api/get_messages?user_id=${w.buyer.user.id}&property_id=${w.property.id}`, {
        token: w.owner.token,
      });
      expect((await buyerStream.next('read')).data).toEqual({
        conversation: `u${w.owner.user.id}-p${w.property.id}`,
        up_to: sent.id,
      });

      await app.call('POST', '/api/delete_chat_message', { token: w.buyer.token, body: { message_id: sent.id } });
      expect((await stream.next('deleted')).data).toEqual({
        id: sent.id,
        conversation: `u${w.buyer.user.id}-p${w.property.id}`,
      });
      // The outsider's stream heard nothing of it.
      const outsider = await openStream(app, w.outsider);
      await sendText(app, w.buyer, { ...toOwner(), message: 'Not for outsiders' });
      await stream.next('message', 10_000, live.index + 1);
      expect(outsider.events.filter((e) => e.event !== 'ready')).toEqual([]);
      outsider.close();
    } finally {
      stream.close();
      buyerStream.close();
    }

    const before = (await sendText(app, w.buyer, { ...toOwner(), message: 'Missed 1' })).body.data;
    await sendText(app, w.buyer, { ...toOwner(), message: 'Missed 2' });
    const resumed = await openStream(app, w.owner, before.id - 1);
    try {
      const first = await resumed.next('message');
      const second = await resumed.next('message', 5000, first.index + 1);
      expect([first.data.message, second.data.message]).toEqual(['Missed 1', 'Missed 2']);
    } finally {
      resumed.close();
    }
  });
});

describe('rate limit', () => {
  it('allows 30 messages a minute per user, then answers 429 with Retry-After', async () => {
    const sender = w.outsider;
    const to = { receiver_id: w.owner.user.id, property_id: w.property.id };
    for (let i = 0; i < 30; i++) {
      const reply = await sendText(app, sender, { ...to, message: `Message ${i}` });
      expect(reply.status, `message ${i}`).toBe(200);
    }
    const limited = await sendText(app, sender, { ...to, message: 'One too many' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
