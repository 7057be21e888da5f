import { describe, expect, it } from 'vitest';
import { conversationKey, conversationOf, isMine, parseConversationKey } from './chat-conversation.ts';

describe('conversation keys', () => {
  it('round-trip and refuse anything else', () => {
    for (const ref of [
      { other: 12, propertyId: 34 },
      { other: 12, propertyId: null },
      { other: 'admin' as const, propertyId: 34 },
      { other: 'admin' as const, propertyId: null },
    ])
      expect(parseConversationKey(conversationKey(ref))).toEqual(ref);
    for (const bad of ['', 'u0', 'u-1', 'u12-p', 'admin-p0', 'u99999999999', 'x12', 'u12-p3-p4', 'U12'])
      expect(parseConversationKey(bad), bad).toBeNull();
  });
});

describe('whose conversation a message is', () => {
  const buyer = { id: 1, isAdmin: false };
  const owner = { id: 2, isAdmin: false };
  const stranger = { id: 3, isAdmin: false };
  const admin = { id: 9, isAdmin: true };
  const pair = { senderId: 1, senderIsAdmin: false, receiverId: 2, toAdmin: false, propertyId: 5 };
  const toSite = { senderId: 1, senderIsAdmin: false, receiverId: null, toAdmin: true, propertyId: null };
  const fromSite = { senderId: 8, senderIsAdmin: true, receiverId: 1, toAdmin: false, propertyId: null };

  it('between two users: each sees the other, nobody else sees it', () => {
    expect(conversationOf(buyer, pair)).toEqual({ other: 2, propertyId: 5 });
    expect(conversationOf(owner, pair)).toEqual({ other: 1, propertyId: 5 });
    expect(conversationOf(stranger, pair)).toBeNull();
    expect(conversationOf(admin, pair)).toBeNull();
    expect([isMine(buyer, pair), isMine(owner, pair)]).toEqual([true, false]);
  });

  it('with the site: the user sees "admin", every admin sees the user, and an answer is the site’s', () => {
    expect(conversationOf(buyer, toSite)).toEqual({ other: 'admin', propertyId: null });
    expect(conversationOf(admin, toSite)).toEqual({ other: 1, propertyId: null });
    expect(conversationOf(buyer, fromSite)).toEqual({ other: 'admin', propertyId: null });
    expect(conversationOf(admin, fromSite)).toEqual({ other: 1, propertyId: null });
    expect(conversationOf(stranger, fromSite)).toBeNull();
    expect([isMine(admin, fromSite), isMine(buyer, fromSite), isMine(admin, toSite)]).toEqual([true, false, false]);
  });
});
