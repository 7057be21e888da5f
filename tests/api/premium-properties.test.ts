import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/admin.ts';
import { createProperty, createSignedInUser, seedCatalog } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
});

describe('premium properties (premium_properties)', () => {
  it('gives a premium listing’s details to package holders, the owner and admins only', async () => {
    const owner = await createSignedInUser(db());
    const property = await createProperty(db(), {
      ownerId: owner.user.id,
      categoryId: catalog.apartment.id,
      isPremium: true,
      description: 'The secret garden is behind the kitchen.',
      address: '7 Hidden Lane',
      latitude: 38.7,
      longitude: -9.1,
      videoLink: 'https://video.example/tour',
    });
    const holder = await createSignedInUser(db());
    await grantPackage(db(), [holder.user.id], { premium_properties: null });
    const otherFeature = await createSignedInUser(db());
    await grantPackage(db(), [otherFeature.user.id], { project_access: null });
    const detail = async (token?: string) =>
      (await app.call('GET', `/api/get_property?id=${property.id}`, token ? { token } : {})).body.data;

    for (const token of [undefined, otherFeature.token]) {
      const gated = await detail(token);
      expect(gated).toMatchObject({
        id: property.id,
        title: property.title,
        is_premium: true,
        access: false,
        access_message: 'Premium properties need a package that includes them.',
        description: '',
        video_link: null,
        parameters: [],
        facilities: [],
        documents: [],
        location: { address: '', latitude: null, longitude: null, city: 'Lisbon' },
      });
    }
    for (const token of [holder.token, owner.token, await adminToken(app)]) {
      expect(await detail(token)).toMatchObject({
        access: true,
        access_message: null,
        description: 'The secret garden is behind the kitchen.',
        video_link: 'https://video.example/tour',
        location: { address: '7 Hidden Lane', latitude: 38.7, longitude: -9.1 },
      });
    }
  });

  it('leaves ordinary listings open to everyone', async () => {
    const owner = await createSignedInUser(db());
    const property = await createProperty(db(), { ownerId: owner.user.id, categoryId: catalog.apartment.id });
    const res = await app.call('GET', `/api/get_property?id=${property.id}`);
    expect(res.body.data).toMatchObject({ access: true, access_message: null, description: property.description });
  });
});
