import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { settings, users } from '../../src/server/db/schema/index.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app.ts';
import { createSignedInUser, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await seedCatalog(app.database.db);
});

describe('envelope and errors', () => {
  it('answers an unknown call with 404 in the envelope', async () => {
    const res = await app.call('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: true, message: 'There is no such API call.', data: { code: 'not_found' } });
  });

  it('rejects bad query parameters with 422 and a message per field', async () => {
    const res = await app.call('GET', '/api/get_categories?limit=abc&offset=-1');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(true);
    expect(res.body.data.code).toBe('validation_failed');
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['limit', 'offset']);
  });

  it('translates messages into the caller language', async () => {
    const res = await app.call('GET', '/api/does-not-exist', { headers: { 'accept-language': 'ar,en;q=0.5' } });
    expect(res.body.message).toBe('لا يوجد استدعاء بهذا الاسم في الواجهة.');
    const explicit = await app.call('GET', '/api/faqs?lang=ar');
    expect(explicit.body.message).toBe('تم جلب البيانات بنجاح');
  });

  it('gives every reply a request id', async () => {
    const res = await app.call('GET', '/api/faqs', { headers: { 'x-request-id': 'abc12345-test' } });
    expect(res.headers.get('x-request-id')).toBe('abc12345-test');
  });

  it('publishes an OpenAPI document listing the calls', async () => {
    const res = await app.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    for (const path of [
      '/api/web-settings',
      '/api/get_categories',
      '/api/get_facilities',
      '/api/get_languages',
      '/api/get-cities-data',
      '/api/get_report_reasons',
      '/api/faqs',
    ]) {
      expect(Object.keys(res.body.paths)).toContain(path);
    }
  });
});

describe('web-settings', () => {
  it('returns public settings and never a secret one', async () => {
    await app.database.db
      .insert(settings)
      .values({ key: 'stripe_secret_key', value: 'sk_live_do_not_leak', isSecret: true })
      // Seeded empty by a fresh install; the admin stores the real key.
      .onConflictDoUpdate({ target: settings.key, set: { value: 'sk_live_do_not_leak' } });
    const res = await app.call('GET', '/api/web-settings');
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(false);
    expect(res.body.data).toMatchObject({
      currency_symbol: expect.any(String),
      selected_currency_data: { code: expect.any(String) },
    });
    expect(res.body.data.verification_status).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('sk_live_do_not_leak');
  });

  it('adds the caller verification status when signed in', async () => {
    const [admin] = await app.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const { token } = await startSession(app.database.db, admin!.id, { userAgent: null, ip: null });
    const res = await app.call('GET', '/api/web-settings', { token });
    expect(res.body.data.verification_status).toEqual(expect.any(String));
  });

  it('says whether the caller may see premium listings: a premium_properties package or an admin', async () => {
    const settingsOf = async (token?: string) =>
      (await app.call('GET', '/api/web-settings', token ? { token } : {})).body.data;
    const holder = await createSignedInUser(app.database.db);
    await grantPackage(app.database.db, [holder.user.id], { premium_properties: null });
    const lister = await createSignedInUser(app.database.db);
    await grantPackage(app.database.db, [lister.user.id], { property_list: 3 });
    const [admin] = await app.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    const adminSession = await startSession(app.database.db, admin!.id, { userAgent: null, ip: null });

    expect(await settingsOf()).toMatchObject({ is_premium: false, verification_status: null });
    expect(await settingsOf(holder.token)).toMatchObject({ is_premium: true, verification_status: 'initial' });
    expect((await settingsOf(lister.token)).is_premium).toBe(false);
    expect((await settingsOf(adminSession.token)).is_premium).toBe(true);
  });

  it('carries the languages for a language menu, and the default one', async () => {
    const data = (await app.call('GET', '/api/web-settings')).body.data;
    expect(data.default_language).toBe('en');
    expect(data.languages).toEqual(
      expect.arrayContaining([
        { code: 'en', name: 'English', native_name: 'English', direction: 'ltr' },
        { code: 'ar', name: 'Arabic', native_name: 'العربية', direction: 'rtl' },
      ]),
    );
  });

  it('documents what a visitor gets for verification_status and is_premium', async () => {
    const doc = (await app.call('GET', '/api/openapi.json')).body;
    const reply = doc.paths['/api/web-settings'].get.responses['200'].content['application/json'].schema;
    expect(reply.properties.data.$ref).toBe('#/components/schemas/WebSettings');
    const fields = doc.components.schemas.WebSettings.properties;
    expect(fields.verification_status.description).toMatch(/null for a visitor/);
    expect(fields.is_premium.description).toMatch(/false for a visitor/);
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['languages', 'default_language']));
  });
});

describe('get_languages', () => {
  it('lists English and Arabic, Arabic right-to-left', async () => {
    const res = await app.call('GET', '/api/get_languages');
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'en', isRtl: false, isDefault: true }),
        expect.objectContaining({ code: 'ar', isRtl: true }),
      ]),
    );
  });

  it('returns one language file by code', async () => {
    const res = await app.call('GET', '/api/get_languages?language_code=ar&web_language_file=1');
    expect(res.body.data.code).toBe('ar');
    expect(res.body.data.file.nav.home).toBe('الصفحة الرئيسية');
  });

  it('answers 404 for an unknown language and 422 for a malformed code', async () => {
    expect((await app.call('GET', '/api/get_languages?language_code=xx')).status).toBe(404);
    expect((await app.call('GET', '/api/get_languages?language_code=%3Cscript%3E')).status).toBe(422);
  });
});

describe('catalog', () => {
  it('get_categories pages, searches and filters by live listings', async () => {
    const all = await app.call('GET', '/api/get_categories?limit=2');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items).toHaveLength(2);
    expect(all.body.data.items[0].parameters.map((p: { name: string }) => p.name)).toEqual(['Bedrooms', 'Furnished']);

    const search = await app.call('GET', '/api/get_categories?search=vil');
    expect(search.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Villa']);

    const withListings = await app.call('GET', '/api/get_categories?has_property=1');
    expect(
      withListings.body.data.items.map((c: { name: string; property_count: number }) => [c.name, c.property_count]),
    ).toEqual([['Apartment', 2]]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const res = await app.call('GET', '/api/get_categories?search=%25');
    expect(res.body.data.items).toEqual([]);
  });

  it('get_facilities and get-facilities-for-filter list facilities', async () => {
    for (const path of ['/api/get_facilities', '/api/get-facilities-for-filter']) {
      const res = await app.call('GET', path);
      expect(res.body.data.map((f: { name: string }) => f.name)).toEqual(['Hospital', 'School']);
    }
  });

  it('get-cities-data pages cities, busiest first', async () => {
    const res = await app.call('GET', '/api/get-cities-data?limit=1');
    expect(res.body.data).toMatchObject({ total: 2, offset: 0, limit: 1 });
    expect(res.body.data.items[0]).toMatchObject({ name: 'Lisbon', property_count: 2 });
  });

  it('get_report_reasons lists only active reasons', async () => {
    const res = await app.call('GET', '/api/get_report_reasons');
    expect(res.body.data.map((r: { reason: string }) => r.reason)).toEqual(['Wrong price']);
  });

  it('faqs pages active questions in order', async () => {
    const res = await app.call('GET', '/api/faqs?limit=1');
    expect(res.body.data).toMatchObject({ total: 2, items: [{ question: 'How do I list a property?' }] });
  });
});

describe('authentication', () => {
  it('treats a malformed or unknown bearer token as none, saying the session ended (tests/api/session-ends.test.ts)', async () => {
    const malformed = await app.call('GET', '/api/web-settings', { headers: { authorization: 'Bearer x' } });
    expect(malformed.status).toBe(200);
    expect(malformed.headers.get('x-session-ended')).toBe('invalid');
    const unknown = await app.call('GET', '/api/get-user-data', { token: 'a'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ error: true, data: { code: 'unauthenticated' } });
  });

  it('refuses a deactivated account with the spec message', async () => {
    const [user] = await app.database.db
      .insert(users)
      .values({
        name: 'Dee Activated',
        email: 'dee@example.com',
        type: 'user',
        logintype: 'email',
        slug: 'dee-activated',
      })
      .returning();
    const { token } = await startSession(app.database.db, user!.id, { userAgent: null, ip: null });
    expect((await app.call('GET', '/api/web-settings', { token })).status).toBe(200);
    await app.database.db.update(users).set({ isActive: false }).where(eq(users.id, user!.id));
    const res = await app.call('GET', '/api/get-user-data', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your Account have been Deactivetd by Admin');
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const [admin] = await app.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const { token } = await startSession(app.database.db, admin!.id, { userAgent: null, ip: null });
    const cookie = { cookie: `session=${token}` };
    const foreign = await app.call('POST', '/api/faqs', { headers: { ...cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.data.code).toBe('forbidden');
    // Same origin passes the check and reaches routing (/faqs takes GET only).
    const same = await app.call('POST', '/api/faqs', { headers: { ...cookie, origin: 'http://localhost' } });
    expect(same.status).toBe(405);
  });

  it("refuses another site's form that signs a visitor in, and lets apps without an Origin through", async () => {
    const signIn = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ logintype: 'email', ...ADMIN })) form.set(name, value);
      return form;
    };
    const foreign = await app.call('POST', '/api/user_signup', {
      body: signIn(),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.data.code).toBe('forbidden');
    expect(foreign.headers.get('set-cookie')).toBeNull();
    const ours = await app.call('POST', '/api/user_signup', {
      body: signIn(),
      headers: { origin: 'http://localhost' },
    });
    expect(ours.status).toBe(200);
    const withoutOrigin = await app.call('POST', '/api/user_signup', { body: signIn() });
    expect(withoutOrigin.status).toBe(200);
    expect(withoutOrigin.body.data.token).toEqual(expect.any(String));
  });
});
