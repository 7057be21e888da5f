import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { adminToken } from '../support/admin.ts';
import { createProject, createProperty, createSignedInUser, createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Admin-entered names (categories, parameters, facilities, report reasons, packages, article categories) in the
 * request's language, the default language's name where a row has none in it (docs/decisions/044).
 */
let app: TestApp;
let admin: string;
type Named = 'rooms' | 'view' | 'area' | 'school' | 'loft' | 'reason' | 'plan' | 'guides';
const rows = {} as Record<Named, { id: number }>;
let listingSlug = '';

const adminCall = async (url: string, body: unknown) => {
  const res = await app.call('POST', `/api/admin${url}`, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const get = (url: string, headers: Record<string, string> = {}) =>
  app.call('GET', `/api${url}`, { headers }).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  });
const withLang = (url: string, lang: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
  rows['rooms'] = await adminCall('/parameters', { name: 'Rooms', names: { ar: 'الغرف' }, type: 'number' });
  // No Arabic name: Arabic readers see the default language's.
  rows['view'] = await adminCall('/parameters', { name: 'Sea view', type: 'number' });
  // An area in square feet, named in Arabic in words listingFacts does not read.
  rows['area'] = await adminCall('/parameters', {
    name: 'Area (sq ft)',
    names: { ar: 'المساحة (قدم مربع)' },
    type: 'number',
  });
  rows['school'] = await adminCall('/facilities', { name: 'School', names: { ar: 'مدرسة' } });
  rows['loft'] = await adminCall('/categories', {
    name: 'Loft',
    names: { ar: 'علية' },
    parameter_ids: [rows['rooms'].id, rows['view'].id, rows['area'].id],
  });
  rows['reason'] = await adminCall('/report-reasons', { reason: 'Wrong price', names: { ar: 'السعر خاطئ' } });
  rows['plan'] = await adminCall('/packages', {
    name: 'Gold',
    names: { ar: 'ذهبية' },
    price: 10,
    duration_days: 30,
    features: ['property_list'],
    limit_property_list: 5,
  });
  rows['guides'] = await adminCall('/article-categories', { name: 'Guides', names: { ar: 'أدلة' } });
  await adminCall('/articles', {
    title: 'How to buy a loft',
    description: '<p>Start here.</p>',
    category_id: rows['guides'].id,
    published: true,
  });

  const db = app.database.db;
  const owner = await createUser(db);
  const listing = await createProperty(db, { ownerId: owner.id, categoryId: rows['loft'].id });
  listingSlug = listing.slug;
  await db.insert(s.propertyParameters).values([
    { propertyId: listing.id, parameterId: rows['rooms'].id, value: 3 },
    { propertyId: listing.id, parameterId: rows['view'].id, value: 1 },
    { propertyId: listing.id, parameterId: rows['area'].id, value: 1000 },
  ]);
  await db.insert(s.propertyFacilities).values({ propertyId: listing.id, facilityId: rows['school'].id, distance: 1 });
});

describe('names in the request language', () => {
  it('get_categories names categories and their parameters in Arabic, falling back to the default language', async () => {
    const category = async (url: string, headers?: Record<string, string>) =>
      ((await get(url, headers)).items as { id: number }[]).find((c) => c.id === rows['loft'].id);
    const arabic = await category('/get_categories?lang=ar');
    expect(arabic).toMatchObject({ name: 'علية', slug: 'loft' });
    expect(arabic).toMatchObject({
      parameters: [
        expect.objectContaining({ name: 'الغرف' }),
        expect.objectContaining({ name: 'Sea view' }),
        expect.objectContaining({ name: 'المساحة (قدم مربع)' }),
      ],
    });
    // The language as every call takes it: the header and Accept-Language too; English without any.
    expect(await category('/get_categories', { 'x-language': 'ar' })).toMatchObject({ name: 'علية' });
    expect(await category('/get_categories', { 'accept-language': 'ar,en;q=0.5' })).toMatchObject({ name: 'علية' });
    // The shared, cached list is kept per language: English after Arabic is English.
    expect(await category('/get_categories?lang=en')).toMatchObject({
      name: 'Loft',
      parameters: [
        expect.objectContaining({ name: 'Rooms' }),
        expect.objectContaining({ name: 'Sea view' }),
        expect.objectContaining({ name: 'Area (sq ft)' }),
      ],
    });
    expect((await get('/get_categories?lang=ar&search=Loft')).items[0]).toMatchObject({ name: 'علية' });
  });

  it('names the category of listing cards, and the category, parameters and facilities of a listing', async () => {
    const card = async (lang: string) =>
      ((await get(withLang(`/get-property-list?category_id=${rows['loft'].id}`, lang))).items as object[])[0];
    expect(await card('ar')).toMatchObject({ category: { name: 'علية', slug: 'loft' } });
    expect(await card('en')).toMatchObject({ category: { name: 'Loft' } });

    const detail = await get(`/get_property?slug_id=${listingSlug}&lang=ar`);
    expect(detail.category).toEqual({ id: rows['loft'].id, name: 'علية', slug: 'loft' });
    expect(detail.parameters.map((p: { name: string }) => p.name)).toEqual(['الغرف', 'Sea view', 'المساحة (قدم مربع)']);
    expect(detail.facilities.map((f: { name: string }) => f.name)).toEqual(['مدرسة']);
    const english = await get(`/get_property?slug_id=${listingSlug}`);
    expect(english.category.name).toBe('Loft');
    expect(english.parameters.map((p: { name: string }) => p.name)).toEqual(['Rooms', 'Sea view', 'Area (sq ft)']);
    // The key facts are read from the parameters' own names, whatever the language asked.
    for (const reply of [detail, english]) expect(reply.area).toEqual({ value: 1000, unit: 'sq_ft' });
  });

  it('names packages, report reasons, facilities and article categories', async () => {
    const named = (items: { id: number; name?: string; reason?: string }[], id: number) =>
      items.find((item) => item.id === id);
    expect(named(await get('/get-package?lang=ar'), rows['plan'].id)).toMatchObject({ name: 'ذهبية' });
    expect(named(await get('/get-package'), rows['plan'].id)).toMatchObject({ name: 'Gold' });
    expect(named(await get('/get_report_reasons?lang=ar'), rows['reason'].id)).toMatchObject({
      reason: 'السعر خاطئ',
    });
    expect(named(await get('/get_report_reasons'), rows['reason'].id)).toEqual({
      id: rows['reason'].id,
      reason: 'Wrong price',
    });
    expect(named(await get('/get_facilities?lang=ar'), rows['school'].id)).toMatchObject({ name: 'مدرسة' });
    const article = async (lang: string) =>
      ((await get(`/get_articles?lang=${lang}`)).items as { category: unknown }[])[0]!.category;
    expect(await article('ar')).toEqual({ id: rows['guides'].id, name: 'أدلة', slug: 'guides' });
    expect(await article('en')).toMatchObject({ name: 'Guides' });
  });

  it('names the category of project cards and of a project, its similar projects included', async () => {
    const db = app.database.db;
    const owner = await createUser(db);
    const project = await createProject(db, { ownerId: owner.id, categoryId: rows['loft'].id });
    await createProject(db, { ownerId: owner.id, categoryId: rows['loft'].id });
    const card = async (lang: string) =>
      ((await get(withLang(`/get-projects?id=${project.id}`, lang))).items as object[])[0];
    expect(await card('ar')).toMatchObject({ category: { id: rows['loft'].id, name: 'علية', slug: 'loft' } });
    expect(await card('en')).toMatchObject({ category: { name: 'Loft' } });
    const detail = await get(`/get-project-detail?slug_id=${project.slug}&get_similar=1&lang=ar`);
    expect(detail.category).toEqual({ id: rows['loft'].id, name: 'علية', slug: 'loft' });
    expect(detail.similar[0]).toMatchObject({ category: { name: 'علية' } });
    const agent = await get(`/get-projects?userid=${owner.id}&lang=ar`);
    expect(agent.items.map((p: { category: { name: string } }) => p.category.name)).toEqual(['علية', 'علية']);
  });

  it("names the packages of a user's subscriptions, payments and the notice of a bought package", async () => {
    const db = app.database.db;
    const { user, token } = await createSignedInUser(db);
    const free = await adminCall('/packages', {
      name: 'Starter',
      names: { ar: 'مبتدئة' },
      price: 0,
      duration_days: 30,
      features: ['property_list'],
      limit_property_list: 1,
    });
    const assigned = await app.call('POST', '/api/assign_package?lang=ar', { token, body: { package_id: free.id } });
    expect(assigned.body.data).toEqual([expect.objectContaining({ package_id: free.id, name: 'مبتدئة' })]);

    const [transfer] = await db
      .insert(s.paymentTransactions)
      .values({
        userId: user.id,
        packageId: rows['plan'].id,
        amountMinor: 1000,
        currency: 'USD',
        provider: 'bank_transfer',
        status: 'review',
      })
      .returning();
    const approved = await app.call('POST', `/api/admin/payments/${transfer!.id}/approve?lang=ar`, { token: admin });
    expect(approved.body.data).toMatchObject({ package_name: 'ذهبية' });
    const payments = async (lang: string) => {
      const res = await app.call('GET', withLang('/api/get_payment_details', lang), { token });
      return res.body.data.items.map((p: { package_name: string }) => p.package_name);
    };
    expect(await payments('ar')).toEqual(['ذهبية']);
    expect(await payments('en')).toEqual(['Gold']);
    const notices = async (lang: string) => {
      const res = await app.call('GET', withLang('/api/get_notification_list', lang), { token });
      return res.body.data.items.map((n: { body: string }) => n.body).join(' ');
    };
    expect(await notices('ar')).toContain('ذهبية');
    expect(await notices('en')).toContain('Gold');
  });

  it('names the home page categories and cards in the request language', async () => {
    const home = await get('/homepage-data?lang=ar');
    expect(home.categories.find((c: { id: number }) => c.id === rows['loft'].id)).toMatchObject({ name: 'علية' });
    expect(home.latest_properties[0]).toMatchObject({ category: { name: 'علية' } });
    expect((await get('/homepage-data?lang=en')).categories).toContainEqual(expect.objectContaining({ name: 'Loft' }));
  });
});

describe('editing names in the console', () => {
  it('changes one language at a time; a blank one falls back to the default name', async () => {
    const id = rows['rooms'].id;
    // A language the site does not have yet may be named in advance.
    const edited = await adminCall(`/parameters/${id}`, { names: { fr: 'Pièces' } });
    expect(edited).toMatchObject({ name: 'Rooms', names: { ar: 'الغرف', fr: 'Pièces' } });
    const cleared = await adminCall(`/parameters/${id}`, { names: { ar: '' } });
    expect(cleared.names).toEqual({ fr: 'Pièces' });
    const category = ((await get('/get_categories?lang=ar')).items as { id: number; parameters: object[] }[]).find(
      (c) => c.id === rows['loft'].id,
    );
    expect(category!.parameters[0]).toMatchObject({ name: 'Rooms' });
  });

  it('takes a form post with one box per language', async () => {
    const form = new FormData();
    form.set('names.ar', ' مكتبة ');
    const res = await app.call('POST', `/api/admin/facilities/${rows['school'].id}`, { token: admin, body: form });
    expect(res.body.data.names).toEqual({ ar: 'مكتبة' });
  });

  it('refuses a key that is not a language code, and a name too long', async () => {
    const res = await app.call('POST', `/api/admin/categories/${rows['loft'].id}`, {
      token: admin,
      body: { names: { Arabic: 'x', ar: 'x'.repeat(121) } },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['names.Arabic', 'names.ar']);
  });
});
