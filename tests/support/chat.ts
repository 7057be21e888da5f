import { afterAll } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import { closeEventBus } from '../../src/server/realtime/event-bus.ts';
import type { TestApp } from './test-app.ts';
import { createProperty, createSignedInUser } from './factories.ts';

/** Bytes that pass as a PDF (the header is what counts). */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** The start of a WebM recording (EBML header), padded: what MediaRecorder makes in Chromium. */
export const WEBM_BYTES = new Uint8Array([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  ...new Array(64).fill(0),
]);
export const OGG_BYTES = new Uint8Array([...new TextEncoder().encode('OggS'), ...new Array(64).fill(0)]);
export const TEXT_BYTES = new TextEncoder().encode('just some text pretending to be something else\n'.repeat(4));

export type Account = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * A listing owner, a buyer and an outsider with sessions, and a listing of the owner's: the people of most chat
 * tests. Closes the database's event bus (if a stream opened one) after the file.
 */
export async function chatWorld(db: Database) {
  afterAll(() => closeEventBus(db));
  const [category] = await db
    .insert(s.categories)
    .values({
      name: `Chat ${Math.random().toString(36).slice(2, 8)}`,
      slug: `chat-${Math.random().toString(36).slice(2, 8)}`,
    })
    .returning();
  const owner = await createSignedInUser(db);
  const buyer = await createSignedInUser(db);
  const outsider = await createSignedInUser(db);
  const admin = await createSignedInUser(db, { type: 'admin' });
  const property = await createProperty(db, { ownerId: owner.user.id, categoryId: category!.id });
  const otherProperty = await createProperty(db, { ownerId: outsider.user.id, categoryId: category!.id });
  return { owner, buyer, outsider, admin, property, otherProperty, categoryId: category!.id };
}

/** A multipart send_message body. */
export function messageForm(
  fields: Record<string, string | number>,
  files: Record<string, [Uint8Array, string, string]> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  for (const [key, [bytes, name, type]] of Object.entries(files))
    form.set(key, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

export async function sendText(app: TestApp, from: Account, fields: Record<string, string | number>) {
  return app.call('POST', '/api/send_message', { token: from.token, body: fields });
}

/**
 * Reads a Server-Sent Events response in-process: `next(type)` resolves with the next event of that type (or
 * rejects after `timeoutMs`); `close()` aborts the request.
 */
export function readEvents(response: Response, controller: AbortController) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: string; id?: string }[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: { event: string; data: string; id?: string } = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data += line.slice(6);
            else if (line.startsWith('id: ')) event.id = line.slice(4);
          }
          if (block.split('\n').some((line) => line.startsWith('data: '))) events.push(event);
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return {
    events,
    async next(type: string, timeoutMs = 10_000, from = 0): Promise<{ data: any; id?: string; index: number }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= from && e.event === type);
        if (index >= 0) return { data: JSON.parse(events[index]!.data), id: events[index]!.id, index };
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms; got ${events.map((e) => e.event)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** Opens /api/chat/stream for an account in-process and waits until it is live. */
export async function openStream(app: TestApp, account: Account, lastEventId?: number) {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${account.token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await app.api.request(
    'http://localhost/api/chat/stream',
    { headers, signal: controller.signal },
    { clientAddress: '203.0.113.9' },
  );
  const stream = readEvents(response, controller);
  await stream.next('ready');
  return Object.assign(stream, { response });
}
