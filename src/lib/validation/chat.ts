import { z } from 'zod';
import { isEmptyValue } from './form-data.ts';
import { validationMessages as m } from './messages.ts';

/**
 * "Chat message cannot be empty": text that is not just spaces, or an attached file or voice note (a message
 * carrying only an attachment is not empty). Attachments are opaque here: a File in the browser, an upload on
 * the server.
 */
export const chatMessageSchema = z
  .object({
    message: z.string().trim().optional(),
    file: z.unknown().optional(),
    audio: z.unknown().optional(),
  })
  .refine((v) => !isEmptyValue(v.message) || !isEmptyValue(v.file) || !isEmptyValue(v.audio), {
    path: ['message'],
    message: m.required,
  });

/** "A report needs a reason": a chosen reason, or for "other" a written one. */
export const reportSchema = z
  .object({
    property_id: z.coerce.number({ error: m.required }).int(m.required).positive(m.required),
    reason_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: m.required }).int(m.required).positive(m.required).optional(),
    ),
    other_message: z.string().trim().max(1000).optional(),
  })
  .refine((v) => v.reason_id !== undefined || !isEmptyValue(v.other_message), {
    path: ['reason_id'],
    message: m.required,
  });

export type ChatMessageInput = z.input<typeof chatMessageSchema>;
export type ReportValues = z.output<typeof reportSchema>;
