import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, auditRows } from '../support/admin.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let admin: string;
const DESCRIPTION = 'Answers to what buyers, sellers and renters ask us most, in one place.';

beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
});

const seo = (query = '') => app.call('GET', `/api/get_seo_settings${query}`);
const save = (body: unknown, token = admin, id?: number) =>
  app.call('POST', `/api/admin/seo-settings${id ? `/${id}` : ''}`, { token, body });

describe('get_seo_settings', () => {
  it('lists every page, with null texts until the admin sets some', async () => {
    const res = await seo();
    expect(res.status).toBe(200);
    const pages = res.body.data.map((p: { page: string }) => p.page);
    expect(pages).toEqual(expect.arrayContaining(['home', 'properties', 'projects', 'faqs', 'contact-us']));
    expect(res.body.data.find((p: { page: string }) => p.page === 'faqs')).toEqual({
      page: 'faqs',
      path: '/faqs',
      meta_title: null,
      meta_description: null,
      meta_keywords: null,
      meta_image: null,
    });
  });

  it('answers one page with what the admin set, and refuses an unknown page naming the known ones', async () => {
    const created = await save({
      page: 'faqs',
      meta_title: 'Questions about buying and renting',
      meta_description: DESCRIPTION,
      meta_keywords: 'faq, buying, renting',
    });
    expect(created.status).toBe(200);
    const res = await seo('?page=faqs&lang=ar');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        page: 'faqs',
        path: '/faqs',
        meta_title: 'Questions about buying and renting',
        meta_description: DESCRIPTION,
        meta_keywords: 'faq, buying, renting',
        meta_image: null,
      },
    ]);
    const unknown = await seo('?page=homepage');
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields.page[0]).toMatch(/^Choose one of: home, properties, /);
    expect((await seo('?page=')).body.data.length).toBeGreaterThan(1);
  });
});

describe('the console edits them', () => {
  it('admins only: a visitor is asked to sign in, a user is refused, and nothing changes', async () => {
    const user = await createSignedInUser(app.database.db);
    const body = { page: 'agents', meta_title: 'Our agents' };
    expect((await app.call('POST', '/api/admin/seo-settings', { body })).status).toBe(401);
    const refused = await save(body, user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin Only Operation');
    expect((await app.call('GET', '/api/admin/seo-settings', { token: user.token })).status).toBe(403);
    expect((await seo('?page=agents')).body.data[0].meta_title).toBeNull();
  });

  it('checks the texts as listing meta fields are checked, and one entry per page', async () => {
    const bad = await save({
      page: 'articles',
      meta_title: 'x'.repeat(61),
      meta_description: 'Too short.',
      meta_keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(','),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['meta_description', 'meta_keywords', 'meta_title']);
    expect((await save({ page: 'nowhere' })).body.data.fields).toEqual({ page: ['Choose a page.'] });
    const again = await save({ page: 'faqs', meta_title: 'Another' });
    expect(again.status).toBe(422);
    expect(again.body.data.fields).toEqual({ page: ['This page has its texts already: edit that entry instead.'] });
  });

  it('edits an entry with only what changes, with a share image, audited', async () => {
    const created = await save({ page: 'projects', meta_title: 'New developments' });
    const id = created.body.data.id as number;
    const photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#357' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('meta_description', 'Homes being built now and soon, with their plans, places and prices.');
    form.set('meta_image', new File([new Uint8Array(photo)], 'share.jpg', { type: 'image/jpeg' }));
    const edited = await save(form, admin, id);
    expect(edited.status).toBe(200);
    const [page] = (await seo('?page=projects')).body.data;
    expect(page).toMatchObject({
      meta_title: 'New developments',
      meta_description: 'Homes being built now and soon, with their plans, places and prices.',
      // Absolute, as every file address in an API reply (docs/decisions/043).
      meta_image: { url: expect.stringMatching(/^https?:\/\/[^/]+\/uploads\//) },
    });
    // Saving again without a file keeps the image.
    await save({ meta_title: 'Developments' }, admin, id);
    expect((await seo('?page=projects')).body.data[0].meta_image).not.toBeNull();
    const [audit] = await auditRows(app.database.db, 'seo_settings', id);
    expect(audit).toMatchObject({ action: 'seo_settings.update', after: { meta_title: 'Developments' } });
  });
});
