import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/admin.ts';
import { createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { openApiOperations } from '../support/security.ts';
import { SPEC_CALLS } from '../support/spec-calls.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A query parameter a call does not take is refused (400, data.fields naming it), never ignored; the spec's own
 * names (its typos included), `lang`, and what the site's islands send are taken.
 */

let app: TestApp;
let userToken = '';
let admin = '';

beforeAll(async () => {
  app = await createTestApp();
  const catalog = await seedCatalog(app.database.db);
  const owner = await createSignedInUser(app.database.db);
  userToken = owner.token;
  admin = await adminToken(app);
  await createProperty(app.database.db, { ownerId: owner.user.id, categoryId: catalog.apartment.id });
});

const tokenFor = (path: string) => (path.startsWith('/api/admin/') ? admin : userToken);
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

/** The spec's GET calls (section 7) with the query parameters it names for them. */
const SPEC_QUERIES = Object.fromEntries(
  SPEC_CALLS.filter((call) => call.method === 'get' && call.fields.length).map((call) => [call.path, call.fields]),
);

/** What the site's own islands send (src/islands: the map search, the location picker, the chat room). */
const ISLAND_QUERIES: Record<string, string> = {
  'get-properties-in-bounds':
    'property_type=sell&category_slug_id=apartment&min_price=1&max_price=900000&south=38&west=-10&north=39&' +
    'east=-9&offset=0&limit=20&area=38.1,-9.9;38.9,-9.9;38.5,-9.1&latitude=38.7&longitude=-9.1',
  'reverse-geocode': 'latitude=38.7&longitude=-9.1',
  'search-places': 'search=Lis',
  get_messages: 'to_admin=1&per_page=1',
};

describe('unknown query parameters', () => {
  it('are refused with 400 naming them, by every call that declares its query', async () => {
    const calls = (await openApiOperations(app)).filter((op) => op.method === 'GET' && op.params.length > 0);
    const checked = [];
    for (const op of calls) {
      const res = await app.call('GET', `${concrete(op.path)}?no_such_param=1&lang=en`, { token: tokenFor(op.path) });
      if (op.params.every((name) => op.path.includes(`{${name}}`))) continue;
      checked.push(op.path);
      expect(res.status, op.path).toBe(400);
      expect(res.body.data, op.path).toEqual({
        code: 'unknown_parameter',
        fields: { no_such_param: ['This call does not take this parameter.'] },
      });
    }
    expect(checked).toEqual(
      expect.arrayContaining(['/api/get-property-list', '/api/admin/users', '/api/get_messages']),
    );
  });

  it('refuses another server’s filters instead of answering every listing', async () => {
    const filters = Buffer.from(JSON.stringify({ city: 'Nowhere' })).toString('base64');
    const res = await app.call('GET', `/api/get-property-list?filters=${filters}&search=x`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This call does not take some of the parameters sent.');
    expect(Object.keys(res.body.data.fields)).toEqual(['filters']);
  });

  it('asks a visitor to sign in before judging the parameters of a signed-in call', async () => {
    expect((await app.call('GET', '/api/get-added-properties?no_such_param=1')).status).toBe(401);
  });
});

describe('known query parameters', () => {
  it('takes every name the spec gives its GET calls, its spellings included', async () => {
    for (const [call, names] of Object.entries(SPEC_QUERIES)) {
      const query = names.map((name) => `${name}=`).join('&');
      const res = await app.call('GET', `/api/${call}?${query}`, { token: userToken });
      expect(res.body.data?.code, `${call}: ${JSON.stringify(res.body.data)}`).not.toBe('unknown_parameter');
    }
  });

  it('takes what the site’s islands send, and lang everywhere', async () => {
    for (const [call, query] of Object.entries(ISLAND_QUERIES)) {
      const res = await app.call('GET', `/api/${call}?${query}&lang=ar`, { token: userToken });
      expect(res.status, `${call}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
