import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { projectRow, propertyRow, userRow } from '../support/admin.ts';
import { createProject, createProperty, createSignedInUser, imageRecord, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Mass assignment: fields only the site or an admin may set, sent to every call that saves what a user types.
 * Sent both as JSON and as form fields, in the spellings an attacker would try (the spec's snake_case and the
 * columns' camelCase).
 */
const PRIVILEGED: Record<string, string> = {
  role: 'admin',
  type: 'admin',
  is_admin: '1',
  isAdmin: 'true',
  user_id: '1',
  userId: '1',
  owner_id: '1',
  ownerId: '1',
  added_by: '1',
  approved: '1',
  admin_status: 'approved',
  adminStatus: 'approved',
  is_verified: '1',
  verification_status: 'success',
  verificationStatus: 'success',
  featured: '1',
  is_featured: '1',
  isFeatured: 'true',
  is_active: '0',
  isActive: 'false',
  total_views: '9999',
  totalViews: '9999',
  total_likes: '9999',
  reject_reason: 'none',
  password_hash: 'x',
  passwordHash: 'x',
  created_at: '2000-01-01T00:00:00Z',
};

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let photo: Uint8Array<ArrayBuffer>;
let admin: { id: number } | undefined;

const db = () => app.database.db;

function form(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function completeUser() {
  const account = await createSignedInUser(db(), {
    mobile: `+35191${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    address: '1 Main Street',
    profileImage: imageRecord(),
  });
  await grantPackage(db(), [account.user.id], { property_list: null, project_list: null });
  return account;
}

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  [admin] = await db().select({ id: s.users.id }).from(s.users).where(eq(s.users.type, 'admin'));
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a9' } })
    .jpeg()
    .toBuffer();
});

describe('privileged fields in a request body change nothing', () => {
  it('registering makes an ordinary, unverified, active account', async () => {
    const email = `mass-${Date.now()}@example.com`;
    const res = await app.call('POST', '/api/user-register', {
      body: {
        ...PRIVILEGED,
        name: 'Mass Assigner',
        email,
        mobile: '+351912345678',
        password: 'secret123',
        re_password: 'secret123',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await userRow(db(), res.body.data.id);
    expect(row).toMatchObject({ type: 'user', verificationStatus: 'initial', isActive: true, email });
    expect(row.id).not.toBe(1);
    expect(row.passwordHash).toMatch(/^\$argon2/);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it('updating the profile, as JSON or as a form, keeps the role, status and identity', async () => {
    const { user, token } = await createSignedInUser(db());
    for (const body of [{ ...PRIVILEGED, name: 'New Name' }, form({ ...PRIVILEGED, name: 'Form Name' })]) {
      const res = await app.call('POST', '/api/update_profile', { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = await userRow(db(), user.id);
      expect(row).toMatchObject({ id: user.id, type: 'user', verificationStatus: 'initial', isActive: true });
      expect(row.passwordHash).toBeNull();
      expect(res.body.data.type).toBe('user');
    }
    expect((await userRow(db(), user.id)).name).toBe('Form Name');
  });

  it('a new listing belongs to its poster, waits for review and starts from zero', async () => {
    const poster = await completeUser();
    const res = await app.call('POST', '/api/post_property', {
      token: poster.token,
      body: form({
        ...PRIVILEGED,
        title: 'A flat with ambitions',
        description: 'Two bedrooms and a balcony over the river.',
        category_id: String(catalog.apartment.id),
        property_type: 'sell',
        price: '250000',
        city: 'Lisbon',
        state: 'Lisbon',
        country: 'Portugal',
        address: '10 Park Road, Lisbon',
        latitude: '38.72',
        longitude: '-9.14',
        title_image: new File([photo], 'front.jpg', { type: 'image/jpeg' }),
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await propertyRow(db(), res.body.data.id);
    expect(row).toMatchObject({
      ownerId: poster.user.id,
      adminStatus: 'pending',
      status: 'active',
      totalViews: 0,
      totalLikes: 0,
      rejectReason: null,
    });
    expect(await db().select().from(s.advertisements).where(eq(s.advertisements.propertyId, row.id))).toEqual([]);
  });

  it('editing a listing or changing its status cannot approve it or hand it to someone else', async () => {
    const poster = await completeUser();
    const property = await createProperty(db(), {
      ownerId: poster.user.id,
      categoryId: catalog.apartment.id,
      adminStatus: 'rejected',
      formattedAddress: '10 Park Road, Lisbon, Portugal',
      latitude: 38.72,
      longitude: -9.14,
    });
    const edit = await app.call('POST', '/api/update_post_property', {
      token: poster.token,
      body: form({ ...PRIVILEGED, id: String(property.id), title: 'Edited title for review' }),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const status = await app.call('POST', '/api/update_property_status', {
      token: poster.token,
      body: { ...PRIVILEGED, property_id: property.id, status: 'inactive' },
    });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(await propertyRow(db(), property.id)).toMatchObject({
      ownerId: poster.user.id,
      adminStatus: 'pending',
      status: 'inactive',
      totalViews: 0,
      title: 'Edited title for review',
    });
  });

  it('a project, new or edited, belongs to its poster and waits for review', async () => {
    const poster = await completeUser();
    const created = await app.call('POST', '/api/post_project', {
      token: poster.token,
      body: form({
        ...PRIVILEGED,
        title: 'Riverside homes',
        description: 'Forty homes by the river, ready next year.',
        category_id: String(catalog.apartment.id),
        type: 'upcoming',
        city: 'Lisbon',
        state: 'Lisbon',
        country: 'Portugal',
        location: 'Riverside, Lisbon',
        latitude: '38.72',
        longitude: '-9.14',
        image: new File([photo], 'front.jpg', { type: 'image/jpeg' }),
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await projectRow(db(), created.body.data.id)).toMatchObject({
      ownerId: poster.user.id,
      adminStatus: 'pending',
      type: 'upcoming',
    });

    const existing = await createProject(db(), {
      ownerId: poster.user.id,
      categoryId: catalog.apartment.id,
      location: 'Riverside, Lisbon',
      latitude: 38.72,
      longitude: -9.14,
    });
    const edited = await app.call('POST', '/api/post_project', {
      token: poster.token,
      body: { ...PRIVILEGED, type: 'under_construction', id: existing.id, title: 'Riverside homes, phase two' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await projectRow(db(), existing.id)).toMatchObject({
      ownerId: poster.user.id,
      adminStatus: 'pending',
      title: 'Riverside homes, phase two',
    });
  });

  it('the seeded admin is untouched by all of the above', async () => {
    expect(await userRow(db(), admin!.id)).toMatchObject({ type: 'admin', isActive: true });
  });
});
