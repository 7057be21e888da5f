import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as uploads } from '../../src/pages/uploads/[...key].ts';
import { projectPlans, projects } from '../../src/server/db/schema/index.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { siteUrl } from '../../src/server/web/site.ts';
import { createUser, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, storageKey, type TestApp } from '../support/test-app.ts';

type Account = { id: number; token: string };

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let owner: Account;
let other: Account;
let photo: Uint8Array<ArrayBuffer>;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const pdfFile = (name = 'plan.pdf') => new File([pdf], name, { type: 'application/pdf' });
const photoFile = (name = 'photo.jpg') => new File([photo], name, { type: 'image/jpeg' });
/** Where a file a URL names is stored: public files by their /uploads path, plans and documents by their name. */
function storedPath(url: string) {
  const gated = /\/api\/project-file\/\d+\/([\w.-]+)$/.exec(url);
  if (!gated) return path.join(app.storageDir, storageKey(url));
  const found = fs
    .readdirSync(app.storageDir, { recursive: true })
    .map(String)
    .find((file) => path.basename(file) === gated[1]);
  return path.join(app.storageDir, found ?? `missing/${gated[1]}`);
}
/** What /uploads answers for a key (the page route, called as Astro would). */
const publicUpload = (key: string) =>
  uploads({
    params: { key },
    locals: { runtime: { deps: { storage: new LocalFileStorage(app.storageDir) } } },
  } as unknown as Parameters<typeof uploads>[0]) as Promise<Response>;
const DAY_MS = 24 * 60 * 60 * 1000;

let phone = 0;
/** A user with a complete profile, signed in, holding the package features given (none: no package at all). */
async function account(features: Parameters<typeof grantPackage>[2] | null, overrides = {}): Promise<Account> {
  const user = await createUser(app.database.db, {
    name: 'Project Owner',
    mobile: `+1777${String(++phone).padStart(7, '0')}`,
    address: '1 Main Street',
    profileImage: { key: 'k', width: 1, height: 1, variants: [] },
    ...overrides,
  });
  if (features) await grantPackage(app.database.db, [user.id], features);
  const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
  return { id: user.id, token };
}

function projectForm(overrides: Record<string, string | Blob | null> = {}) {
  const form = new FormData();
  const fields: Record<string, string | Blob | null> = {
    title: 'Harbour Gardens',
    description: 'Two hundred homes around shared gardens, a short walk from the river.',
    category_id: String(catalog.apartment.id),
    type: 'upcoming',
    city: 'Lisbon',
    state: 'Lisbon',
    country: 'Portugal',
    location: '5 River Road, Lisbon, Portugal',
    latitude: '38.71',
    longitude: '-9.13',
    meta_title: 'Harbour Gardens in Lisbon',
    image: photoFile('front.jpg'),
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) if (value !== null) form.append(key, value);
  return form;
}

const post = (form: FormData, token = owner.token) => app.call('POST', '/api/post_project', { body: form, token });
const get = (url: string, token?: string) => app.call('GET', url, token ? { token } : {});

/** A project row written directly, for the public list's filters. */
async function insertProject(values: Partial<typeof projects.$inferInsert> & { title: string }) {
  const [row] = await app.database.db
    .insert(projects)
    .values({
      ownerId: owner.id,
      categoryId: catalog.apartment.id,
      slug: `p-${Math.random().toString(36).slice(2, 10)}`,
      description: 'A project used by a test.',
      type: 'upcoming',
      city: 'Porto',
      state: 'Porto',
      country: 'Portugal',
      adminStatus: 'approved',
      ...values,
    })
    .returning({ id: projects.id, slug: projects.slug });
  return row!;
}

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(app.database.db);
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#48a' } })
    .jpeg()
    .toBuffer();
  owner = await account({ project_list: null, property_list: null });
  other = await account({ project_list: null });
});

describe('post_project', () => {
  it('creates a pending project with its image, gallery, documents and plans (a PDF and an image)', async () => {
    const form = projectForm({
      'plans[0][title]': 'Two-bedroom plan',
      'plans[0][document]': pdfFile('two-bed.pdf'),
      'plans[1][title]': 'Site plan',
      'plans[1][document]': photoFile('site.jpg'),
      video_link: 'https://video.example.com/harbour',
    });
    form.append('gallery_images[]', photoFile('a.jpg'));
    form.append('gallery_images[]', photoFile('b.jpg'));
    form.append('documents[]', pdfFile('brochure.pdf'));
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your project has been sent for review.');
    const data = res.body.data;
    expect(data).toMatchObject({
      title: 'Harbour Gardens',
      slug_id: 'harbour-gardens',
      type: 'upcoming',
      location: '5 River Road, Lisbon, Portugal',
      city: 'Lisbon',
      latitude: 38.71,
      admin_status: 'pending',
      status: 'active',
      video_link: 'https://video.example.com/harbour',
      meta_title: 'Harbour Gardens in Lisbon',
      documents: [expect.objectContaining({ name: 'brochure.pdf', content_type: 'application/pdf' })],
      plans: [
        {
          id: expect.any(Number),
          title: 'Two-bedroom plan',
          document: expect.objectContaining({ name: 'two-bed.pdf' }),
        },
        {
          id: expect.any(Number),
          title: 'Site plan',
          document: expect.objectContaining({ content_type: 'image/jpeg' }),
        },
      ],
    });
    expect(data.gallery_images).toHaveLength(2);
    expect(data.image.variants.map((v: { format: string }) => v.format)).toEqual(
      expect.arrayContaining(['webp', 'avif']),
    );
    expect(fs.existsSync(storedPath(data.plans[0].document.url))).toBe(true);
    const mine = await get('/api/get-added-projects', owner.token);
    expect(mine.body.data.items.map((p: { id: number }) => p.id)).toContain(data.id);
    // Waiting for review: not public yet.
    expect((await get(`/api/get-projects?id=${data.id}`)).body.data.items).toEqual([]);
  });

  it('takes slug_id by the slug rules and keeps slugs unique', async () => {
    const first = await post(projectForm({ slug_id: ' My Custom -- Slug! ' }));
    expect(first.body.data.slug_id).toBe('my-custom-slug');
    const second = await post(projectForm({ slug_id: 'my custom slug' }));
    expect(second.body.data.slug_id).toBe('my-custom-slug-2');
  });

  it('names the address as the client sent it: location, or the property calls’ address names', async () => {
    const fieldsOf = async (overrides: Record<string, string | null>) => (await post(projectForm(overrides))).body.data;
    expect((await fieldsOf({ location: null })).fields).toEqual({ location: ['Enter the address.'] });
    expect((await fieldsOf({ location: null, address: '' })).fields).toEqual({ address: ['Enter the address.'] });
    expect((await fieldsOf({ location: null, formatted_address: ' ' })).fields).toEqual({
      formatted_address: ['Enter the address.'],
    });
    expect((await fieldsOf({ location: null, address: '5 River Road' })).location).toBe('5 River Road');
  });

  it('explains every missing or bad field', async () => {
    const res = await post(
      projectForm({
        title: '',
        description: '  ',
        category_id: null,
        type: 'finished',
        city: '',
        location: '',
        latitude: '200',
        meta_title: 'x'.repeat(61),
        meta_description: 'too short',
        meta_keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(','),
        video_link: 'javascript:alert(1)',
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({
      title: ['This field is required.'],
      description: ['This field is required.'],
      category_id: ['This field is required.'],
      type: ['Choose upcoming or under construction.'],
      city: ['Enter the city.'],
      location: ['Enter the address.'],
      latitude: ['Latitude must be between -90 and 90.'],
      meta_title: ['The meta title can have at most 60 characters.'],
      meta_description: ['The meta description needs 50 to 160 characters.'],
      meta_keywords: ['Use at most 10 keywords, separated by commas.'],
      video_link: ['Enter a web address starting with http:// or https://.'],
    });
    const unknown = await post(projectForm({ category_id: '99999' }));
    expect(unknown.body.data.fields).toEqual({ category_id: ['Choose a category.'] });
  });

  it('needs a title image, and checks every file by its content, not its name', async () => {
    expect((await post(projectForm({ image: null }))).body.data.fields).toEqual({ image: ['Add a title image.'] });
    const html = new File(['<html><script>alert(1)</script></html>'], 'photo.jpg', { type: 'image/jpeg' });
    expect((await post(projectForm({ image: html }))).body.data.fields).toEqual({
      image: ['Photos must be JPEG, PNG or WebP images.'],
    });
    const gallery = projectForm();
    gallery.append('gallery_images[]', photoFile());
    gallery.append('gallery_images[]', new File(['GIF89a'], 'b.png', { type: 'image/png' }));
    expect((await post(gallery)).body.data.fields).toEqual({
      'gallery_images.1': ['Photos must be JPEG, PNG or WebP images.'],
    });
    const documents = projectForm();
    documents.append('documents[]', new File(['<html></html>'], 'contract.pdf', { type: 'application/pdf' }));
    expect((await post(documents)).body.data.fields).toEqual({
      'documents.0': ['Documents must be PDF files or images.'],
    });
    const renamedPlan = projectForm({
      'plans[0][title]': 'Plan',
      'plans[0][document]': new File(['MZ not a pdf'], 'plan.pdf', { type: 'application/pdf' }),
    });
    expect((await post(renamedPlan)).body.data.fields).toEqual({
      'plans.0.document': ['Documents must be PDF files or images.'],
    });
  });

  it('needs each plan complete before the next, and leaves no file behind when it refuses', async () => {
    const titleOnly = await post(projectForm({ 'plans[0][title]': 'Ground floor' }));
    expect(titleOnly.status).toBe(422);
    expect(titleOnly.body.data.fields).toEqual({ 'plans.0': ['Each plan needs a title and a document.'] });
    const documentOnly = await post(
      projectForm({
        'plans[0][title]': 'Ground floor',
        'plans[0][document]': pdfFile(),
        'plans[1][document]': pdfFile(),
      }),
    );
    expect(documentOnly.body.data.fields).toEqual({ 'plans.1': ['Each plan needs a title and a document.'] });
    // A blank row (forms always offer one more) is not a plan.
    const blankRow = await post(
      projectForm({ 'plans[0][title]': 'Ground floor', 'plans[0][document]': pdfFile(), 'plans[1][title]': '' }),
    );
    expect(blankRow.body.data.plans).toHaveLength(1);
    const files = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true, encoding: 'utf8' })
            .filter((f) => fs.statSync(path.join(dir, f)).isFile())
        : [];
    const before = files(path.join(app.storageDir, 'projects'));
    await post(projectForm({ 'plans[0][title]': 'A', 'plans[0][document]': pdfFile(), 'plans[1][title]': 'B' }));
    expect(files(path.join(app.storageDir, 'projects'))).toEqual(before);
  });

  it('is gated: an account, a complete profile, and a package with project_list', async () => {
    expect((await app.call('POST', '/api/post_project', { body: projectForm() })).status).toBe(401);
    const incomplete = await account({ project_list: null }, { address: null });
    const profile = await post(projectForm(), incomplete.token);
    expect(profile.status).toBe(403);
    expect(profile.body.data.code).toBe('profile_incomplete');
    const propertiesOnly = await account({ property_list: null });
    const refused = await post(projectForm(), propertiesOnly.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Your package does not allow more project listings. Choose a package to continue.',
      data: { code: 'package_not_available' },
    });
    // Holding no package at all, the first project starts the site's free package (one project).
    const noPackage = await account(null);
    expect((await post(projectForm(), noPackage.token)).status).toBe(200);
    expect((await post(projectForm(), noPackage.token)).body.data.code).toBe('package_not_available');
    const count = await app.database.db.select().from(projects).where(eq(projects.ownerId, propertiesOnly.id));
    expect(count).toEqual([]);
  });

  it('spends one project_list unit per project, inside the save', async () => {
    const limited = await account({ project_list: 1 });
    const check = () => get('/api/check-package-limit?type=project_list', limited.token);
    expect((await check()).body.data.limit_available).toBe(true);
    // A refused post spends nothing.
    expect((await post(projectForm({ title: '' }), limited.token)).status).toBe(422);
    expect((await check()).body.data.limit_available).toBe(true);
    expect((await post(projectForm(), limited.token)).status).toBe(200);
    expect((await check()).body.data).toEqual({
      package_available: true,
      feature_available: true,
      limit_available: false,
      free_package: null,
    });
    const again = await post(projectForm(), limited.token);
    expect(again.status).toBe(403);
    expect(again.body.data.code).toBe('package_not_available');
  });
});

describe('editing and managing', () => {
  async function created() {
    const form = projectForm({
      'plans[0][title]': 'Old plan',
      'plans[0][document]': pdfFile('old.pdf'),
      'plans[1][title]': 'Kept plan',
      'plans[1][document]': pdfFile('kept.pdf'),
    });
    form.append('gallery_images[]', photoFile('a.jpg'));
    form.append('gallery_images[]', photoFile('b.jpg'));
    form.append('documents[]', pdfFile('brochure.pdf'));
    return (await post(form)).body.data;
  }

  it('updates through post_project with id: fields, removals and plans, and goes back to review', async () => {
    const project = await created();
    await app.database.db
      .update(projects)
      .set({ adminStatus: 'approved', rejectReason: 'old' })
      .where(eq(projects.id, project.id));
    const [oldPlan, keptPlan] = project.plans;
    const update = new FormData();
    update.set('id', String(project.id));
    update.set('title', 'Harbour Gardens II');
    update.set('type', 'under_construction');
    update.set('remove_gallery_images', '0');
    update.set('remove_documents', '0');
    update.set('remove_plans', String(oldPlan.id));
    update.set('plans[0][id]', String(keptPlan.id));
    update.set('plans[0][title]', 'Kept plan, renamed');
    update.set('plans[1][title]', 'New plan');
    update.set('plans[1][document]', pdfFile('new.pdf'));
    update.set('meta_image', '');
    const res = await post(update);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your changes have been sent for review.');
    expect(res.body.data).toMatchObject({
      id: project.id,
      title: 'Harbour Gardens II',
      type: 'under_construction',
      description: project.description,
      city: 'Lisbon',
      admin_status: 'pending',
      reject_reason: null,
      documents: [],
      gallery_images: [project.gallery_images[1]],
      plans: [
        { id: keptPlan.id, title: 'Kept plan, renamed', document: keptPlan.document },
        { id: expect.any(Number), title: 'New plan', document: expect.objectContaining({ name: 'new.pdf' }) },
      ],
    });
    expect(fs.existsSync(storedPath(oldPlan.document.url))).toBe(false);
    expect(fs.existsSync(storedPath(project.documents[0].url))).toBe(false);
    expect(fs.existsSync(storedPath(project.gallery_images[0].url))).toBe(false);
    expect(fs.existsSync(storedPath(keptPlan.document.url))).toBe(true);
  });

  it('removes what the edit form ticks: photos and documents by key, a plan whose row it still sends', async () => {
    const project = await created();
    const [oldPlan, keptPlan] = project.plans;
    // The edit page sends every saved plan's row, the ticked one too, beside its Remove box, and a blank row.
    const update = projectForm({
      id: String(project.id),
      image: new File([], ''),
      'plans[0][id]': String(oldPlan.id),
      'plans[0][title]': oldPlan.title,
      'plans[1][id]': String(keptPlan.id),
      'plans[1][title]': keptPlan.title,
      'plans[2][title]': '',
    });
    update.append('remove_plans[]', String(oldPlan.id));
    update.append('remove_gallery_images[]', project.gallery_images[1].key);
    update.append('remove_documents[]', project.documents[0].key);
    const res = await post(update);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      gallery_images: [project.gallery_images[0]],
      documents: [],
      plans: [{ id: keptPlan.id, title: keptPlan.title, document: keptPlan.document }],
    });
    const gone = [oldPlan.document.url, project.documents[0].url, project.gallery_images[1].url].map(storedPath);
    expect(gone.filter((file) => fs.existsSync(file))).toEqual([]);
    // Another owner naming those keys on their own project removes nothing of this one.
    const theirs = (await post(projectForm(), other.token)).body.data;
    const naming = new FormData();
    naming.set('id', String(theirs.id));
    naming.append('remove_gallery_images[]', project.gallery_images[0].key);
    naming.append('remove_plans[]', String(keptPlan.id));
    expect((await post(naming, other.token)).status).toBe(200);
    const [mine] = (await get(`/api/get-added-projects?slug_id=${project.slug_id}`, owner.token)).body.data.items;
    expect(mine).toMatchObject({ gallery_images: [project.gallery_images[0]], plans: [{ id: keptPlan.id }] });
  });

  it('refuses a bad edit without changing anything', async () => {
    const project = await created();
    const res = await post(
      (() => {
        const form = new FormData();
        form.set('id', String(project.id));
        form.set('title', 'Changed');
        form.set('plans[2][title]', 'No document');
        return form;
      })(),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({ 'plans.2': ['Each plan needs a title and a document.'] });
    const [row] = await app.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.title).toBe(project.title);
  });

  it('hides and shows a project with change-project-status', async () => {
    const project = await created();
    const status = (value: string) =>
      app.call('POST', '/api/change-project-status', {
        body: { project_id: String(project.id), status: value },
        token: owner.token,
      });
    expect((await status('inactive')).body.data.status).toBe('inactive');
    expect((await status('active')).body.data.status).toBe('active');
    const bad = await status('sold');
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toEqual({ status: ['Choose active or inactive.'] });
  });

  it("never lets another user edit, re-status or delete someone's project (404)", async () => {
    const project = await created();
    const hijack = new FormData();
    hijack.set('id', String(project.id));
    hijack.set('title', 'Hijacked');
    const edit = await post(hijack, other.token);
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('This project does not exist or is not available to you.');
    const status = await app.call('POST', '/api/change-project-status', {
      body: { project_id: project.id, status: 'inactive' },
      token: other.token,
    });
    expect(status.status).toBe(404);
    const del = await app.call('POST', '/api/delete_project', { body: { id: project.id }, token: other.token });
    expect(del.status).toBe(404);
    expect((await get(`/api/get-added-projects?slug_id=${project.slug_id}`, other.token)).body.data.items).toEqual([]);
    const [row] = await app.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ title: project.title, status: 'active' });
    expect((await app.call('POST', '/api/delete_project', { body: { id: project.id } })).status).toBe(401);
  });

  it('deletes the project, its plans and its files', async () => {
    const project = await created();
    const files = [project.image.url, project.plans[0].document.url, project.documents[0].url].map(storedPath);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);
    const res = await app.call('POST', '/api/delete_project', { body: { id: project.id }, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The project has been deleted.');
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
    expect(await app.database.db.select().from(projectPlans).where(eq(projectPlans.projectId, project.id))).toEqual([]);
    expect((await get(`/api/get-added-projects?slug_id=${project.slug_id}`, owner.token)).body.data.items).toEqual([]);
  });
});

describe('an edit clears what is sent empty and keeps what is left out (docs/decisions/034)', () => {
  const edit = (id: number, fields: Record<string, string | Blob>) => {
    const form = new FormData();
    form.append('id', String(id));
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return post(form);
  };
  async function filled() {
    const res = await post(
      projectForm({
        video_link: 'https://video.example/site',
        meta_keywords: 'gardens, river',
        meta_image: photoFile('share.jpg'),
      }),
    );
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('keeps what is left out, clears the optional text sent empty, and refuses to clear what is needed', async () => {
    const project = await filled();
    const kept = await edit(project.id, { title: 'Harbour Gardens, phase two' });
    expect(kept.body.data).toMatchObject({ video_link: 'https://video.example/site', meta_keywords: 'gardens, river' });
    const cleared = await edit(project.id, {
      video_link: '',
      meta_title: ' ',
      meta_keywords: '',
      meta_image: new File([], ''),
      slug_id: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      video_link: null,
      meta_title: null,
      meta_keywords: null,
      slug_id: project.slug_id,
    });
    expect(cleared.body.data.meta_image).not.toBeNull();
    const refused = await edit(project.id, { title: '', location: '', country: '' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.data.fields).sort()).toEqual(['country', 'location', 'title']);
  });

  it('removes the share image and its file with remove_meta_image', async () => {
    const project = await filled();
    const res = await edit(project.id, { meta_image: new File([], ''), remove_meta_image: '1' });
    expect(res.body.data.meta_image).toBeNull();
    expect(fs.existsSync(storedPath(project.meta_image.url))).toBe(false);
  });

  it("places a project without coordinates at its city's centre, on posting and when they are cleared", async () => {
    const placed = await post(projectForm({ latitude: null, longitude: null, city: 'Porto', state: 'Porto' }));
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ latitude: 41.15, longitude: -8.63 });
    const moved = await edit(placed.body.data.id, { city: 'Lisbon', state: 'Lisbon', latitude: '', longitude: '' });
    expect(moved.body.data).toMatchObject({ latitude: 38.72, longitude: -9.14 });
    const unknown = await post(projectForm({ latitude: '', longitude: '', city: 'Atlantis', country: 'Ocean' }));
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.data.fields)).toEqual(['latitude', 'longitude']);
  });
});

describe('get-projects', () => {
  let ids: Record<string, number>;
  let seller: Account;

  beforeAll(async () => {
    seller = await account(null);
    const now = Date.now();
    const rows = {
      lisbon: await insertProject({
        ownerId: seller.id,
        title: 'Tagus Riverside Lofts',
        city: 'Lisbon',
        state: 'Lisbon District',
        country: 'Portugal',
        type: 'under_construction',
        location: 'Avenida da Liberdade',
      }),
      faro: await insertProject({
        ownerId: seller.id,
        title: 'Algarve Dunes',
        city: 'Faro',
        state: 'Algarve',
        country: 'Portugal',
        categoryId: catalog.villa.id,
        createdAt: new Date(now - 40 * DAY_MS),
      }),
      madrid: await insertProject({
        ownerId: seller.id,
        title: 'Retiro Park Homes',
        city: 'Madrid',
        state: 'Madrid',
        country: 'Spain',
        description: 'Bright homes facing the riverside park.',
        createdAt: new Date(now - 200 * DAY_MS),
      }),
      pending: await insertProject({ ownerId: seller.id, title: 'Secret Pending Tower', adminStatus: 'pending' }),
      inactive: await insertProject({ ownerId: seller.id, title: 'Withdrawn Towers', status: 'inactive' }),
      rejected: await insertProject({ ownerId: seller.id, title: 'Rejected Heights', adminStatus: 'rejected' }),
    };
    ids = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.id]));
  });

  const titles = async (query: string, token?: string) => {
    const res = await get(`/api/get-projects?userid=${seller.id}&${query}`, token);
    expect(res.status).toBe(200);
    return res.body.data.items.map((p: { title: string }) => p.title).sort();
  };

  it('lists only approved, active projects to the public, newest first', async () => {
    const res = await get(`/api/get-projects?userid=${seller.id}`);
    expect(res.body.data).toMatchObject({ total: 3, offset: 0, limit: 20 });
    expect(res.body.data.items.map((p: { id: number }) => p.id)).toEqual([ids['lisbon'], ids['faro'], ids['madrid']]);
    expect(res.body.data.items[0]).toMatchObject({
      slug_id: expect.any(String),
      type: 'under_construction',
      category: { id: catalog.apartment.id, name: 'Apartment', slug: 'apartment' },
      admin_status: null,
    });
    // Someone else signed in sees the same.
    expect(await titles('', other.token)).toEqual(['Algarve Dunes', 'Retiro Park Homes', 'Tagus Riverside Lofts']);
  });

  it('shows the owner their own projects in any state', async () => {
    expect(await titles('', seller.token)).toEqual([
      'Algarve Dunes',
      'Rejected Heights',
      'Retiro Park Homes',
      'Secret Pending Tower',
      'Tagus Riverside Lofts',
      'Withdrawn Towers',
    ]);
  });

  it('filters by each parameter', async () => {
    expect(await titles(`id=${ids['faro']}`)).toEqual(['Algarve Dunes']);
    expect(await titles(`id=${ids['pending']}`)).toEqual([]);
    const slug = (await get(`/api/get-projects?id=${ids['madrid']}`)).body.data.items[0].slug_id;
    expect(await titles(`slug_id=${slug}`)).toEqual(['Retiro Park Homes']);
    expect(await titles('search=riverside')).toEqual(['Retiro Park Homes', 'Tagus Riverside Lofts']);
    expect(await titles('search=liberdade')).toEqual(['Tagus Riverside Lofts']);
    expect(await titles('search=tower')).toEqual([]);
    expect(await titles(`category_id=${catalog.villa.id}`)).toEqual(['Algarve Dunes']);
    expect(await titles('city=LISBON')).toEqual(['Tagus Riverside Lofts']);
    expect(await titles('state=algarve')).toEqual(['Algarve Dunes']);
    expect(await titles('country=spain')).toEqual(['Retiro Park Homes']);
    expect(await titles('type=under_construction')).toEqual(['Tagus Riverside Lofts']);
    expect(await titles('posted_since=last_week')).toEqual(['Tagus Riverside Lofts']);
    expect(await titles('posted_since=last_3_months')).toEqual(['Algarve Dunes', 'Tagus Riverside Lofts']);
    expect(await titles('posted_since=today')).toEqual(['Tagus Riverside Lofts']);
    expect(await titles(`get_similar=1&id=${ids['lisbon']}`)).toEqual(['Retiro Park Homes']);
    expect(await titles(`city=&state=&search=`)).toHaveLength(3);
    const paged = await get(`/api/get-projects?userid=${seller.id}&offset=1&limit=1`);
    expect(paged.body.data).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(paged.body.data.items.map((p: { id: number }) => p.id)).toEqual([ids['faro']]);
  });

  it('refuses malformed parameters with a message per field', async () => {
    const res = await get('/api/get-projects?posted_since=yesterweek&type=finished&category_id=abc');
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({
      category_id: ['Enter a valid id (a whole number above zero).'],
      posted_since: ['Choose today, yesterday, last_week, last_month, last_3_months or last_6_months.'],
      type: ['Choose upcoming or under construction.'],
    });
    expect((await get('/api/get-projects?get_similar=1')).status).toBe(422);
    expect((await get(`/api/get-projects?get_similar=1&id=${ids['pending']}`)).status).toBe(404);
  });
});

describe('get-added-projects', () => {
  it('adds the public projects of the named one’s category with get_similar, as the spec’s clients ask', async () => {
    const mine = await insertProject({ title: 'Mine to compare', categoryId: catalog.villa.id });
    const theirs = await insertProject({ title: 'Theirs alike', categoryId: catalog.villa.id, ownerId: other.id });
    await insertProject({ title: 'Theirs elsewhere', categoryId: catalog.office.id, ownerId: other.id });
    const res = await get(`/api/get-added-projects?slug_id=${mine.slug}&get_similar=1`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    const similar = res.body.data.similar.map((p: { id: number; category: { slug: string } }) => [
      p.id,
      p.category.slug,
    ]);
    expect(similar).toContainEqual([theirs.id, 'villa']);
    expect(similar.every(([id, category]: [number, string]) => id !== mine.id && category === 'villa')).toBe(true);
    const plain = await get(`/api/get-added-projects?slug_id=${mine.slug}`, owner.token);
    expect(plain.body.data).not.toHaveProperty('similar');
    const unnamed = await get('/api/get-added-projects?get_similar=1', owner.token);
    expect(unnamed.status).toBe(422);
    expect(Object.keys(unnamed.body.data.fields)).toEqual(['slug_id']);
  });
});

describe('get-project-detail and project access', () => {
  let project: { id: number; slug_id: string };
  let subscriber: Account;
  let plain: Account;
  let admin: Account;

  beforeAll(async () => {
    const form = projectForm({
      title: 'Access Test Residences',
      'plans[0][title]': 'Penthouse plan',
      'plans[0][document]': pdfFile('penthouse.pdf'),
    });
    form.append('documents[]', pdfFile('prices.pdf'));
    project = (await post(form)).body.data;
    subscriber = await account({ project_access: null });
    plain = await account({ property_list: 3 });
    admin = await account(null, { type: 'admin' });
  });

  const detail = (token?: string, query = `slug_id=${project.slug_id}`) =>
    get(`/api/get-project-detail?${query}`, token);

  it('is not found while pending, except for its owner and admins', async () => {
    expect((await detail()).status).toBe(404);
    expect((await detail(other.token)).status).toBe(404);
    const own = await detail(owner.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ is_owner: true, is_public: false, admin_status: 'pending' });
    expect((await detail(admin.token)).body.data).toMatchObject({ admin_status: 'pending', access: true });
    await app.database.db.update(projects).set({ adminStatus: 'approved' }).where(eq(projects.id, project.id));
  });

  it('gives anonymous and package-less viewers the summary without plans and documents', async () => {
    for (const token of [undefined, plain.token]) {
      const res = await detail(token);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Project details need a package that includes project access.');
      expect(res.body.data).toMatchObject({
        title: 'Access Test Residences',
        description: expect.any(String),
        access: false,
        access_message: 'Project details need a package that includes project access.',
        plans: [],
        documents: [],
        plan_count: 1,
        document_count: 1,
        admin_status: null,
        location: { location: '5 River Road, Lisbon, Portugal', city: 'Lisbon' },
        category: { name: 'Apartment' },
      });
    }
    // Contact details only for signed-in viewers.
    expect((await detail()).body.data.owner).toMatchObject({ name: 'Project Owner', email: null, mobile: null });
    expect((await detail(plain.token)).body.data.owner.email).toEqual(expect.stringContaining('@'));
  });

  it('gives plans and documents to holders of project_access, the owner and admins', async () => {
    for (const token of [subscriber.token, owner.token, admin.token]) {
      const res = await detail(token);
      expect(res.body.data).toMatchObject({
        access: true,
        access_message: null,
        plans: [{ title: 'Penthouse plan', document: expect.objectContaining({ name: 'penthouse.pdf' }) }],
        documents: [expect.objectContaining({ name: 'prices.pdf' })],
      });
    }
  });

  it('serves plans and documents only through their gated address: holders of project_access, owner, admins', async () => {
    const own = (await detail(owner.token)).body.data;
    const files = [own.plans[0].document.url, own.documents[0].url] as string[];
    const [row] = await app.database.db.select().from(projects).where(eq(projects.id, project.id));
    const [plan] = await app.database.db.select().from(projectPlans).where(eq(projectPlans.projectId, project.id));
    const keys = [plan!.document.key, row!.documents[0]!.key];
    for (const [i, url] of files.entries()) {
      expect(url).toMatch(new RegExp(`^${siteUrl('/api/project-file/').href}${project.id}/doc-[\\w-]+\\.pdf$`));
      // The stored file is private: its storage key is never served by /uploads.
      expect(keys[i]).toMatch(/^private\//);
      expect((await publicUpload(keys[i]!)).status).toBe(404);
      for (const token of [undefined, plain.token]) {
        const res = await get(url, token);
        expect(res.status, `${url} ${token ? 'package-less' : 'visitor'}`).toBe(403);
        expect(res.body.message).toBe('Project details need a package that includes project access.');
      }
      for (const token of [subscriber.token, owner.token, admin.token]) {
        const res = await get(url, token);
        expect(res.status).toBe(200);
        expect(res.body).toBe(new TextDecoder().decode(pdf));
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="(penthouse|prices)\.pdf"$/);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    // A name the project does not hold, or another project's, is not found; the photo stays public.
    expect((await get(`/api/project-file/${project.id}/doc-nothing.pdf`, subscriber.token)).status).toBe(404);
    const elsewhere = await insertProject({ title: 'Elsewhere Project' });
    const name = files[0]!.split('/').pop()!;
    expect((await get(`/api/project-file/${elsewhere.id}/${name}`, subscriber.token)).status).toBe(404);
    expect((await get(`/api/project-file/${elsewhere.id}/${name}`, owner.token)).status).toBe(404);
    expect((await publicUpload(row!.image!.key)).status).toBe(200);
  });

  it('gates documents stored before they were private: not at their old /uploads address either', async () => {
    const key = `projects/u${owner.id}/doc-legacy${Date.now().toString(36)}.pdf`;
    await new LocalFileStorage(app.storageDir).put(key, pdf);
    const legacy = await insertProject({
      title: 'Legacy Documents Project',
      documents: [{ key, name: 'legacy.pdf', contentType: 'application/pdf', size: pdf.length }],
    });
    expect((await publicUpload(key)).status).toBe(404);
    const shown = (await detail(subscriber.token, `id=${legacy.id}`)).body.data.documents[0];
    expect(shown.url).toBe(siteUrl(`/api/project-file/${legacy.id}/${key.split('/').pop()}`).href);
    expect((await get(shown.url)).status).toBe(403);
    expect((await get(shown.url, plain.token)).status).toBe(403);
    expect((await get(shown.url, subscriber.token)).status).toBe(200);
    expect((await get(shown.url, owner.token)).status).toBe(200);
  });

  it('finds by id too, adds similar projects on request, and hides withdrawn projects', async () => {
    const similar = await insertProject({ title: 'Similar Apartment Project' });
    const byId = await detail(subscriber.token, `id=${project.id}&get_similar=1`);
    expect(byId.body.data.slug_id).toBe(project.slug_id);
    expect(byId.body.data.similar.map((p: { id: number }) => p.id)).toContain(similar.id);
    expect((await detail(subscriber.token)).body.data.similar).toEqual([]);
    expect((await get('/api/get-project-detail')).status).toBe(422);
    await app.database.db.update(projects).set({ status: 'inactive' }).where(eq(projects.id, project.id));
    expect((await detail(subscriber.token)).status).toBe(404);
    expect((await detail(owner.token)).status).toBe(200);
  });
});
