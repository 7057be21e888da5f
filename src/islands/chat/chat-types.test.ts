import { describe, expect, it } from 'vitest';
import { mergeMessages, type ChatMessage } from './chat-types.ts';

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  sender_id: 1,
  receiver_id: 2,
  to_admin: false,
  from_site: false,
  property_id: 1,
  read_at: null,
  message: `m${id}`,
  file: null,
  audio: null,
  is_mine: true,
  is_read: false,
  created_at: '2026-11-23T10:00:00.000Z',
  conversation: 'u2-p1',
  ...over,
});

describe('mergeMessages', () => {
  it('adds new messages and keeps them oldest first', () => {
    const merged = mergeMessages([message(3)], [message(1), message(2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('keeps a read receipt when a later copy of the same message says unread', () => {
    const merged = mergeMessages([message(5, { is_read: true })], [message(5)]);
    expect(merged[0]!.is_read).toBe(true);
  });

  it('applies a receipt that arrived before the message itself, to my messages only', () => {
    const merged = mergeMessages([], [message(7), message(8, { is_mine: false }), message(9)], 8);
    expect(merged.map((m) => [m.id, m.is_read])).toEqual([
      [7, true],
      [8, false],
      [9, false],
    ]);
  });
});
