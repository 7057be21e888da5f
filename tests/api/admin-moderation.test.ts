import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import type { SessionUser } from '../../src/server/auth/session-user.ts';
import { approveListing, rejectListing } from '../../src/server/services/admin-moderation-service.ts';
import { createProject, createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import {
  adminToken,
  advertisementRow,
  auditRows,
  countAuditRows,
  createAdvertisement,
  createReport,
  createVerificationRequest,
  projectRow,
  propertyRow,
  reportRow,
  setSetting,
  userRow,
  verificationRequestRow,
} from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let admin: string;
let adminUser: SessionUser;
let owner: { id: number; token: string };

const db = () => app.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;

async function pendingProperty(overrides: Partial<Parameters<typeof createProperty>[1]> = {}) {
  return createProperty(db(), {
    ownerId: owner.id,
    categoryId: catalog.apartment.id,
    adminStatus: 'pending',
    ...overrides,
  });
}

const post = (url: string, body?: unknown, token = admin) =>
  app.call('POST', url, { token, ...(body === undefined ? {} : { body }) });
const get = (url: string, token = admin) => app.call('GET', url, { token });
const newestNotification = async (token: string) =>
  (await app.call('GET', '/api/get_notification_list?limit=1', { token })).body.data.items[0];

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  admin = await adminToken(app);
  const me = await get('/api/admin/dashboard');
  expect(me.status).toBe(200);
  const signedIn = await createSignedInUser(db(), { name: 'Olga Owner' });
  owner = { id: signedIn.user.id, token: signedIn.token };
  const adminRow = (await db().query.users.findFirst({ where: (u, { eq }) => eq(u.type, 'admin') }))!;
  adminUser = { id: adminRow.id, sessionId: 0, name: adminRow.name, email: adminRow.email, role: 'admin' };
});

describe('property review', () => {
  it('lists waiting properties oldest first, with filters', async () => {
    const first = await pendingProperty({ title: 'Quiet cottage by the mill' });
    const second = await pendingProperty({ title: 'Loft over the bakery', city: 'Porto' });
    const queue = await get('/api/admin/properties');
    expect(queue.status).toBe(200);
    const ids = queue.body.data.items.map((p: { id: number }) => p.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.body.data.items.every((p: { admin_status: string }) => p.admin_status === 'pending')).toBe(true);
    expect(queue.body.data.items.find((p: { id: number }) => p.id === first.id)).toMatchObject({
      title: 'Quiet cottage by the mill',
      owner: { id: owner.id, name: 'Olga Owner' },
      category: 'Apartment',
    });
    const searched = await get('/api/admin/properties?search=bakery');
    expect(searched.body.data.items.map((p: { id: number }) => p.id)).toEqual([second.id]);
    const byCity = await get('/api/admin/properties?city=porto&admin_status=all');
    expect(byCity.body.data.items.every((p: { city: string }) => p.city === 'Porto')).toBe(true);
    const detail = await get(`/api/admin/properties/${first.id}`);
    expect(detail.body.data).toMatchObject({
      kind: 'property',
      listing: { id: first.id, admin_status: 'pending' },
      owner: { id: owner.id },
    });
    expect((await get('/api/admin/properties/999999')).status).toBe(404);
  });

  it('finds listings by words of their title, or the start of one, by slug or id, and by city in any case', async () => {
    const tag = `wharf${Date.now()}`;
    const target = await pendingProperty({
      title: `Converted ${tag} loft in Ålesund`,
      description: 'Near the harbourmaster office.',
      city: 'Ålesund',
    });
    const found = async (query: string) => {
      const res = await get(`/api/admin/properties?admin_status=all&${query}`);
      expect(res.status, query).toBe(200);
      return res.body.data.items.map((p: { id: number }) => p.id);
    };
    for (const search of [tag, tag.slice(0, 8), `${tag} loft`, `LOFT ${tag.toUpperCase()}`, `${tag}, ålesund!`])
      expect(await found(`search=${encodeURIComponent(search)}`), search).toEqual([target.id]);
    // The title's words only, not the description's; every word must be there.
    expect(await found(`search=${encodeURIComponent(`${tag} harbourmaster`)}`)).toEqual([]);
    expect(await found(`search=${encodeURIComponent(target.slug)}`)).toEqual([target.id]);
    expect(await found(`search=${target.id}`)).toContain(target.id);
    expect(await found(`search=${encodeURIComponent(`${tag}`)}&city=${encodeURIComponent('ÅLESUND')}`)).toEqual([
      target.id,
    ]);
    expect(await found(`search=${encodeURIComponent(`${tag}`)}&city=Porto`)).toEqual([]);
    // Punctuation alone holds no word: nothing matches, and nothing breaks.
    for (const search of ['%', "'&|!:*", '_'])
      expect(await found(`search=${encodeURIComponent(search)}`), search).toEqual([]);
  });

  it('shows the details and facilities nearby by name, as visitors will read them', async () => {
    const property = await pendingProperty();
    const named = (table: typeof s.parameters | typeof s.facilities, name: string) =>
      db()
        .select({ id: table.id })
        .from(table)
        .where(eq(table.name, name))
        .then(([row]) => row!.id);
    await db()
      .insert(s.propertyParameters)
      .values([
        { propertyId: property.id, parameterId: await named(s.parameters, 'Bedrooms'), value: 3 },
        { propertyId: property.id, parameterId: await named(s.parameters, 'Furnished'), value: 'Yes' },
      ]);
    await db()
      .insert(s.propertyFacilities)
      .values({ propertyId: property.id, facilityId: await named(s.facilities, 'School'), distance: 1.5 });
    const detail = await get(`/api/admin/properties/${property.id}`);
    expect(detail.body.data.parameters).toEqual([
      { name: 'Bedrooms', value: 3 },
      { name: 'Furnished', value: 'Yes' },
    ]);
    expect(detail.body.data.facilities).toEqual([{ name: 'School', distance: 1.5 }]);
  });

  it('approves: the listing goes public, the change is audited with before and after', async () => {
    const property = await pendingProperty({ rejectReason: null });
    const res = await post(`/api/admin/properties/${property.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: property.id,
      admin_status: 'approved',
      event: { type: 'property_approved', userId: owner.id, entity: 'property', entityId: property.id },
    });
    const row = await propertyRow(db(), property.id);
    expect(row.adminStatus).toBe('approved');
    expect(row.approvedAt).toBeInstanceOf(Date);
    const [audit] = await auditRows(db(), 'property', property.id);
    expect(audit).toMatchObject({
      action: 'property.approve',
      entityLabel: property.title,
      before: { admin_status: 'pending', reject_reason: null },
      after: { admin_status: 'approved', approved_at: row.approvedAt!.toISOString() },
    });
    const pub = await app.call('GET', `/api/get_property?id=${property.id}`);
    expect(pub.status).toBe(200);
    expect((await post(`/api/admin/properties/${property.id}/approve`)).status).toBe(409);
  });

  it('rejects with a reason the owner reads in get-added-properties', async () => {
    const property = await pendingProperty();
    const missing = await post(`/api/admin/properties/${property.id}/reject`, { reason: '  ' });
    expect(missing.status).toBe(422);
    expect(missing.body.data.fields.reason).toEqual(['Write the reason the user will read.']);
    expect((await propertyRow(db(), property.id)).adminStatus).toBe('pending');

    const res = await post(`/api/admin/properties/${property.id}/reject`, { reason: 'Blurry photos' });
    expect(res.status).toBe(200);
    expect(res.body.data.event).toMatchObject({ type: 'property_rejected', reason: 'Blurry photos' });
    const mine = await app.call('GET', `/api/get-added-properties?slug_id=${property.slug}`, { token: owner.token });
    expect(mine.body.data.items[0]).toMatchObject({ admin_status: 'rejected', reject_reason: 'Blurry photos' });
    // The owner is told, with the reason and a link to the listing's page.
    expect(await newestNotification(owner.token)).toMatchObject({
      type: 'property_rejected',
      title: `Your property “${property.title}” was not approved`,
      body: 'Reason: Blurry photos',
      url: `/my-property/${property.slug}`,
      is_read: false,
    });
    const [audit] = await auditRows(db(), 'property', property.id);
    expect(audit).toMatchObject({
      action: 'property.reject',
      before: { admin_status: 'pending' },
      after: { admin_status: 'rejected', reject_reason: 'Blurry photos' },
    });
    // A form post works the same as JSON.
    const form = new FormData();
    form.append('reason', 'Still blurry');
    expect((await post(`/api/admin/properties/${property.id}/reject`, form)).status).toBe(200);
    expect((await propertyRow(db(), property.id)).rejectReason).toBe('Still blurry');
  });
});

describe('project review', () => {
  it('approves and rejects projects with a reason the owner reads', async () => {
    const project = await createProject(db(), {
      ownerId: owner.id,
      categoryId: catalog.villa.id,
      adminStatus: 'pending',
    });
    const queue = await get('/api/admin/projects');
    expect(queue.body.data.items.map((p: { id: number }) => p.id)).toContain(project.id);
    expect((await post(`/api/admin/projects/${project.id}/approve`)).body.data.admin_status).toBe('approved');
    expect((await projectRow(db(), project.id)).adminStatus).toBe('approved');
    expect(await newestNotification(owner.token)).toMatchObject({
      type: 'project_approved',
      title: `Your project “${project.title}” is approved and public`,
      url: '/user/projects',
    });
    const rejected = await post(`/api/admin/projects/${project.id}/reject`, { reason: 'No building permit' });
    expect(rejected.body.data).toMatchObject({ admin_status: 'rejected', reject_reason: 'No building permit' });
    const mine = await app.call('GET', '/api/get-added-projects', { token: owner.token });
    expect(mine.body.data.items.find((p: { id: number }) => p.id === project.id)).toMatchObject({
      admin_status: 'rejected',
      reject_reason: 'No building permit',
    });
    const audits = await auditRows(db(), 'project', project.id);
    expect(audits.map((a) => a.action)).toEqual(['project.reject', 'project.approve']);
  });
});

describe('featured-ad requests', () => {
  it('approving features the property until the end (30 days by default)', async () => {
    const property = await createProperty(db(), { ownerId: owner.id, categoryId: catalog.apartment.id });
    const ad = await createAdvertisement(db(), { userId: owner.id, propertyId: property.id });
    const queue = await get('/api/admin/featured-requests');
    expect(queue.body.data.items.find((a: { id: number }) => a.id === ad.id)).toMatchObject({
      status: 'pending',
      feature_for: 'property',
      property: { id: property.id },
    });
    const started = Date.now();
    const res = await post(`/api/admin/featured-requests/${ad.id}/approve`);
    expect(res.status).toBe(200);
    const row = await advertisementRow(db(), ad.id);
    expect(row.status).toBe('approved');
    expect(row.endsAt!.getTime() - row.startsAt!.getTime()).toBe(30 * DAY_MS);
    expect(row.startsAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect((await propertyRow(db(), property.id)).featuredUntil?.getTime()).toBe(row.endsAt!.getTime());
    const [audit] = await auditRows(db(), 'advertisement', ad.id);
    expect(audit).toMatchObject({
      action: 'advertisement.approve',
      entityLabel: property.title,
      before: { status: 'pending', ends_at: null },
      after: { status: 'approved', property_featured_until: row.endsAt!.toISOString() },
    });
    expect((await post(`/api/admin/featured-requests/${ad.id}/approve`)).status).toBe(409);
    const detail = await app.call('GET', `/api/get_property?id=${property.id}`);
    expect(detail.body.data).toMatchObject({ id: property.id, promoted: true });
  });

  it('takes a length in days, features projects without touching properties, and rejects', async () => {
    const project = await createProject(db(), { ownerId: owner.id, categoryId: catalog.villa.id });
    const ad = await createAdvertisement(db(), { userId: owner.id, projectId: project.id });
    expect((await post(`/api/admin/featured-requests/${ad.id}/approve`, { days: 0 })).status).toBe(422);
    expect((await post(`/api/admin/featured-requests/${ad.id}/approve`, { days: 7 })).status).toBe(200);
    const row = await advertisementRow(db(), ad.id);
    expect(row.endsAt!.getTime() - row.startsAt!.getTime()).toBe(7 * DAY_MS);

    const property = await createProperty(db(), { ownerId: owner.id, categoryId: catalog.apartment.id });
    const other = await createAdvertisement(db(), { userId: owner.id, propertyId: property.id });
    const rejected = await post(`/api/admin/featured-requests/${other.id}/reject`);
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    expect((await advertisementRow(db(), other.id)).status).toBe('rejected');
    expect((await propertyRow(db(), property.id)).featuredUntil).toBeNull();
  });
});

describe('agent verification', () => {
  it('approving verifies the user and makes them an agent', async () => {
    const { user, token } = await createSignedInUser(db(), { name: 'Vera Applicant' });
    const request = await createVerificationRequest(db(), user.id);
    const queue = await get('/api/admin/verification-requests');
    expect(queue.body.data.items.find((r: { id: number }) => r.id === request.id)).toMatchObject({
      status: 'pending',
      user: { id: user.id, name: 'Vera Applicant', verification_status: 'pending' },
    });
    expect((await get(`/api/admin/verification-requests/${request.id}`)).body.data).toMatchObject({
      id: request.id,
      answers: [],
    });
    const res = await post(`/api/admin/verification-requests/${request.id}/approve`);
    expect(res.status).toBe(200);
    expect(await userRow(db(), user.id)).toMatchObject({ verificationStatus: 'success', type: 'agent' });
    expect(await verificationRequestRow(db(), request.id)).toMatchObject({
      status: 'success',
      reviewedBy: adminUser.id,
    });
    const [audit] = await auditRows(db(), 'verification_request', request.id);
    expect(audit).toMatchObject({
      action: 'verification.approve',
      entityLabel: `${user.name} (${user.email})`,
      before: { request_status: 'pending', user_verification_status: 'pending', user_type: 'user' },
      after: { request_status: 'success', user_verification_status: 'success', user_type: 'agent' },
    });
    const status = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    expect(status.body.data.status).toBe('success');
    expect(await newestNotification(token)).toMatchObject({
      type: 'verification_approved',
      title: 'You are now a verified agent',
      url: '/user/verification',
    });
    expect((await post(`/api/admin/verification-requests/${request.id}/approve`)).status).toBe(409);
  });

  it('failing needs a reason, which the applicant reads; they may apply again', async () => {
    const { user, token } = await createSignedInUser(db());
    const request = await createVerificationRequest(db(), user.id);
    expect((await post(`/api/admin/verification-requests/${request.id}/fail`, {})).status).toBe(422);
    const res = await post(`/api/admin/verification-requests/${request.id}/fail`, { reason: 'Licence expired' });
    expect(res.status).toBe(200);
    expect(await userRow(db(), user.id)).toMatchObject({ verificationStatus: 'failed', type: 'user' });
    const values = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    expect(values.body.data).toMatchObject({ status: 'failed', fail_reason: 'Licence expired' });
    expect(await newestNotification(token)).toMatchObject({
      type: 'verification_failed',
      body: 'Reason: Licence expired',
    });
    const again = await app.call('POST', '/api/apply-agent-verification', { token, body: {} });
    expect(again.status).toBe(200);
    expect((await userRow(db(), user.id)).verificationStatus).toBe('pending');
  });
});

describe('reports', () => {
  it('dismissing closes the report and leaves the listing alone', async () => {
    const property = await createProperty(db(), { ownerId: owner.id, categoryId: catalog.apartment.id });
    const reporter = await createSignedInUser(db());
    const report = await createReport(db(), { userId: reporter.user.id, propertyId: property.id });
    const queue = await get('/api/admin/reports');
    expect(queue.body.data.items.find((r: { id: number }) => r.id === report.id)).toMatchObject({
      status: 'open',
      property: { id: property.id, admin_status: 'approved' },
      reporter: { id: reporter.user.id },
    });
    expect((await post(`/api/admin/reports/${report.id}/dismiss`)).status).toBe(200);
    expect((await reportRow(db(), report.id)).status).toBe('dismissed');
    expect((await propertyRow(db(), property.id)).adminStatus).toBe('approved');
    expect((await auditRows(db(), 'report', report.id))[0]).toMatchObject({
      action: 'report.dismiss',
      entityLabel: property.title,
      before: { status: 'open' },
      after: { status: 'dismissed' },
    });
    expect((await post(`/api/admin/reports/${report.id}/dismiss`)).status).toBe(409);
  });

  it('hiding rejects the listing with reason "Reported" and closes every open report on it', async () => {
    const property = await createProperty(db(), { ownerId: owner.id, categoryId: catalog.apartment.id });
    const [a, b] = [await createSignedInUser(db()), await createSignedInUser(db())];
    const first = await createReport(db(), { userId: a.user.id, propertyId: property.id });
    const second = await createReport(db(), { userId: b.user.id, propertyId: property.id });
    const res = await post(`/api/admin/reports/${first.id}/hide`);
    expect(res.status).toBe(200);
    expect(res.body.data.closed_report_ids.sort()).toEqual([first.id, second.id].sort());
    expect(await propertyRow(db(), property.id)).toMatchObject({ adminStatus: 'rejected', rejectReason: 'Reported' });
    expect((await reportRow(db(), second.id)).status).toBe('actioned');
    const mine = await app.call('GET', `/api/get-added-properties?slug_id=${property.slug}`, { token: owner.token });
    expect(mine.body.data.items[0]).toMatchObject({ admin_status: 'rejected', reject_reason: 'Reported' });
    expect((await app.call('GET', `/api/get_property?id=${property.id}`)).status).toBe(404);
    expect((await auditRows(db(), 'property', property.id))[0]).toMatchObject({
      action: 'property.hide',
      entityLabel: property.title,
      before: { admin_status: 'approved' },
      after: { admin_status: 'rejected', reject_reason: 'Reported' },
    });

    const other = await createProperty(db(), { ownerId: owner.id, categoryId: catalog.apartment.id });
    const third = await createReport(db(), { userId: a.user.id, propertyId: other.id });
    await post(`/api/admin/reports/${third.id}/hide`, { reason: 'Fake address' });
    expect((await propertyRow(db(), other.id)).rejectReason).toBe('Fake address');
  });
});

describe('demo mode', () => {
  it('blocks every moderation decision and changes nothing, through the API and the services pages use', async () => {
    const property = await pendingProperty();
    const project = await createProject(db(), {
      ownerId: owner.id,
      categoryId: catalog.villa.id,
      adminStatus: 'pending',
    });
    const ad = await createAdvertisement(db(), { userId: owner.id, propertyId: property.id });
    const { user } = await createSignedInUser(db());
    const request = await createVerificationRequest(db(), user.id);
    const reporter = await createSignedInUser(db());
    const report = await createReport(db(), { userId: reporter.user.id, propertyId: property.id });
    const snapshot = async () => ({
      property: await propertyRow(db(), property.id),
      project: await projectRow(db(), project.id),
      ad: await advertisementRow(db(), ad.id),
      request: await verificationRequestRow(db(), request.id),
      user: await userRow(db(), user.id),
      report: await reportRow(db(), report.id),
      audits: await countAuditRows(db()),
    });
    const before = await snapshot();
    await setSetting(db(), 'demo_mode', true);
    try {
      const calls: [string, unknown?][] = [
        [`/api/admin/properties/${property.id}/approve`],
        [`/api/admin/properties/${property.id}/reject`, { reason: 'x' }],
        [`/api/admin/projects/${project.id}/approve`],
        [`/api/admin/projects/${project.id}/reject`, { reason: 'x' }],
        [`/api/admin/featured-requests/${ad.id}/approve`],
        [`/api/admin/featured-requests/${ad.id}/reject`],
        [`/api/admin/verification-requests/${request.id}/approve`],
        [`/api/admin/verification-requests/${request.id}/fail`, { reason: 'x' }],
        [`/api/admin/reports/${report.id}/dismiss`],
        [`/api/admin/reports/${report.id}/hide`],
      ];
      for (const [url, body] of calls) {
        const res = await post(url, body);
        expect(res.status, url).toBe(403);
        expect(res.body, url).toMatchObject({
          message: 'This Action is Not Allowed in Demo Mode',
          data: { code: 'demo_mode' },
        });
      }
      // The admin pages call the services directly; they refuse too.
      await expect(approveListing(db(), adminUser, 'property', property.id)).rejects.toMatchObject({
        code: 'demo_mode',
      });
      await expect(rejectListing(db(), adminUser, 'project', project.id, { reason: 'x' })).rejects.toMatchObject({
        code: 'demo_mode',
        status: 403,
      });
      expect(await snapshot()).toEqual(before);
    } finally {
      await setSetting(db(), 'demo_mode', false);
    }
  });
});

describe('auto-approval of verified owners', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a9' } })
      .jpeg()
      .toBuffer();
  });

  async function poster(verificationStatus: 'success' | 'initial') {
    const { user, token } = await createSignedInUser(db(), {
      mobile: `+1777${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      address: '1 Main Street',
      profileImage: { key: 'k', width: 1, height: 1, variants: [] },
      verificationStatus,
    });
    await grantPackage(db(), [user.id], { property_list: null });
    return token;
  }

  function listing(title: string) {
    const form = new FormData();
    const fields: Record<string, string> = {
      title,
      description: 'Two bedrooms and a balcony over the river.',
      category_id: String(catalog.apartment.id),
      property_type: 'sell',
      price: '120000',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      address: '5 River Road, Lisbon, Portugal',
      latitude: '38.7',
      longitude: '-9.1',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('title_image', new File([new Uint8Array(photo)], 'front.jpg', { type: 'image/jpeg' }));
    return form;
  }

  const postListing = (token: string, title: string) =>
    app.call('POST', '/api/post_property', { token, body: listing(title) });

  it('is off by default: every new listing waits for review', async () => {
    const res = await postListing(await poster('success'), 'Verified but waiting');
    expect(res.status).toBe(200);
    expect(res.body.data.admin_status).toBe('pending');
  });

  it('when on, approves listings of verified owners at once and only theirs', async () => {
    await setSetting(db(), 'auto_approve_verified_agents', true);
    try {
      const verified = await postListing(await poster('success'), 'Straight to the site');
      expect(verified.body.data.admin_status).toBe('approved');
      expect((await propertyRow(db(), verified.body.data.id)).approvedAt).toBeInstanceOf(Date);
      const unverified = await postListing(await poster('initial'), 'Needs a look first');
      expect(unverified.body.data.admin_status).toBe('pending');
    } finally {
      await setSetting(db(), 'auto_approve_verified_agents', false);
    }
  });
});

describe('dashboard and audit log', () => {
  it('counts what waits in each queue', async () => {
    const before = (await get('/api/admin/dashboard')).body.data;
    await pendingProperty();
    const after = (await get('/api/admin/dashboard')).body.data;
    expect(after.pending_properties).toBe(before.pending_properties + 1);
    expect(after).toMatchObject({
      pending_projects: expect.any(Number),
      open_reports: expect.any(Number),
      pending_verifications: expect.any(Number),
      pending_featured: expect.any(Number),
      users: expect.any(Number),
    });
  });

  it('lists every change newest first, filtered by entity, with the acting admin', async () => {
    const property = await pendingProperty();
    await post(`/api/admin/properties/${property.id}/approve`);
    const log = await get('/api/admin/audit-log?limit=5');
    expect(log.status).toBe(200);
    expect(log.body.data.items[0]).toMatchObject({
      action: 'property.approve',
      entity: 'property',
      entity_id: String(property.id),
      actor: { id: adminUser.id, name: adminUser.name },
      before: { admin_status: 'pending' },
      after: { admin_status: 'approved' },
    });
    const times = log.body.data.items.map((i: { created_at: string }) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const reports = await get('/api/admin/audit-log?entity=report&limit=100');
    expect(reports.body.data.items.length).toBeGreaterThan(0);
    expect(reports.body.data.items.every((i: { entity: string }) => i.entity === 'report')).toBe(true);
    expect(reports.body.data.entities).toEqual(expect.arrayContaining(['property', 'report', 'advertisement']));
  });

  it('names each subject as it was then, linked to its console page while it is there', async () => {
    const property = await pendingProperty({ title: 'Barn with a blue door' });
    await post(`/api/admin/properties/${property.id}/approve`);
    const { user } = await createSignedInUser(db(), { name: 'Dora Deactivated' });
    await post(`/api/admin/users/${user.id}/deactivate`);
    type Entry = { entity_id: string; entity_label: string | null; entity_url: string | null; entity_deleted: boolean };
    const entryOf = async (entity: string, id: number) => {
      const log = await get(`/api/admin/audit-log?entity=${entity}&limit=100`);
      return (log.body.data.items as Entry[]).find((i) => i.entity_id === String(id));
    };
    expect(await entryOf('property', property.id)).toMatchObject({
      entity_label: 'Barn with a blue door',
      entity_url: `/admin/properties/${property.id}`,
      entity_deleted: false,
    });
    expect(await entryOf('user', user.id)).toMatchObject({
      entity_label: `Dora Deactivated (${user.email})`,
      entity_url: `/admin/users/${user.id}`,
      entity_deleted: false,
    });

    // The log keeps the name the listing had when the admin decided, through a rename and after it is gone.
    await db().update(s.properties).set({ title: 'Renamed barn' }).where(eq(s.properties.id, property.id));
    expect((await entryOf('property', property.id))?.entity_label).toBe('Barn with a blue door');
    await db().delete(s.properties).where(eq(s.properties.id, property.id));
    expect(await entryOf('property', property.id)).toMatchObject({
      entity_label: 'Barn with a blue door',
      entity_url: null,
      entity_deleted: true,
    });

    // A kind the console has no page of one for (a report) is named but not linked, and not called deleted.
    const reported = await createProperty(db(), { ownerId: owner.id, categoryId: catalog.apartment.id });
    const report = await createReport(db(), { userId: user.id, propertyId: reported.id });
    await post(`/api/admin/reports/${report.id}/dismiss`);
    expect(await entryOf('report', report.id)).toMatchObject({
      entity_label: reported.title,
      entity_url: null,
      entity_deleted: false,
    });
  });
});
