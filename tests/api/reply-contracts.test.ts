import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from '@hono/zod-openapi';
import {
  chatBlock,
  chatConversation,
  chatListing,
  chatMessage,
  chatParty,
  chatThread,
} from '../../src/features/chat/contract.ts';
import { propertyCard } from '../../src/features/listings/contract.ts';
import { mapCard, mapMarker, mapResult, place } from '../../src/features/map/contract.ts';
import { chatWorld, sendText } from '../support/chat.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A contract (src/features/<feature>/contract.ts) is the one definition of a reply: the route documents it, the
 * service's view is typed by it and islands read its type. These calls' real replies must be exactly it: every
 * field the contract names, of its type, and no field it does not name.
 */
let app: TestApp;
let w: Awaited<ReturnType<typeof chatWorld>>;

beforeAll(async () => {
  app = await createTestApp();
  w = await chatWorld(app.database.db);
  await app.database.db.execute(
    `update properties set latitude = 38.72, longitude = -9.14 where id = ${Number(w.property.id)}`,
  );
});

/** Parses a reply with the contract's schema and checks that its fields are the contract's, no more, no fewer. */
function expectExactly(schema: z.ZodObject, value: unknown) {
  expect(() => schema.parse(value)).not.toThrow();
  expect(Object.keys(value as object).sort()).toEqual(Object.keys(schema.shape).sort());
}

describe('replies and their contracts', () => {
  it('a listing card of get-property-list is the listings contract', async () => {
    const res = await app.call('GET', '/api/get-property-list', { token: w.buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items.length).toBeGreaterThan(0);
    for (const card of res.body.data.items) expectExactly(propertyCard, card);
  });

  it('get-properties-in-bounds answers the map contract: its cards, markers and the result around them', async () => {
    const res = await app.call('GET', '/api/get-properties-in-bounds?south=38&west=-10&north=39&east=-9');
    expect(res.status).toBe(200);
    expectExactly(mapResult, res.body.data);
    expect(res.body.data.items.length).toBeGreaterThan(0);
    for (const card of res.body.data.items) expectExactly(mapCard, card);
    for (const marker of res.body.data.markers) expectExactly(mapMarker, marker);
  });

  it('search-places and reverse-geocode answer places of the map contract', async () => {
    const found = await app.call('GET', '/api/search-places?search=Lisb');
    expect(found.body.data.length).toBeGreaterThan(0);
    for (const each of found.body.data) expectExactly(place, each);
    const reversed = await app.call('GET', '/api/reverse-geocode?latitude=38.72&longitude=-9.14');
    expectExactly(place, reversed.body.data);
  });

  it('send_message and get_messages answer messages of the chat contract', async () => {
    const to = { receiver_id: w.owner.user.id, property_id: w.property.id };
    const sent = await sendText(app, w.buyer, { ...to, message: 'Is it still for sale?' });
    expect(sent.status).toBe(200);
    expectExactly(chatMessage, sent.body.data);
    const read = await app.call('GET', `/api/get_messages?user_id=${w.buyer.user.id}&property_id=${w.property.id}`, {
      token: w.owner.token,
    });
    expect(read.body.data.items.length).toBeGreaterThan(0);
    for (const message of read.body.data.items) expectExactly(chatMessage, message);
    expectExactly(chatThread, read.body.data.conversation);
    expectExactly(chatParty, read.body.data.conversation.other);
    expectExactly(chatListing, read.body.data.conversation.property);
  });

  it('block-user and unblock-user answer the chat contract', async () => {
    const blocked = await app.call('POST', '/api/block-user', {
      token: w.outsider.token,
      body: { to_user_id: w.owner.user.id },
    });
    expectExactly(chatBlock, blocked.body.data);
    const unblocked = await app.call('POST', '/api/unblock-user', {
      token: w.outsider.token,
      body: { to_user_id: w.owner.user.id },
    });
    expectExactly(chatBlock, unblocked.body.data);
  });

  it("get_chats answers conversations of the chat contract, the site's and a user's", async () => {
    await sendText(app, w.buyer, { to_admin: 1, message: 'A question for the site' });
    const res = await app.call('GET', '/api/get_chats', { token: w.buyer.token });
    expect(res.body.data.items.length).toBeGreaterThanOrEqual(2);
    for (const item of res.body.data.items) {
      expectExactly(chatConversation, item);
      expectExactly(chatParty, item.other);
      expectExactly(chatMessage, item.last_message);
      if (item.property) expectExactly(chatListing, item.property);
    }
  });
});
