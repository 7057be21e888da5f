import { describe, expect, it } from 'vitest';
import { chatMessageSchema, reportSchema } from './chat.ts';
import { validationMessages as m } from './messages.ts';
import { messagesOf } from './test-helpers.ts';

describe('chatMessageSchema', () => {
  it('accepts text or an attachment', () => {
    expect(chatMessageSchema.parse({ message: ' Hi ' })).toEqual({ message: 'Hi' });
    expect(chatMessageSchema.safeParse({ file: new Blob(['x']) }).success).toBe(true);
    expect(chatMessageSchema.safeParse({ message: '', audio: { key: 'voice.webm' } }).success).toBe(true);
  });

  it('refuses an empty message', () => {
    expect(messagesOf(chatMessageSchema.safeParse({ message: '   ' }))).toEqual({ message: [m.required] });
    expect(messagesOf(chatMessageSchema.safeParse({ message: '', file: new Blob([]) }))).toEqual({
      message: [m.required],
    });
  });
});

describe('reportSchema', () => {
  it('accepts a chosen reason or a written one', () => {
    expect(reportSchema.parse({ property_id: '7', reason_id: '2' })).toEqual({ property_id: 7, reason_id: 2 });
    expect(reportSchema.parse({ property_id: 7, reason_id: '', other_message: ' Fake photos ' })).toEqual({
      property_id: 7,
      other_message: 'Fake photos',
    });
  });

  it('needs a reason', () => {
    expect(messagesOf(reportSchema.safeParse({ property_id: 7 }))).toEqual({ reason_id: [m.required] });
    expect(messagesOf(reportSchema.safeParse({ property_id: 7, reason_id: null, other_message: '  ' }))).toEqual({
      reason_id: [m.required],
    });
  });

  it('needs the property', () => {
    expect(Object.keys(messagesOf(reportSchema.safeParse({ reason_id: 1 })))).toEqual(['property_id']);
    expect(Object.keys(messagesOf(reportSchema.safeParse({ property_id: '', reason_id: 1 })))).toEqual(['property_id']);
  });
});
