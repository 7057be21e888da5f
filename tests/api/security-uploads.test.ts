import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { PDF_BYTES, messageForm } from '../support/chat.ts';
import { createProperty, createSignedInUser, imageRecord, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { snapshot } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Hostile uploads through every call that takes a file: each is refused with a 4xx, and neither storage nor
 * the database gains anything.
 */

/** A PNG whose header claims 20000 x 20000 pixels (1.2 GB decoded) over a few kilobytes of zeros. */
function pixelBomb(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = deflateSync(Buffer.alloc((20_000 * 3 + 1) * 64));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A JPEG that decodes as a photo and is also a web page: the markup hides in a comment segment. */
async function jpegHtmlPolyglot(): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#48c' } })
    .jpeg()
    .toBuffer();
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>', 'latin1');
  const comment = Buffer.alloc(4);
  comment.set([0xff, 0xfe]);
  comment.writeUInt16BE(html.length + 2, 2);
  // Right after the start-of-image marker: still a valid JPEG.
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), comment, html, jpeg.subarray(2)]));
}

const text = (value: string) => new TextEncoder().encode(value);
const HTML = text('<!doctype html><html><body><script>alert(1)</script></body></html>');
const SVG = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const PDF_WITH_PAGE = text('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');

let app: TestApp;
let hostile: Record<string, [Uint8Array, string, string]>;
let photo: Uint8Array;
let poster: Awaited<ReturnType<typeof createSignedInUser>>;
let buyer: Awaited<ReturnType<typeof createSignedInUser>>;
let listingId: number;
let categoryId: number;
let fileFieldId: number;

const db = () => app.database.db;

/** Every file under the storage directory (the outbox of sent mail aside). */
function storedFiles(): string[] {
  return (fs.readdirSync(app.storageDir, { recursive: true }) as string[])
    .filter((f) => !f.startsWith('outbox') && fs.statSync(path.join(app.storageDir, f)).isFile())
    .sort();
}

function form(fields: Record<string, string>, files: Record<string, [Uint8Array, string, string]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [key, [bytes, name, type]] of Object.entries(files))
    body.append(key, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return body;
}

beforeAll(async () => {
  app = await createTestApp();
  const catalog = await seedCatalog(db());
  categoryId = catalog.apartment.id;
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a9' } })
    .jpeg()
    .toBuffer();
  hostile = {
    'pixel bomb': [pixelBomb(), 'huge.png', 'image/png'],
    'JPEG/HTML polyglot': [await jpegHtmlPolyglot(), 'photo.jpg', 'image/jpeg'],
    'HTML renamed to .jpg': [HTML, 'photo.jpg', 'image/jpeg'],
    'SVG with script': [SVG, 'photo.png', 'image/svg+xml'],
    'PDF hiding a page': [PDF_WITH_PAGE, 'contract.pdf', 'application/pdf'],
    oversize: [new Uint8Array(21 * 1024 * 1024).fill(0xff), 'big.jpg', 'image/jpeg'],
  };
  poster = await createSignedInUser(db(), {
    mobile: '+351914000001',
    address: '1 Main Street',
    profileImage: imageRecord(),
  });
  buyer = await createSignedInUser(db());
  await grantPackage(db(), [poster.user.id], { property_list: null });
  listingId = (await createProperty(db(), { ownerId: poster.user.id, categoryId })).id;
  const [field] = await db()
    .insert(s.agentVerificationFields)
    .values({ name: 'Identity document', fieldType: 'file', isRequired: true })
    .returning();
  fileFieldId = field!.id;
});

const listingFields = () => ({
  title: 'A flat with a surprise',
  description: 'Two bedrooms and a balcony over the river.',
  category_id: String(categoryId),
  property_type: 'sell',
  price: '250000',
  city: 'Lisbon',
  state: 'Lisbon',
  country: 'Portugal',
  address: '10 Park Road, Lisbon',
  latitude: '38.72',
  longitude: '-9.14',
});

/** Each call that takes a file, given one hostile file in its file field. */
const CALLS: Record<string, (file: [Uint8Array, string, string]) => Promise<{ status: number; body: any }>> = {
  'profile photo': (file) =>
    app.call('POST', '/api/update_profile', { token: buyer.token, body: form({ name: 'Photo' }, { profile: file }) }),
  'listing photo': (file) =>
    app.call('POST', '/api/post_property', { token: poster.token, body: form(listingFields(), { title_image: file }) }),
  'listing document': (file) =>
    app.call('POST', '/api/post_property', {
      token: poster.token,
      body: form(listingFields(), { title_image: [photo, 'front.jpg', 'image/jpeg'], 'documents[]': file }),
    }),
  'chat file': (file) =>
    app.call('POST', '/api/send_message', {
      token: buyer.token,
      body: messageForm({ receiver_id: poster.user.id, property_id: listingId, message: 'See this' }, { file }),
    }),
  'chat voice note': (file) =>
    app.call('POST', '/api/send_message', {
      token: buyer.token,
      body: messageForm({ receiver_id: poster.user.id, property_id: listingId }, { audio: file }),
    }),
  'verification document': (file) =>
    app.call('POST', '/api/apply-agent-verification', {
      token: buyer.token,
      body: form({ 'form_fields[0][id]': String(fileFieldId) }, { 'form_fields[0][value]': file }),
    }),
};

describe('hostile uploads', () => {
  it('are refused by every call that takes a file, and nothing is stored', async () => {
    const files = storedFiles();
    const before = await snapshot(db());
    const problems: string[] = [];
    for (const [call, send] of Object.entries(CALLS)) {
      for (const [what, file] of Object.entries(hostile)) {
        const res = await send(file);
        if (res.status < 400 || res.status >= 500) problems.push(`${call} took a ${what}: ${res.status}`);
        else if (typeof res.body?.error !== 'boolean') problems.push(`${call} ${what}: no envelope`);
      }
    }
    expect(problems).toEqual([]);
    expect(storedFiles()).toEqual(files);
    const after = await snapshot(db());
    for (const table of Object.keys(before)) expect(after[table], `table ${table}`).toBe(before[table]);
  });

  it('still takes honest files through the same calls (the refusals are about the files)', async () => {
    expect((await CALLS['listing photo']!([photo, 'front.jpg', 'image/jpeg'])).status).toBe(200);
    expect((await CALLS['chat file']!([PDF_BYTES, 'plan.pdf', 'application/pdf'])).status).toBe(200);
    expect((await CALLS['verification document']!([PDF_BYTES, 'id.pdf', 'application/pdf'])).status).toBe(200);
  });
});
