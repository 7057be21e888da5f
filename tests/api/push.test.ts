import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { eventBus } from '../../src/server/realtime/event-bus.ts';
import { notify } from '../../src/server/services/notification-service.ts';
import { startPushDispatcher } from '../../src/server/services/push-service.ts';
import { loadVapidKeys, VAPID_KEY_FILE } from '../../src/server/services/push-vapid.ts';
import { listPushSubscriptions } from '../../src/server/repositories/push-repository.ts';
import { chatWorld, sendText } from '../support/chat.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let w: Awaited<ReturnType<typeof chatWorld>>;
const db = () => app.database.db;

/** A push service standing in for the browser vendor's: records each request and answers what a test asks. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const answers = new Map<string, number>();
let origin = '';
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(answers.get(req.url ?? '') ?? 201).end();
  });
});

/** What a browser holds for a subscription: its P-256 key pair and the 16-byte auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (endpoint: string) => ({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@example.com' };
// The server's own keys for /api/push/public-key (read once, at the first call): never a file in ./data.
process.env['VAPID_PUBLIC_KEY'] = vapid.publicKey;
process.env['VAPID_PRIVATE_KEY'] = vapid.privateKey;

async function waitFor<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  app = await createTestApp();
  w = await chatWorld(db());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const bus = eventBus(db());
  startPushDispatcher(db(), bus, vapid);
  await bus.ready();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('push subscriptions', () => {
  it('needs a signed-in user, an https endpoint (loopback http in tests) and valid keys', async () => {
    const keys = browserKeys();
    expect((await app.call('POST', '/api/push/subscribe', { body: keys.subscription(`${origin}/a`) })).status).toBe(
      401,
    );
    const plainHttp = await app.call('POST', '/api/push/subscribe', {
      token: w.owner.token,
      body: keys.subscription('http://push.example.com/send/1'),
    });
    expect(plainHttp.status).toBe(422);
    expect(plainHttp.body.data.fields.endpoint).toEqual(['The push endpoint must be an https:// address.']);
    const badKeys = await app.call('POST', '/api/push/subscribe', {
      token: w.owner.token,
      body: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'abc', auth: 'def' } },
    });
    expect(badKeys.status).toBe(422);
    expect(Object.keys(badKeys.body.data.fields).sort()).toEqual(['auth', 'p256dh']);

    const ok = await app.call('POST', '/api/push/subscribe', {
      token: w.owner.token,
      body: keys.subscription('https://push.example.com/send/1'),
    });
    expect(ok.status).toBe(200);
    // Again, and then from another account in the same browser: one row, now the other account's.
    await app.call('POST', '/api/push/subscribe', {
      token: w.owner.token,
      body: keys.subscription('https://push.example.com/send/1'),
    });
    await app.call('POST', '/api/push/subscribe', {
      token: w.outsider.token,
      body: keys.subscription('https://push.example.com/send/1'),
    });
    expect(await listPushSubscriptions(db(), w.owner.user.id)).toHaveLength(0);
    expect(await listPushSubscriptions(db(), w.outsider.user.id)).toHaveLength(1);
    const off = await app.call('POST', '/api/push/unsubscribe', {
      token: w.outsider.token,
      body: { endpoint: 'https://push.example.com/send/1' },
    });
    expect(off.body.data).toEqual({ removed: true });
    expect(await listPushSubscriptions(db(), w.outsider.user.id)).toHaveLength(0);
  });

  it('are forgotten when the account is signed out everywhere, so no browser signed in before gets its pushes', async () => {
    const leaving = await createSignedInUser(db());
    const keys = browserKeys();
    for (const browser of ['one', 'two'])
      await app.call('POST', '/api/push/subscribe', {
        token: leaving.token,
        body: keys.subscription(`https://push.example.com/send/${browser}`),
      });
    await app.call('POST', '/api/push/subscribe', {
      token: w.buyer.token,
      body: browserKeys().subscription('https://push.example.com/send/buyer'),
    });
    expect(await listPushSubscriptions(db(), leaving.user.id)).toHaveLength(2);
    // An admin deactivates the account; a password reset and deleting the account end sessions the same way.
    const off = await app.call('POST', `/api/admin/users/${leaving.user.id}/deactivate`, { token: w.admin.token });
    expect(off.status).toBe(200);
    expect(await listPushSubscriptions(db(), leaving.user.id)).toEqual([]);
    // Another user's browser keeps its subscription.
    expect(await listPushSubscriptions(db(), w.buyer.user.id)).toHaveLength(1);
    await app.call('POST', '/api/push/unsubscribe', {
      token: w.buyer.token,
      body: { endpoint: 'https://push.example.com/send/buyer' },
    });
  });

  it("are forgotten with the session that subscribed the browser, and only that session's", async () => {
    const user = await createSignedInUser(db());
    const { token: otherSession } = await startSession(db(), user.user.id, { userAgent: null, ip: null });
    for (const [token, browser] of [
      [user.token, 'laptop'],
      [otherSession, 'phone'],
    ] as const)
      await app.call('POST', '/api/push/subscribe', {
        token,
        body: browserKeys().subscription(`https://push.example.com/send/${browser}`),
      });
    expect(await listPushSubscriptions(db(), user.user.id)).toHaveLength(2);
    expect((await app.call('POST', '/api/logout', { token: user.token })).status).toBe(200);
    const left = await listPushSubscriptions(db(), user.user.id);
    expect(left.map((s) => s.endpoint)).toEqual(['https://push.example.com/send/phone']);
    await app.call('POST', '/api/push/unsubscribe', { token: otherSession, body: { endpoint: left[0]!.endpoint } });
  });

  it('serves the VAPID public key', async () => {
    const reply = await app.call('GET', '/api/push/public-key');
    expect(reply.status).toBe(200);
    expect(reply.body.data.public_key).toBe(vapid.publicKey);
    expect(Buffer.from(reply.body.data.public_key, 'base64url')).toHaveLength(65);
  });
});

describe('sending pushes', () => {
  it('pushes each notification to the user’s browsers, encrypted for them and signed with VAPID', async () => {
    const keys = browserKeys();
    const subscribed = await app.call('POST', '/api/push/subscribe', {
      token: w.owner.token,
      body: keys.subscription(`${origin}/push/owner-browser`),
    });
    expect(subscribed.status).toBe(200);

    await sendText(app, w.buyer, { receiver_id: w.owner.user.id, property_id: w.property.id, message: 'Is it free?' });
    const push = await waitFor(() => received.find((r) => r.path === '/push/owner-browser'));

    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers['ttl'])).toBeGreaterThan(0);
    // RFC 8188 header: salt (16), record size (4), key id length (1), the server's ephemeral public key.
    const idLength = push.body.readUInt8(20);
    const serverKey = push.body.subarray(21, 21 + idLength);
    const plain = decrypt(push.body, {
      version: 'aes128gcm',
      privateKey: keys.ecdh,
      dh: serverKey.toString('base64url'),
      authSecret: keys.auth.toString('base64url'),
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: `New message from ${w.buyer.user.name}`,
      body: 'Is it free?',
      url: `/user/messages/u${w.buyer.user.id}-p${w.property.id}`,
      tag: 'chat_message',
    });

    // Authorization: vapid t=<JWT signed with the VAPID private key>, k=<the VAPID public key>.
    const authorization = String(push.headers['authorization']);
    const [, token, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
    expect(publicKey).toBe(vapid.publicKey);
    expect(decodeProtectedHeader(token!).alg).toBe('ES256');
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token!, key, { audience: origin });
    expect(payload.sub).toBe('mailto:admin@example.com');
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
    expect(payload.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
  });

  it('removes subscriptions the push service says are gone, and respects the notification setting', async () => {
    const gone = browserKeys();
    const alive = browserKeys();
    answers.set('/push/gone', 410);
    answers.set('/push/missing', 404);
    for (const endpoint of ['/push/gone', '/push/missing', '/push/alive'])
      await app.call('POST', '/api/push/subscribe', {
        token: w.buyer.token,
        body: (endpoint === '/push/alive' ? alive : gone).subscription(`${origin}${endpoint}`),
      });
    await db().transaction((tx) => notify(tx, w.buyer.user.id, { type: 'test', title: 'Ping' }));
    await waitFor(() => received.find((r) => r.path === '/push/alive'));
    await expect
      .poll(async () => (await listPushSubscriptions(db(), w.buyer.user.id)).map((s) => new URL(s.endpoint).pathname))
      .toEqual(['/push/alive']);

    // Notifications turned off in the profile: stored, not pushed.
    const { users } = await import('../../src/server/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await db().update(users).set({ notificationsEnabled: false }).where(eq(users.id, w.buyer.user.id));
    const before = received.length;
    await db().transaction((tx) => notify(tx, w.buyer.user.id, { type: 'test', title: 'Quiet' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(before);
  });
});

describe('VAPID configuration', () => {
  it('validates the keys as a pair and the subject', () => {
    const pair = webpush.generateVAPIDKeys();
    expect(parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }).VAPID_PUBLIC_KEY).toBe(
      pair.publicKey,
    );
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY: required/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a URL-safe base64 P-256 public key/,
    );
    expect(() => parseEnv({ VAPID_SUBJECT: 'admin@example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('without keys, generates a pair once in DATA_DIR and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    try {
      const first = loadVapidKeys(parseEnv({ DATA_DIR: dir }));
      const second = loadVapidKeys(parseEnv({ DATA_DIR: dir }));
      expect(second).toEqual(first);
      expect(first.subject).toBe('mailto:admin@example.com');
      const file = path.join(dir, VAPID_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const pair = webpush.generateVAPIDKeys();
      const configured = loadVapidKeys(
        parseEnv({
          DATA_DIR: dir,
          VAPID_PUBLIC_KEY: pair.publicKey,
          VAPID_PRIVATE_KEY: pair.privateKey,
          VAPID_SUBJECT: 'https://example.com',
        }),
      );
      expect(configured).toEqual({ ...pair, subject: 'https://example.com' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
