import { beforeAll, describe, expect, it } from 'vitest';
import { serveUncarriableMethod } from '../../src/server/api/serve.ts';
import { MAX_INPUT_DEPTH } from '../../src/server/input-depth.ts';
import en from '../../src/server/i18n/locales/en.json' with { type: 'json' };
import { adminToken } from '../support/admin.ts';
import { createSignedInUser, seedCatalog } from '../support/factories.ts';
import { openApiOperations, SESSION_ENDING, type Operation } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Requests that are wrong in their shape rather than their values, sent to every documented call: methods a path
 * does not take, paths that are near misses, and bodies that are not what the content type says, nest thousands of
 * levels deep or carry absurd names. None may answer 5xx (security-fuzz.test.ts sweeps the values; pages and the
 * production server are swept in tests/e2e/security/malformed-requests.spec.ts).
 */

// Event streams never end; the calls that end the caller's session (SESSION_ENDING) would end the shared one.
const STREAMS = new Set(['/api/chat/stream']);
const SENT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL', 'FOO', 'M-SEARCH'];

let app: TestApp;
let token: string;
let admin: string;
let operations: Operation[];
/** The documented methods of each path. */
const methodsOf = new Map<string, Set<string>>();

beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app.database.db);
  ({ token } = await createSignedInUser(app.database.db));
  admin = await adminToken(app);
  operations = (await openApiOperations(app)).filter((o) => !STREAMS.has(o.path));
  for (const op of operations) {
    const methods = methodsOf.get(op.path) ?? new Set<string>();
    methods.add(op.method);
    methodsOf.set(op.path, methods);
  }
});

/** The path of a call with each {param} set to 1. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '1');
/** A session that gets past the call's sign-in and admin checks, so its body is read. */
const tokenFor = (op: Operation) => (op.path.startsWith('/api/admin') ? admin : token);
const writes = () => operations.filter((o) => o.method !== 'GET' && !SESSION_ENDING.has(o.path));

function expectNoFault(res: { status: number; body: unknown }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  if (typeof res.body === 'object' && res.body !== null)
    expect(typeof (res.body as { error?: unknown }).error, `${what}: the envelope`).toBe('boolean');
}

/** `[[[ ... ]]]` or `{"a":{"a": ... }}` nested `depth` levels deep, as raw JSON. */
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

describe('a method the path does not take', () => {
  it('answers 405 naming the methods the path takes, on every documented path', async () => {
    expect(methodsOf.size).toBeGreaterThan(30);
    for (const [path, documented] of methodsOf) {
      const allowed = new Set(documented);
      if (allowed.has('GET')) allowed.add('HEAD');
      for (const method of SENT_METHODS.filter((m) => !allowed.has(m))) {
        const res = await app.call(method, concrete(path), { token });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')?.split(', ').sort(), `${method} ${path}`).toEqual([...allowed].sort());
        if (method !== 'HEAD')
          expect(res.body, `${method} ${path}`).toMatchObject({ error: true, data: { code: 'method_not_allowed' } });
      }
    }
  });

  it('answers 404 on a path that is no call, whatever the method', async () => {
    for (const method of SENT_METHODS) {
      const res = await app.call(method, '/api/no_such_call', { token });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('allow'), method).toBeNull();
    }
  });

  it('leaves OPTIONS to whatever answers it, never 405', async () => {
    for (const path of methodsOf.keys())
      expect((await app.call('OPTIONS', concrete(path))).status, `OPTIONS ${path}`).not.toBe(405);
  });

  it('answers the methods a fetch Request cannot carry (TRACE, TRACK, CONNECT) in the envelope too', async () => {
    const refused = await serveUncarriableMethod(app.api, 'TRACE', 'http://localhost/api/get_languages', '127.0.0.1');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await refused.json()).toMatchObject({ error: true, data: { code: 'method_not_allowed' } });
    const unknown = await serveUncarriableMethod(app.api, 'TRACK', 'http://localhost/api/nothing', '127.0.0.1');
    expect(unknown.status).toBe(404);
  });
});

describe('a path that is a near miss', () => {
  it('never answers 5xx', async () => {
    const long = 'a'.repeat(8_000);
    for (const op of operations.filter((o) => !SESSION_ENDING.has(o.path))) {
      const path = concrete(op.path);
      for (const miss of [
        `${path}/`,
        `${path}//`,
        `${path}%00`,
        `${path}/%2e%2e/%2e%2e/etc/passwd`,
        `/api/%2e%2e${path.slice('/api'.length)}`,
        `/api//${path.slice('/api/'.length)}`,
        `${path}/${long}`,
        `${path}?${long}=${long}`,
        `${path};jsessionid=1`,
      ])
        expectNoFault(await app.call(op.method, miss, { token }), `${op.method} ${miss.slice(0, 100)}`);
    }
  });
});

describe('a body that is not what it claims', () => {
  const json = { 'content-type': 'application/json' };
  const tooDeep = (res: { status: number; body: any }) =>
    res.status === 400 &&
    res.body?.message === en.errors.too_deep.replace('{{max}}', String(MAX_INPUT_DEPTH)) &&
    res.body?.data?.code === 'bad_request';

  it(`refuses JSON nested more than ${MAX_INPUT_DEPTH} levels with 400 and a message, before any walk of it`, async () => {
    const refusedBy: string[] = [];
    for (const op of writes()) {
      const what = `${op.method} ${op.path}`;
      for (const raw of [
        `{"a":${nestedArrays(10_000)}}`,
        nestedObjects(10_000),
        `{"a":${nestedArrays(MAX_INPUT_DEPTH)}}`,
      ]) {
        const res = await app.call(op.method, concrete(op.path), { token: tokenFor(op), raw, headers: json });
        expectNoFault(res, what);
        if (tooDeep(res)) refusedBy.push(what);
      }
    }
    // Calls that read no body answer as they would to any; the rest refuse it, signed in or not, admin or not.
    expect(refusedBy).toEqual(
      expect.arrayContaining([
        'POST /api/user_signup',
        'POST /api/update_profile',
        'POST /api/send_message',
        'POST /api/admin/settings',
      ]),
    );
    expect(new Set(refusedBy).size).toBeGreaterThan(writes().length / 2);
  });

  it(`takes JSON nested ${MAX_INPUT_DEPTH} levels`, async () => {
    const raw = `{"name":"Deep","extra":${nestedArrays(MAX_INPUT_DEPTH - 1)}}`;
    const res = await app.call('POST', '/api/update_profile', { token, raw, headers: json });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses form fields whose bracketed names nest thousands of levels deep with 400', async () => {
    const refusedBy = new Set<string>();
    for (const op of writes()) {
      for (const name of [`a${'[b]'.repeat(5_000)}`, `a${'[0]'.repeat(5_000)}`, `a${'[]'.repeat(5_000)}`]) {
        const form = new FormData();
        form.set(name, 'x');
        const res = await app.call(op.method, concrete(op.path), { token: tokenFor(op), body: form });
        expectNoFault(res, `${op.method} ${op.path} ${name.slice(0, 8)}`);
        if (tooDeep(res)) refusedBy.add(`${op.method} ${op.path}`);
      }
    }
    // The calls whose forms send bracketed lists.
    expect([...refusedBy]).toEqual(
      expect.arrayContaining(['POST /api/post_property', 'POST /api/apply-agent-verification']),
    );
  });

  it('answers invalid JSON, a wrong content type, absurd field names and broken multipart with 4xx', async () => {
    const huge = 'n'.repeat(100_000);
    const bodies: { raw: string; type: string }[] = [
      { raw: '{"a": 1,', type: 'application/json' },
      { raw: '\u0000\u0001\u0002', type: 'application/json' },
      { raw: '{"a": 1}', type: 'text/plain' },
      { raw: '<xml/>', type: 'application/xml' },
      { raw: '{"a": 1}', type: 'application/json; charset=utf-16' },
      { raw: `{"${huge}": "x"}`, type: 'application/json' },
      { raw: `${huge}=x&${'b'.repeat(10)}=${huge}`, type: 'application/x-www-form-urlencoded' },
      { raw: '--nothing\r\nContent-Disposition: form-data\r\n\r\nx', type: 'multipart/form-data; boundary=nothing' },
      { raw: 'garbage without any boundary', type: 'multipart/form-data' },
      { raw: '--b\r\n\r\n--b--', type: 'multipart/form-data; boundary=b' },
      {
        raw: `--b\r\nContent-Disposition: form-data; name="${huge}"\r\n\r\nx\r\n--b--`,
        type: 'multipart/form-data; boundary=b',
      },
    ];
    for (const op of writes())
      for (const { raw, type } of bodies)
        expectNoFault(
          await app.call(op.method, concrete(op.path), { token: tokenFor(op), raw, headers: { 'content-type': type } }),
          `${op.method} ${op.path} ${type} ${raw.slice(0, 20)}`,
        );
  });
}, 300_000);
