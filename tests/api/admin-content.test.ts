import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { adminToken, auditRows, countAuditRows } from '../support/admin.ts';
import { createProperty, createUser, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let admin: string;
const db = () => app.database.db;
const call = (method: string, url: string, body?: unknown) =>
  app.call(method, `/api/admin${url}`, { token: admin, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
});

describe('categories and parameters', () => {
  it('creates a dropdown parameter and a category offering it to the property form', async () => {
    const param = await call('POST', '/parameters', {
      name: 'Heating',
      type: 'dropdown',
      options: 'Gas\nElectric\n\nSolar',
    });
    expect(param.status).toBe(200);
    expect(param.body.data).toMatchObject({ name: 'Heating', type: 'dropdown', options: ['Gas', 'Electric', 'Solar'] });
    const created = await call('POST', '/categories', { name: 'Tiny Houses', parameter_ids: [param.body.data.id] });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      slug: 'tiny-houses',
      parameter_ids: [param.body.data.id],
      is_active: true,
    });
    const categoryId = created.body.data.id;
    const [audit] = await auditRows(db(), 'category', categoryId);
    expect(audit).toMatchObject({ action: 'category.create', after: expect.objectContaining({ name: 'Tiny Houses' }) });

    const listed = await app.call('GET', '/api/get_categories?search=Tiny');
    expect(listed.body.data.items[0].parameters).toEqual([
      expect.objectContaining({
        name: 'Heating',
        type_of_parameter: 'dropdown',
        type_values: ['Gas', 'Electric', 'Solar'],
      }),
    ]);

    // A second one with the same name gets its own slug; a typed slug that is taken is refused.
    expect((await call('POST', '/categories', { name: 'Tiny Houses' })).body.data.slug).toBe('tiny-houses-2');
    const taken = await call('POST', '/categories', { name: 'Other', slug: 'tiny-houses' });
    expect(taken.status).toBe(422);
    expect(taken.body.data.fields).toEqual({ slug: ['Another entry already uses this slug.'] });

    // Editing sends only what changes.
    const edited = await call('POST', `/categories/${categoryId}`, { is_active: false, sort_order: 3 });
    expect(edited.body.data).toMatchObject({
      name: 'Tiny Houses',
      is_active: false,
      sort_order: 3,
      parameter_ids: [param.body.data.id],
    });
    const [update] = await auditRows(db(), 'category', categoryId);
    expect(update).toMatchObject({
      action: 'category.update',
      before: { is_active: true, sort_order: 0 },
      after: { is_active: false, sort_order: 3 },
    });
  });

  it('refuses bad input with field messages', async () => {
    const before = await countAuditRows(db());
    const res = await call('POST', '/parameters', { name: '', type: 'dropdown', options: 'Only one' });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({
      name: ['This field is required.'],
      options: ['List at least two options, one a line.'],
    });
    expect((await call('POST', '/parameters', { name: 'X', type: 'colour' })).body.data.fields).toEqual({
      type: ['Choose a field type.'],
    });
    expect(await countAuditRows(db())).toBe(before);
  });

  it('deactivates a category with listings instead of deleting it, and deletes an unused one', async () => {
    const catalog = await seedCatalog(db());
    const owner = await createUser(db());
    await createProperty(db(), { ownerId: owner.id, categoryId: catalog.villa.id });
    const used = await call('DELETE', `/categories/${catalog.villa.id}`);
    expect(used.body).toMatchObject({
      message: 'Still in use, so it was switched off instead of deleted: it no longer shows on the site.',
      data: { id: catalog.villa.id, outcome: 'switched_off' },
    });
    expect((await call('GET', `/categories/${catalog.villa.id}`)).body.data.is_active).toBe(false);
    const spare = (await call('POST', '/categories', { name: 'Spare' })).body.data.id;
    expect((await call('DELETE', `/categories/${spare}`)).body.data.outcome).toBe('deleted');
    expect((await call('GET', `/categories/${spare}`)).status).toBe(404);
    expect((await auditRows(db(), 'category', spare))[0]).toMatchObject({ action: 'category.delete', after: null });
    // The log still names the deleted category, without a link to a page that is gone.
    const log = await app.call('GET', '/api/admin/audit-log?entity=category&limit=100', { token: admin });
    const entries = log.body.data.items.filter((i: { entity_id: string }) => i.entity_id === String(spare));
    expect(entries.map((i: { action: string }) => i.action)).toEqual(['category.delete', 'category.create']);
    for (const entry of entries)
      expect(entry).toMatchObject({ entity_label: 'Spare', entity_url: null, entity_deleted: true });
    // A category switched off is still there: named and linked.
    expect(
      log.body.data.items.find((i: { entity_id: string }) => i.entity_id === String(catalog.villa.id)),
    ).toMatchObject({
      action: 'category.deactivate',
      entity_label: catalog.villa.name,
      entity_url: `/admin/content/categories/${catalog.villa.id}`,
      entity_deleted: false,
    });
  });

  it('stores an uploaded image checked by its content', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a9' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('name', 'Pool');
    form.append('image', new File([photo], 'pool.png', { type: 'image/png' }));
    const res = await app.call('POST', '/api/admin/facilities', { token: admin, body: form });
    expect(res.status).toBe(200);
    expect(res.body.data.image).toBeTruthy();
    const fake = new FormData();
    fake.append('name', 'Gym');
    fake.append('image', new File(['<svg onload=alert(1)>'], 'gym.png', { type: 'image/png' }));
    const refused = await app.call('POST', '/api/admin/facilities', { token: admin, body: fake });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.data.fields)).toEqual(['image']);
  });
});

describe('other entities', () => {
  it('lists with search and paging', async () => {
    for (const reason of ['Spam one', 'Spam two', 'Fraud'])
      await call('POST', '/report-reasons', { reason, is_active: true });
    const spam = await call('GET', '/report-reasons?search=spam&limit=1');
    expect(spam.body.data).toMatchObject({ total: 2, limit: 1 });
    expect(spam.body.data.items).toHaveLength(1);
  });

  it('packages keep per-feature limits and price, and bought ones are taken off sale', async () => {
    const res = await call('POST', '/packages', {
      name: 'Gold',
      price: '49.99',
      duration_days: 30,
      is_active: true,
      features: ['property_list', 'project_access'],
      limit_property_list: '10',
      limit_project_access: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      price: 49.99,
      features: ['property_list', 'project_access'],
      limit_property_list: 10,
      limit_project_access: null,
    });
    const [row] = await db().select().from(s.packages).where(eq(s.packages.id, res.body.data.id));
    expect(row!.priceMinor).toBe(4999);
    const bad = await call('POST', '/packages', { name: 'Bad', price: -1, duration_days: 0, features: ['teleport'] });
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['duration_days', 'features.0', 'price']);

    const buyer = await createUser(db());
    await db()
      .insert(s.userPackages)
      .values({ userId: buyer.id, packageId: res.body.data.id, startsAt: new Date(), endsAt: new Date() });
    expect((await call('DELETE', `/packages/${res.body.data.id}`)).body.data.outcome).toBe('switched_off');
  });

  it('articles are sanitised on save and published', async () => {
    const cat = (await call('POST', '/article-categories', { name: 'Guides' })).body.data;
    const res = await call('POST', '/articles', {
      title: 'Buying a home',
      category_id: cat.id,
      description: '<p onclick="x()">Read <a href="javascript:alert(1)">this</a></p><script>bad()</script>',
      published: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.description).not.toMatch(/script|onclick|javascript/);
    expect(res.body.data.published_at).toBeTruthy();
    expect((await app.call('GET', `/api/get_articles?slug_id=${res.body.data.slug}`)).body.data).toBeTruthy();
    expect(
      (await call('POST', '/articles', { title: 'Empty', description: '<script></script>' })).body.data.fields,
    ).toEqual({
      description: ['This field is required.'],
    });
  });

  it('FAQs and verification fields', async () => {
    const faq = await call('POST', '/faqs', { question: 'Is it free?', answer: 'Yes.', is_active: true });
    expect(faq.body.data).toMatchObject({ question: 'Is it free?', is_active: true });
    expect((await call('DELETE', `/faqs/${faq.body.data.id}`)).body.data.outcome).toBe('deleted');
    const field = await call('POST', '/verification-fields', {
      name: 'Licence',
      type: 'radiobutton',
      options: ['A', 'B'],
      is_active: true,
    });
    expect(field.body.data).toMatchObject({ type: 'radiobutton', options: ['A', 'B'] });
    const text = await call('POST', `/verification-fields/${field.body.data.id}`, { type: 'text' });
    expect(text.body.data.options).toEqual([]);
  });
});

describe('languages', () => {
  const upload = (fields: Record<string, string>, json?: unknown, id?: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (json !== undefined)
      form.append('strings', new File([JSON.stringify(json)], 'fr.json', { type: 'application/json' }));
    return app.call('POST', `/api/admin/languages${id ? `/${id}` : ''}`, { token: admin, body: form });
  };

  it('takes a language file, refuses unknown keys with their list, and falls back for missing ones', async () => {
    const unknown = await upload(
      { code: 'fr', name: 'French', native_name: 'Français', is_active: '1' },
      { home: { title: 'Accueil', nope: 'x' }, extra: 'y' },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toEqual({
      strings: ['The file has keys the site does not know.'],
      unknown_keys: ['home.nope, extra'],
    });

    const res = await upload(
      { code: 'fr', name: 'French', native_name: 'Français', is_active: '1' },
      { home: { title: 'Trouvez votre maison' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'fr', uploaded_keys: 1, is_default: false });
    const langs = await app.call('GET', '/api/get_languages');
    expect(JSON.stringify(langs.body)).toContain('"fr"');
  });

  it('moves the default, keeps one, and never deletes it', async () => {
    const fr = (await call('GET', '/languages?search=fr')).body.data.items[0];
    expect((await call('POST', `/languages/${fr.id}`, { is_default: true })).body.data.is_default).toBe(true);
    const en = (await call('GET', '/languages?search=english')).body.data.items[0];
    expect(en.is_default).toBe(false);
    expect((await call('POST', `/languages/${fr.id}`, { is_default: false })).body.data.fields).toEqual({
      is_default: ['Make another language the default instead.'],
    });
    expect((await call('DELETE', `/languages/${fr.id}`)).status).toBe(409);
    await call('POST', `/languages/${en.id}`, { is_default: true });
    expect((await call('DELETE', `/languages/${fr.id}`)).body.data.outcome).toBe('deleted');
  });
});
