import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every documented call, fed hostile input: it must answer 4xx (or 2xx) in the envelope, never a 500, and never
 * echo secrets. The routes come from the OpenAPI document, so new calls are fuzzed without editing this file.
 */
const NAUGHTY: unknown[] = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\u0000',
  'a\u0000b',
  '%00',
  '../../../etc/passwd',
  '𝕌𝕟𝕚𝕔𝕠𝕕𝕖 ‮RTL‬ 👨‍👩‍👧',
  'x'.repeat(10_000),
  -1,
  1e308,
  null,
  true,
  [],
  {},
  ['a', { b: 1 }],
  { $ne: null },
];
// Calls that end the caller's own session are fuzzed last, by a user of their own; event streams never end.
const STREAMS = new Set(['/api/chat/stream']);
const SESSION_ENDING = new Set(['/api/logout', '/api/delete_user']);

let app: TestApp;
let token: string;
let operations: { method: string; path: string; params: string[] }[];

beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app.database.db);
  ({ token } = await createSignedInUser(app.database.db));
  const doc = (await app.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
});

function expectSafe(res: { status: number; body: unknown; headers: Headers }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  expect(text, what).not.toMatch(/\$argon2|password_?hash|"stack"|\bat \S+\.(ts|js|mjs):\d+/i);
  if ((res.headers.get('content-type') ?? '').includes('json'))
    expect(typeof (res.body as { error?: unknown }).error, what).toBe('boolean');
}

const asQuery = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

describe('hostile input never makes the API fail', () => {
  it('reads the calls from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('answers every GET call with odd query values, as a visitor and signed in', async () => {
    for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{') && !STREAMS.has(o.path))) {
      // Every value in every parameter at once, alternately as a visitor and signed in.
      for (const [i, value] of NAUGHTY.entries()) {
        const query = new URLSearchParams();
        for (const name of op.params.length ? op.params : ['id', 'offset', 'limit']) query.set(name, asQuery(value));
        const res = await app.call('GET', `${op.path}?${query}`, i % 2 ? { token } : {});
        expectSafe(res, `GET ${op.path} ${asQuery(value).slice(0, 40)}`);
      }
    }
  });

  it('answers every POST call with odd JSON and form bodies', async () => {
    const posts = operations.filter((o) => o.method !== 'GET' && !SESSION_ENDING.has(o.path) && !o.path.includes('{'));
    const fields = [
      'id',
      'property_id',
      'project_id',
      'package_id',
      'type',
      'status',
      'email',
      'name',
      'title',
      'price',
    ];
    for (const op of posts) {
      for (const value of NAUGHTY) {
        const json = Object.fromEntries(fields.map((f) => [f, value]));
        expectSafe(await app.call(op.method, op.path, { token, body: json }), `${op.method} ${op.path} json`);
        const form = new FormData();
        for (const f of fields) form.append(f, asQuery(value));
        form.append('title_image', new File(['<html><script>x</script></html>'], 'photo.jpg', { type: 'image/jpeg' }));
        expectSafe(await app.call(op.method, op.path, { token, body: form }), `${op.method} ${op.path} form`);
      }
      // Not JSON at all, and JSON of the wrong shape.
      for (const raw of ['{"unterminated": ', '[1,2,3]', '"just a string"', 'null']) {
        const res = await app.call(op.method, op.path, {
          token,
          raw,
          headers: { 'content-type': 'application/json' },
        });
        expectSafe(res, `${op.method} ${op.path} raw ${raw}`);
      }
    }
  });

  it('ends a session safely with odd input too', async () => {
    for (const path of SESSION_ENDING) {
      const user = await createSignedInUser(app.database.db);
      for (const value of NAUGHTY)
        expectSafe(await app.call('POST', path, { token: user.token, body: { userid: value } }), `POST ${path}`);
    }
  });
}, 120_000);
