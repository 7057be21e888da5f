import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/admin.ts';
import { createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { openApiOperations } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The one paging rule (src/server/paging.ts, docs/decisions/042) over every list call: left out, the default; a page
 * size above the largest, the largest; a negative, fractional or non-numeric value, or an offset past 1,000,000,
 * 422 naming the parameter.
 */

let app: TestApp;
const tokens: Record<'user' | 'admin', string> = { user: '', admin: '' };

interface List {
  /** What else the call needs to answer 200. */
  query?: string;
  as?: 'user' | 'admin';
  /** The page size when left out, and the largest. */
  size?: number;
  max?: number;
  /** A count with no offset (the reply is a plain list). */
  countOnly?: boolean;
  /** Paged by page/per_page. */
  byPage?: boolean;
  /** Where the page sits in the reply, when not at its top. */
  within?: string;
}

const admin: List = { as: 'admin' };
const user: List = { as: 'user' };
const LISTS: Record<string, List> = {
  '/api/get_categories': {},
  '/api/get-cities-data': {},
  '/api/faqs': {},
  '/api/get_articles': {},
  '/api/get_interested_users': { as: 'user', query: 'property_id=PROPERTY' },
  '/api/get-added-properties': user,
  '/api/get-added-projects': user,
  '/api/get-my-advertisements': user,
  '/api/get-featured-data': {},
  '/api/get_payment_details': user,
  '/api/get_property': {},
  '/api/get-property-list': {},
  '/api/get_nearby_properties': { query: 'city=Lisbon' },
  '/api/get-properties-in-bounds': { query: 'south=38&west=-10&north=39&east=-9' },
  '/api/get-nearby-cities': { query: 'latitude=38.7&longitude=-9.1', size: 8, max: 20, countOnly: true },
  '/api/search-places': { query: 'search=Lis', size: 8, max: 20, countOnly: true },
  '/api/get_favourite_property': user,
  '/api/agent-list': {},
  '/api/agent-properties': { query: 'is_admin=1', within: 'listings' },
  '/api/get-projects': {},
  '/api/get_user_recommendation': user,
  '/api/get_chats': { as: 'user', size: 50 },
  '/api/get_messages': { as: 'user', query: 'to_admin=1', byPage: true },
  '/api/get_notification_list': user,
  '/api/admin/payments': admin,
  '/api/admin/properties': admin,
  '/api/admin/projects': admin,
  '/api/admin/featured-requests': admin,
  '/api/admin/verification-requests': admin,
  '/api/admin/reports': admin,
  '/api/admin/users': admin,
  '/api/admin/audit-log': { as: 'admin', size: 50 },
  '/api/admin/categories': admin,
  '/api/admin/parameters': admin,
  '/api/admin/facilities': admin,
  '/api/admin/cities': admin,
  '/api/admin/report-reasons': admin,
  '/api/admin/packages': admin,
  '/api/admin/article-categories': admin,
  '/api/admin/articles': admin,
  '/api/admin/faqs': admin,
  '/api/admin/languages': admin,
  '/api/admin/verification-fields': admin,
  '/api/admin/seo-settings': admin,
};

let propertyId = 0;

beforeAll(async () => {
  app = await createTestApp();
  const catalog = await seedCatalog(app.database.db);
  const owner = await createSignedInUser(app.database.db);
  tokens.user = owner.token;
  tokens.admin = await adminToken(app);
  propertyId = (await createProperty(app.database.db, { ownerId: owner.user.id, categoryId: catalog.apartment.id })).id;
});

async function get(path: string, list: List, paging: string) {
  const query = [list.query?.replace('PROPERTY', String(propertyId)), paging].filter(Boolean).join('&');
  return app.call('GET', `${path}?${query}`, list.as ? { token: tokens[list.as] } : {});
}

describe('every list call pages by one rule', () => {
  it('covers every documented call that takes limit or per_page', async () => {
    const listed = (await openApiOperations(app))
      .filter((op) => op.method === 'GET' && (op.params.includes('limit') || op.params.includes('per_page')))
      .map((op) => op.path);
    expect([...listed].sort()).toEqual(Object.keys(LISTS).sort());
  });

  describe.each(Object.entries(LISTS))('%s', (path, list) => {
    const size = list.byPage ? 'per_page' : 'limit';
    const start = list.byPage ? 'page' : 'offset';
    const { size: fallback = 20, max = 100 } = list;
    const pageOf = (data: Record<string, Record<string, unknown>>) => (list.within ? data[list.within]! : data)[size];

    it('answers the default page when paging is left out or empty', async () => {
      for (const paging of ['', `${size}=&${list.countOnly ? '' : `${start}=`}`]) {
        const res = await get(path, list, paging);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        if (!list.countOnly) expect(pageOf(res.body.data)).toBe(fallback);
      }
    });

    it('serves a page size above the largest as the largest', async () => {
      for (const huge of [String(max + 1), '1000000000', '9'.repeat(40)]) {
        const res = await get(path, list, `${size}=${huge}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        if (list.countOnly) expect((res.body.data as unknown[]).length).toBeLessThanOrEqual(max);
        else expect(pageOf(res.body.data)).toBe(max);
      }
    });

    it('refuses a negative, fractional or non-numeric value with 422 naming it', async () => {
      const names = list.countOnly ? [size] : [size, start];
      for (const name of names)
        for (const bad of ['-1', '2.5', 'abc', '0x10']) {
          const res = await get(path, list, `${name}=${bad}`);
          expect(res.status, `${name}=${bad}`).toBe(422);
          expect(Object.keys(res.body.data.fields)).toEqual([name]);
        }
      const zero = await get(path, list, `${size}=0`);
      expect(zero.status).toBe(422);
    });

    it.skipIf(list.countOnly)('refuses a page past the deepest', async () => {
      const res = await get(path, list, list.byPage ? 'page=10001' : 'offset=1000001');
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual([start]);
      expect((await get(path, list, list.byPage ? 'page=10000' : 'offset=1000000')).status).toBe(200);
    });
  });
});
