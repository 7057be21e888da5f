import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed/index.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { adminToken } from '../support/admin.ts';
import { openApiOperations, type Operation } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A client on another host (spec section 7: "/api/ on the API host") shows the files the API names: every file
 * address in a reply is absolute, on PUBLIC_URL (or the object storage's public address), never a path that the
 * client's own origin would resolve. Links to the site's pages (a notification's `url`) stay paths.
 */
const SITE = 'http://localhost:4321';
const STREAMS = new Set(['/api/chat/stream']);
/** The console's settings are shown as stored, for editing: a logo given as a path stays one there. */
const AS_STORED = new Set(['/api/admin/settings']);
/** The spec's file fields (section 3), each of which the sweep must meet with an absolute address. */
const FILE_FIELDS = [
  'title_image',
  'gallery_images',
  'three_d_image',
  'meta_image',
  'documents',
  'plans',
  'profile',
  'file',
  'audio',
  'receipt',
  'web_placeholder_logo',
];

let app: TestApp;
let operations: Operation[];
let callers: Record<string, string | undefined>;
let listing: { id: number; slug: string };
let project: { id: number; slug: string };

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedDemoData(db, new LocalFileStorage(app.storageDir));
  operations = (await openApiOperations(app)).filter(
    (op) => op.method === 'GET' && !op.path.includes('{') && !STREAMS.has(op.path) && !AS_STORED.has(op.path),
  );
  // The demo data has no 3D photo, listing documents, share image or chat attachments: one listing and the latest
  // message of a conversation (shown in the chat list) get them; the addresses are checked, not the files.
  const [property] = await db
    .select()
    .from(s.properties)
    .where(and(eq(s.properties.adminStatus, 'approved'), isNotNull(s.properties.titleImage)))
    .limit(1);
  const photo = property!.titleImage!;
  const document = {
    key: 'properties/demo/brochure.pdf',
    name: 'brochure.pdf',
    contentType: 'application/pdf',
    size: 9,
  };
  await db
    .update(s.properties)
    .set({ threeDImage: photo, metaImage: photo, documents: [document] })
    .where(eq(s.properties.id, property!.id));
  const [approved] = await db.select().from(s.projects).where(eq(s.projects.adminStatus, 'approved')).limit(1);
  await db
    .update(s.projects)
    .set({ documents: [document] })
    .where(eq(s.projects.id, approved!.id));
  const [user] = await db.select().from(s.users).where(eq(s.users.email, 'user1@example.com'));
  const [message] = await db
    .select()
    .from(s.messages)
    .where(or(eq(s.messages.senderId, user!.id), eq(s.messages.receiverId, user!.id)))
    .orderBy(desc(s.messages.id))
    .limit(1);
  await db.update(s.messages).set({ file: document, audio: document }).where(eq(s.messages.id, message!.id));

  const owners = await db
    .select({ email: s.users.email })
    .from(s.users)
    .where(or(eq(s.users.id, property!.ownerId), eq(s.users.id, approved!.ownerId)));
  const signIn = async (email: string) => {
    const res = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email, password: DEMO_PASSWORD },
      ip: '198.51.100.90',
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token as string;
  };
  callers = { visitor: undefined, user: await signIn(user!.email!), admin: await adminToken(app) };
  for (const owner of owners) callers[owner.email!] = await signIn(owner.email!);
  listing = { id: property!.id, slug: property!.slug };
  project = { id: approved!.id, slug: approved!.slug };
});

/** Where a string names a file by a path, which another origin would resolve against itself. */
const RELATIVE_FILE = /^\/(?!\/)(?:uploads\/|images\/|api\/|[^?#]*\.[a-z0-9]{2,5}(?:[?#]|$))/i;

/** Every string in a JSON value, with the keys that lead to it (array positions left out). */
function strings(value: unknown, path: string[] = []): [string[], string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, path));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => strings(v, [...path, key]));
}

/** The call's parameters, naming the listing, or the project for project calls, and the user who owns them. */
function query(op: Operation): string {
  const subject = op.path.includes('project') ? project : listing;
  const values: Record<string, string | number> = { id: subject.id, slug_id: subject.slug, property_id: listing.id };
  return new URLSearchParams(
    op.params.filter((p) => values[p] !== undefined).map((p) => [p, String(values[p])]),
  ).toString();
}

describe('file addresses in API replies', () => {
  it('are absolute in every documented GET reply, for visitors, users, owners and admins', async () => {
    const relative = new Set<string>();
    const absolute = new Set<string>();
    for (const op of operations) {
      for (const [who, token] of Object.entries(callers)) {
        const res = await app.call('GET', `${op.path}?${query(op)}`, token ? { token } : {});
        for (const [path, text] of strings(res.body)) {
          if (RELATIVE_FILE.test(text)) relative.add(`${who}: GET ${op.path} ${path.join('.')} = ${text}`);
          if (text.startsWith(`${SITE}/`)) for (const key of path) absolute.add(key);
        }
      }
    }
    expect([...relative]).toEqual([]);
    expect(FILE_FIELDS.filter((field) => !absolute.has(field))).toEqual([]);
  });
});
