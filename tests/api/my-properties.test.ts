import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { interestedUsers, packages, properties, userPackages } from '../../src/server/db/schema/index.ts';
import { mySubscriptions } from '../../src/server/services/package-service.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { createProperty, seedCatalog, createUser } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, storageKey, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let owner: { id: number; token: string };
let other: { id: number; token: string };
let photo: Uint8Array<ArrayBuffer>;
let parameterIds: { bedrooms: number; furnished: number };
let facilityId: number;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function completeUser(tag: string) {
  const user = await createUser(app.database.db, {
    name: `Owner ${tag}`,
    mobile: `+1666${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    address: '1 Main Street',
    profileImage: { key: 'k', width: 1, height: 1, variants: [] },
  });
  await grantPackage(app.database.db, [user.id], { property_list: null });
  const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
  return { id: user.id, token };
}

function listingForm(overrides: Record<string, string | Blob | null> = {}) {
  const form = new FormData();
  const fields: Record<string, string | Blob | null> = {
    title: 'Sunny flat by the park',
    description: 'Two bedrooms, a balcony and a view of the park.',
    category_id: String(catalog.apartment.id),
    property_type: 'sell',
    price: '250000.50',
    city: 'Lisbon',
    state: 'Lisbon',
    country: 'Portugal',
    address: '10 Park Road, Lisbon, Portugal',
    latitude: '38.72',
    longitude: '-9.14',
    'parameters[0][parameter_id]': String(parameterIds.bedrooms),
    'parameters[0][value]': '2',
    'parameters[1][parameter_id]': String(parameterIds.furnished),
    'parameters[1][value]': 'Yes',
    'facilities[0][facility_id]': String(facilityId),
    'facilities[0][distance]': '1.5',
    meta_title: 'Sunny flat by the park in Lisbon',
    title_image: new File([photo], 'front.jpg', { type: 'image/jpeg' }),
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) if (value !== null) form.append(key, value);
  return form;
}

const post = (form: FormData, token = owner.token) => app.call('POST', '/api/post_property', { body: form, token });

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(app.database.db);
  const params = await app.database.db.query.parameters.findMany();
  parameterIds = {
    bedrooms: params.find((p) => p.name === 'Bedrooms')!.id,
    furnished: params.find((p) => p.name === 'Furnished')!.id,
  };
  facilityId = (await app.database.db.query.facilities.findFirst())!.id;
  owner = await completeUser('one');
  other = await completeUser('two');
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a9' } })
    .jpeg()
    .toBuffer();
});

describe('post_property', () => {
  it('creates a pending listing with typed parameters, facilities, media variants, floors and documents', async () => {
    const form = listingForm({
      'floors[0][title]': 'Ground floor',
      'floors[0][image]': new File([photo], 'plan.jpg', { type: 'image/jpeg' }),
    });
    form.append('gallery_images[]', new File([photo], 'a.jpg', { type: 'image/jpeg' }));
    form.append('gallery_images[]', new File([photo], 'b.jpg', { type: 'image/jpeg' }));
    form.append('documents[]', new File([pdf], 'brochure.pdf', { type: 'application/pdf' }));
    const res = await post(form);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      title: 'Sunny flat by the park',
      slug_id: 'sunny-flat-by-the-park',
      property_type: 'sell',
      price: 250000.5,
      rentduration: null,
      admin_status: 'pending',
      status: 'active',
      formatted_address: '10 Park Road, Lisbon, Portugal',
      parameters: expect.arrayContaining([
        { parameter_id: parameterIds.bedrooms, value: 2 },
        { parameter_id: parameterIds.furnished, value: 'Yes' },
      ]),
      facilities: [{ facility_id: facilityId, distance: 1.5 }],
      floors: [{ title: 'Ground floor', image: expect.objectContaining({ width: expect.any(Number) }) }],
      documents: [expect.objectContaining({ name: 'brochure.pdf', content_type: 'application/pdf' })],
    });
    expect(data.gallery_images).toHaveLength(2);
    const formats = data.title_image.variants.map((v: { format: string }) => v.format);
    expect(formats).toEqual(expect.arrayContaining(['webp', 'avif']));
    for (const v of data.title_image.variants) expect(v.height).toBe(Math.round((v.width * 600) / 800));
    const listed = await app.call('GET', '/api/get-added-properties', { token: owner.token });
    expect(listed.body.data.items.map((p: { id: number }) => p.id)).toContain(data.id);
  });

  it('gives a repeated title the next free slug, and rent needs its duration', async () => {
    const again = await post(listingForm());
    expect(again.body.data.slug_id).toMatch(/^sunny-flat-by-the-park-\d+$/);
    const rent = await post(listingForm({ property_type: 'rent' }));
    expect(rent.status).toBe(422);
    expect(rent.body.data.fields).toEqual({ rentduration: ['Choose daily, monthly, quarterly or yearly rent.'] });
    const monthly = await post(listingForm({ property_type: 'rent', rentduration: 'Monthly', price: '1200' }));
    expect(monthly.body.data).toMatchObject({ property_type: 'rent', rentduration: 'monthly', price: 1200 });
  });

  it('explains every missing or bad field', async () => {
    const res = await post(
      listingForm({
        title: '',
        price: '-5',
        category_id: null,
        city: '',
        latitude: '200',
        meta_title: 'x'.repeat(61),
        meta_description: 'too short',
        video_link: 'javascript:alert(1)',
      }),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual([
      'category_id',
      'city',
      'latitude',
      'meta_description',
      'meta_title',
      'price',
      'title',
      'video_link',
    ]);
  });

  it('names the address as the client sent it: address (the spec’s name) or formatted_address', async () => {
    const missing = await post(listingForm({ address: null }));
    expect(missing.status).toBe(422);
    expect(missing.body.data.fields).toEqual({ address: ['Enter the address.'] });
    const empty = await post(listingForm({ address: '' }));
    expect(empty.body.data.fields).toEqual({ address: ['Enter the address.'] });
    const other = await post(listingForm({ address: null, formatted_address: ' ' }));
    expect(other.body.data.fields).toEqual({ formatted_address: ['Enter the address.'] });
    const checked = await app.call('POST', '/api/validate-property', {
      body: listingForm({ address: '' }),
      token: owner.token,
    });
    expect(checked.body.data.fields).toEqual({ address: ['Enter the address.'] });

    const created = (await post(listingForm())).body.data;
    const edit = new FormData();
    edit.append('id', String(created.id));
    edit.append('address', '');
    const cleared = await app.call('POST', '/api/update_post_property', { body: edit, token: owner.token });
    expect(cleared.status).toBe(422);
    expect(cleared.body.data.fields).toEqual({ address: ['Enter the address.'] });
  });

  it('asks for digits only when a price is typed with separators, and says when one is too large', async () => {
    const digitsOnly =
      'Type the price in digits only, without separators or a currency sign, for example 1250000 (a dot before any decimals).';
    for (const [price, message] of [
      ['1,250,000', digitsOnly],
      ['1.250.000,00', digitsOnly],
      ['$250000', digitsOnly],
      ['1e309', 'Enter a price of 1,000,000,000,000 or less.'],
      ['0', 'Enter a price above zero.'],
    ] as const) {
      const posted = await post(listingForm({ price }));
      expect(posted.status, price).toBe(422);
      expect(posted.body.data.fields, price).toEqual({ price: [message] });
      // The form's field-by-field check (validate-property) says the same.
      const body = listingForm({ price });
      const checked = await app.call('POST', '/api/validate-property', { body, token: owner.token });
      expect(checked.body.data.fields, price).toEqual({ price: [message] });
    }
  });

  it('checks parameters against the category and facilities against the catalog', async () => {
    const wrongValue = await post(listingForm({ 'parameters[1][value]': 'Maybe' }));
    expect(wrongValue.body.data.fields).toEqual({ 'parameters.1.value': ['Choose one of the listed values.'] });
    const notNumber = await post(listingForm({ 'parameters[0][value]': 'two' }));
    expect(notNumber.body.data.fields).toEqual({ 'parameters.0.value': ['Enter a number.'] });
    const foreign = await post(listingForm({ category_id: String(catalog.villa.id) }));
    expect(foreign.body.data.fields).toMatchObject({
      'parameters.0.parameter_id': ['This detail does not belong to the chosen category.'],
    });
    const facility = await post(listingForm({ 'facilities[0][facility_id]': '99999' }));
    expect(facility.body.data.fields).toEqual({ 'facilities.0.facility_id': ['This facility does not exist.'] });
  });

  it('refuses files by their content, not their name', async () => {
    const html = new File(['<html><script>alert(1)</script></html>'], 'photo.jpg', { type: 'image/jpeg' });
    expect((await post(listingForm({ title_image: html }))).body.data.fields).toEqual({
      title_image: ['Photos must be JPEG, PNG or WebP images.'],
    });
    const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await post(listingForm({ title_image: new File([tiny], 'x.png') }))).body.data.fields).toEqual({
      title_image: ['Photos must be at least 120 × 120 pixels.'],
    });
    const missing = await post(listingForm({ title_image: null }));
    expect(missing.body.data.fields).toEqual({ title_image: ['Add a title image.'] });
    const form = listingForm();
    form.append('documents[]', new File(['<html></html>'], 'contract.pdf', { type: 'application/pdf' }));
    expect((await post(form)).body.data.fields).toEqual({ 'documents.0': ['Documents must be PDF files or images.'] });
  });

  it('needs every floor complete', async () => {
    const res = await post(listingForm({ 'floors[0][title]': 'Ground floor' }));
    expect(res.body.data.fields).toEqual({ 'floors.0': ['Each floor needs a title and an image.'] });
  });

  it('is gated on a complete profile and an account', async () => {
    const incomplete = await createUser(app.database.db, { address: null });
    const { token } = await startSession(app.database.db, incomplete.id, { userAgent: null, ip: null });
    const res = await post(listingForm(), token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message: 'You have not completed your profile yet. Please complete first',
      data: { code: 'profile_incomplete' },
    });
    expect((await app.call('POST', '/api/post_property', { body: listingForm() })).status).toBe(401);
  });
});

describe('post_property spends the package listing limit', () => {
  async function ownerWithLimit(limit: number | null, tag: string) {
    const user = await createUser(app.database.db, {
      name: `Limited ${tag}`,
      mobile: `+1888${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      address: '1 Main Street',
      profileImage: { key: 'k', width: 1, height: 1, variants: [] },
    });
    if (limit !== -1) await grantPackage(app.database.db, [user.id], { property_list: limit });
    const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
    return { id: user.id, token };
  }
  const ownedCount = async (ownerId: number) =>
    (await app.database.db.select().from(properties).where(eq(properties.ownerId, ownerId))).length;

  it("starts the site's free package with a new owner's first listing, once, spending a unit of it", async () => {
    const user = await ownerWithLimit(-1, 'first');
    const replies = await Promise.all([post(listingForm(), user.token), post(listingForm(), user.token)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await ownedCount(user.id)).toBe(2);
    const held = await app.database.db.select().from(userPackages).where(eq(userPackages.userId, user.id));
    expect(held).toHaveLength(1);
    const actor = { id: user.id, sessionId: 0, name: 'Limited first', email: null, role: 'user' as const };
    expect(await mySubscriptions(app.database.db, actor, 'en')).toEqual([
      expect.objectContaining({
        name: 'Free',
        features: expect.arrayContaining([{ feature: 'property_list', limit: 3, used: 2, remaining: 1 }]),
      }),
    ]);
  });

  it('refuses a user without a package on a site without a free one, saying so plainly, and saves nothing', async () => {
    const user = await ownerWithLimit(-1, 'none');
    await app.database.db.update(packages).set({ isActive: false }).where(eq(packages.priceMinor, 0));
    try {
      const res = await post(listingForm(), user.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        message: 'You have no package yet. Choose a package to list your property.',
        data: { code: 'package_not_available' },
      });
    } finally {
      await app.database.db.update(packages).set({ isActive: true }).where(eq(packages.priceMinor, 0));
    }
    expect(await ownedCount(user.id)).toBe(0);
  });

  it('lets fifty simultaneous posts spend the last listing unit once', async () => {
    const user = await ownerWithLimit(1, 'race');
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(listingForm({ title: `Race flat number ${i}` }), user.token)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(49).fill(403)]);
    expect(await ownedCount(user.id)).toBe(1);
    const check = await app.call('GET', '/api/check-package-limit?type=property_list', { token: user.token });
    expect(check.body.data).toEqual({
      package_available: true,
      feature_available: true,
      limit_available: false,
      free_package: null,
    });
  }, 120_000);
});

describe('editing and managing', () => {
  it('updates fields and media, and sends an approved listing back to review', async () => {
    const form = listingForm();
    form.append('gallery_images[]', new File([photo], 'a.jpg', { type: 'image/jpeg' }));
    const created = (await post(form)).body.data;
    await app.database.db.update(properties).set({ adminStatus: 'approved' }).where(eq(properties.id, created.id));
    const removedKey = storageKey(created.gallery_images[0].url);
    const update = new FormData();
    update.set('id', String(created.id));
    update.set('price', '199000');
    update.set('remove_gallery_images', '0');
    update.set('meta_image', '');
    update.append('documents[]', new File([pdf], 'plan.pdf', { type: 'application/pdf' }));
    const res = await app.call('POST', '/api/update_post_property', { body: update, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      price: 199000,
      admin_status: 'pending',
      gallery_images: [],
      title: created.title,
    });
    expect(res.body.data.documents).toHaveLength(1);
    expect(fs.existsSync(path.join(app.storageDir, removedKey))).toBe(false);
  });

  it('changes status: sold for a sale, rented and available again for a rental, and switches sale to rent', async () => {
    const created = (await post(listingForm())).body.data;
    const status = (body: Record<string, string>) =>
      app.call('POST', '/api/update_property_status', {
        body: { property_id: String(created.id), ...body },
        token: owner.token,
      });
    expect((await status({ status: 'rented' })).status).toBe(422);
    expect((await status({ status: 'sold' })).body.data.status).toBe('sold');
    const switched = await app.call('POST', '/api/change-property-status', {
      body: {
        property_id: String(created.id),
        status: 'active',
        property_type: 'rent',
        rentduration: 'yearly',
        price: '18000',
      },
      token: owner.token,
    });
    expect(switched.body.data).toMatchObject({
      status: 'active',
      property_type: 'rent',
      rentduration: 'yearly',
      price: 18000,
      price_label: '$18K',
    });
    expect((await status({ status: 'rented' })).body.data.status).toBe('rented');
    expect((await status({ status: 'active' })).body.data.status).toBe('active');
  });

  it('needs a new price to switch between sale and rent, on the status call and on an edit', async () => {
    const created = (await post(listingForm({ price: '350000' }))).body.data;
    const status = (body: Record<string, string>) =>
      app.call('POST', '/api/update_property_status', {
        body: { property_id: String(created.id), status: 'active', ...body },
        token: owner.token,
      });
    const toRent = { property_type: 'rent', rentduration: 'monthly' };
    const rentNeeded = { price: ['Enter the rent: the sale price does not carry over to renting.'] };
    // Without a price, or with the sale price sent back unchanged, the switch is refused and nothing changes.
    for (const refused of [await status(toRent), await status({ ...toRent, price: '350000' })]) {
      expect(refused.status).toBe(422);
      expect(refused.body.data.fields).toEqual(rentNeeded);
    }
    const edit = (fields: Record<string, string>) =>
      app.call('POST', '/api/update_post_property', {
        body: { id: String(created.id), ...fields },
        token: owner.token,
      });
    expect((await edit(toRent)).body.data.fields).toEqual(rentNeeded);
    expect((await edit({ ...toRent, price: '350000' })).body.data.fields).toEqual(rentNeeded);
    const [unchanged] = await app.database.db.select().from(properties).where(eq(properties.id, created.id));
    expect(unchanged).toMatchObject({ propertyType: 'sell', priceMinor: 35_000_000, rentDuration: null });

    // A price without a switch is for the edit (which goes back to review), not the status call.
    const priceOnly = await status({ price: '340000' });
    expect(priceOnly.status).toBe(422);
    expect(priceOnly.body.data.fields).toEqual({
      price: ['The price changes here only with a switch between sale and rent; edit the listing to change it.'],
    });

    const rented = await status({ ...toRent, price: '1500' });
    expect(rented.status).toBe(200);
    expect(rented.body.data).toMatchObject({ property_type: 'rent', rentduration: 'monthly', price: 1500 });
    const backToSale = await edit({ property_type: 'sell' });
    expect(backToSale.body.data.fields).toEqual({
      price: ['Enter the sale price: the rent does not carry over to a sale.'],
    });
    const sold = await edit({ property_type: 'sell', price: '355000' });
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ property_type: 'sell', rentduration: null, price: 355000 });
    // An edit that keeps the type keeps asking nothing about the price.
    expect((await edit({ title: 'Sunny flat, new title' })).status).toBe(200);
  });

  it("never lets another user edit, re-status or delete someone's property", async () => {
    const created = (await post(listingForm())).body.data;
    const asOther = { token: other.token };
    const update = await app.call('POST', '/api/update_post_property', {
      body: { id: created.id, title: 'Hijacked' },
      ...asOther,
    });
    expect(update.status).toBe(404);
    expect(
      (
        await app.call('POST', '/api/update_property_status', {
          body: { property_id: created.id, status: 'inactive' },
          ...asOther,
        })
      ).status,
    ).toBe(404);
    expect((await app.call('POST', '/api/delete_property', { body: { id: created.id }, ...asOther })).status).toBe(404);
    const listedForOther = await app.call('GET', `/api/get-added-properties?slug_id=${created.slug_id}`, asOther);
    expect(listedForOther.body.data.items).toEqual([]);
    const [row] = await app.database.db.select().from(properties).where(eq(properties.id, created.id));
    expect(row).toMatchObject({ title: created.title, status: 'active' });
  });

  it('deletes the listing and its files', async () => {
    const created = (await post(listingForm())).body.data;
    const file = path.join(app.storageDir, storageKey(created.title_image.url));
    expect(fs.existsSync(file)).toBe(true);
    expect(
      (await app.call('POST', '/api/delete_property', { body: { id: created.id }, token: owner.token })).status,
    ).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(await app.database.db.select().from(properties).where(eq(properties.id, created.id))).toEqual([]);
  });

  it("deletes an account's listings' files with the account, and no one else's", async () => {
    const leaving = await completeUser('leaving');
    const form = listingForm();
    form.append('documents[]', new File([pdf], 'brochure.pdf', { type: 'application/pdf' }));
    form.append('gallery_images[]', new File([photo], 'garden.jpg', { type: 'image/jpeg' }));
    const theirs = (await post(form, leaving.token)).body.data;
    const kept = (await post(listingForm())).body.data;
    const fileOf = (url: string) => path.join(app.storageDir, storageKey(url));
    const files = [theirs.title_image.url, theirs.gallery_images[0].url, theirs.documents[0].url].map(fileOf);
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    const gone = await app.call('POST', '/api/delete_user', { body: { userid: leaving.id }, token: leaving.token });
    expect(gone.status).toBe(200);
    expect(files.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(fs.existsSync(fileOf(kept.title_image.url))).toBe(true);
  });
});

describe('an edit clears what is sent empty and keeps what is left out (docs/decisions/034)', () => {
  const update = (fields: Record<string, string | Blob>, token = owner.token) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return app.call('POST', '/api/update_post_property', { body: form, token });
  };
  const mine = async (id: number) =>
    (await app.call('GET', `/api/get-added-properties?limit=100`, { token: owner.token })).body.data.items.find(
      (p: { id: number }) => p.id === id,
    );

  /** A listing with every optional field filled. */
  async function filled() {
    const res = await post(
      listingForm({
        client_address: '2 Owner Lane',
        video_link: 'https://video.example/tour',
        meta_description: 'A sunny two-bedroom flat by the park in Lisbon, with a balcony and a view.',
        meta_keywords: 'flat, park, Lisbon',
        is_premium: '1',
        'facilities[1][facility_id]': String(facilityId + 1),
        'facilities[1][distance]': '3',
      }),
    );
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('leaves out what an API client does not send', async () => {
    const listing = await filled();
    const res = await update({ id: String(listing.id), price: '260000' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      price: 260000,
      client_address: '2 Owner Lane',
      video_link: 'https://video.example/tour',
      meta_title: 'Sunny flat by the park in Lisbon',
      is_premium: true,
    });
    expect(res.body.data.parameters).toHaveLength(2);
    expect(res.body.data.facilities).toHaveLength(2);
  });

  it('clears the optional fields the edit form sends empty, and nothing it did not show', async () => {
    const listing = await filled();
    const res = await update({
      id: String(listing.id),
      title: listing.title,
      client_address: '',
      video_link: ' ',
      meta_title: '',
      meta_description: '',
      meta_keywords: '',
      meta_image: new File([], ''),
      // Bedrooms emptied; Furnished not on this form (another category's form, an older client) stays.
      'parameters[0][parameter_id]': String(parameterIds.bedrooms),
      'parameters[0][value]': '',
      // One facility's distance emptied; the other not sent stays.
      'facilities[0][facility_id]': String(facilityId),
      'facilities[0][distance]': '',
      // The form's hidden 0 before the unticked box.
      is_premium: '0',
    });
    expect(res.body.data.fields).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      client_address: null,
      video_link: null,
      meta_title: null,
      meta_description: null,
      meta_keywords: null,
      is_premium: false,
    });
    expect(res.body.data.parameters.map((p: { parameter_id: number }) => p.parameter_id)).toEqual([
      parameterIds.furnished,
    ]);
    expect(res.body.data.facilities.map((f: { facility_id: number }) => f.facility_id)).toEqual([facilityId + 1]);
    expect((await mine(listing.id)).video_link).toBeNull();
  });

  it('refuses to clear a field the listing needs, with its message, and changes nothing', async () => {
    const listing = await filled();
    const res = await update({
      id: String(listing.id),
      title: '',
      description: '',
      price: '',
      address: '',
      city: '',
      video_link: '',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(
      ['address', 'city', 'description', 'price', 'title'].sort(),
    );
    expect(res.body.data.fields.address).toEqual(['Enter the address.']);
    expect(res.body.data.fields.city).toEqual(['Enter the city.']);
    expect(await mine(listing.id)).toMatchObject({ title: listing.title, video_link: 'https://video.example/tour' });
    // A rental's duration is needed too, and an empty slug_id keeps the slug.
    const rental = await update({ id: String(listing.id), property_type: 'rent', price: '1500', rentduration: '' });
    expect(rental.body.data.fields).toEqual({ rentduration: [expect.any(String)] });
    const sameSlug = await update({ id: String(listing.id), slug_id: '' });
    expect(sameSlug.body.data.slug_id).toBe(listing.slug_id);
  });
});

describe('the share image on an edit', () => {
  it('is replaced by a new file, kept by an empty one, and removed by remove_meta_image with its file', async () => {
    const image = (name: string) => new File([photo], name, { type: 'image/jpeg' });
    const listing = (await post(listingForm({ meta_image: image('share.jpg') }))).body.data;
    const first = storageKey(listing.meta_image.url);
    const edit = (fields: Record<string, string | Blob>) => {
      const body = new FormData();
      body.append('id', String(listing.id));
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      return app.call('POST', '/api/update_post_property', { body, token: owner.token });
    };
    expect((await edit({ meta_image: new File([], '') })).body.data.meta_image.url).toBe(listing.meta_image.url);
    const replaced = (await edit({ meta_image: image('new-share.jpg') })).body.data.meta_image;
    expect(replaced.url).not.toBe(listing.meta_image.url);
    expect(fs.existsSync(path.join(app.storageDir, first))).toBe(false);
    const removed = await edit({ meta_image: new File([], ''), remove_meta_image: '1' });
    expect(removed.body.data.meta_image).toBeNull();
    expect(fs.existsSync(path.join(app.storageDir, storageKey(replaced.url)))).toBe(false);
  });
});

describe('coordinates from the place when a form has no map (docs/decisions/034)', () => {
  const noPoint = (place: Record<string, string>) => listingForm({ latitude: null, longitude: null, ...place });

  it("places a listing at the site's own city first, then at the gazetteer's, and shows it on the map", async () => {
    const porto = await post(noPoint({ city: 'porto', state: 'Porto', country: 'Portugal', address: '1 Rua, Porto' }));
    expect(porto.status).toBe(200);
    expect(porto.body.data).toMatchObject({ latitude: 41.15, longitude: -8.63 });
    const coimbra = await post(
      noPoint({ city: 'Coimbra', state: 'Coimbra', country: 'Portugal', address: '1 Rua, Coimbra', latitude: ' ' }),
    );
    expect(coimbra.status).toBe(200);
    expect(coimbra.body.data.latitude).toBeCloseTo(40.2, 0);
    expect(coimbra.body.data.longitude).toBeCloseTo(-8.4, 0);
    await app.database.db
      .update(properties)
      .set({ adminStatus: 'approved' })
      .where(eq(properties.id, coimbra.body.data.id));
    const map = await app.call('GET', '/api/get-properties-in-bounds?south=39.5&west=-9&north=41&east=-8');
    expect(map.body.data.markers.map((m: { id: number }) => m.id)).toContain(coimbra.body.data.id);
  });

  it('asks for the coordinates when the place is unknown, or when only one of them is given', async () => {
    const nowhere = await post(noPoint({ city: 'Atlantis', state: 'Deep', country: 'Ocean' }));
    expect(nowhere.status).toBe(422);
    const notFound =
      'This city was not found on the map: enter its latitude and longitude, or choose the place on the map.';
    expect(nowhere.body.data.fields).toEqual({ latitude: [notFound], longitude: [notFound] });
    const half = await post(listingForm({ longitude: null }));
    expect(half.body.data.fields).toEqual({ longitude: ['Enter the longitude, or choose the place on the map.'] });
    const check = await app.call('POST', '/api/validate-property', { body: noPoint({}), token: owner.token });
    expect(check.body.data.fields).toEqual({});
  });

  it('on an edit: cleared coordinates, or the saved ones sent back with a new city, become the city centre', async () => {
    const listing = (await post(listingForm({ latitude: '38.7', longitude: '-9.1' }))).body.data;
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries({ id: String(listing.id), ...fields })) body.append(key, value);
      return app.call('POST', '/api/update_post_property', { body, token: owner.token });
    };
    expect((await form({ latitude: '', longitude: '' })).body.data).toMatchObject({
      latitude: 38.72,
      longitude: -9.14,
    });
    const moved = await form({ city: 'Porto', state: 'Porto', latitude: '38.72', longitude: '-9.14' });
    expect(moved.body.data).toMatchObject({ city: 'Porto', latitude: 41.15, longitude: -8.63 });
    // Coordinates that differ from the saved ones are the owner's: kept.
    const exact = await form({ city: 'Lisbon', state: 'Lisbon', latitude: '38.75', longitude: '-9.2' });
    expect(exact.body.data).toMatchObject({ latitude: 38.75, longitude: -9.2 });
  });
});

describe('removing saved files, as the edit form does', () => {
  const image = (name: string) => new File([photo], name, { type: 'image/jpeg' });
  const stored = (key: string) => fs.existsSync(path.join(app.storageDir, key));
  const keys = (list: { key: string }[]) => list.map((item) => item.key);

  /** A listing with two photos, two documents, a 3D image and two floors. */
  async function furnished(token = owner.token) {
    const form = listingForm({
      three_d_image: image('tour.jpg'),
      'floors[0][title]': 'Ground floor',
      'floors[0][image]': image('ground.jpg'),
      'floors[1][title]': 'First floor',
      'floors[1][image]': image('first.jpg'),
    });
    form.append('gallery_images[]', image('kitchen.jpg'));
    form.append('gallery_images[]', image('garden.jpg'));
    form.append('documents[]', new File([pdf], 'deed.pdf', { type: 'application/pdf' }));
    form.append('documents[]', new File([pdf], 'plan.pdf', { type: 'application/pdf' }));
    const res = await post(form, token);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('removes the ticked files, keeps the others and adds the new uploads', async () => {
    const listing = await furnished();
    const [kitchen, garden] = listing.gallery_images;
    const [deed, plan] = listing.documents;
    const [ground, first] = listing.floors;
    // What the edit page posts: every field shown, empty file inputs, each saved floor's row, one blank floor row,
    // and the Remove boxes ticked (photos and documents by key, the 3D image as 1, floors by id).
    const empty = new File([], '');
    const form = listingForm({
      id: String(listing.id),
      title_image: empty,
      three_d_image: empty,
      remove_three_d_image: '1',
      'floors[0][id]': String(ground.id),
      'floors[0][title]': 'Ground floor',
      'floors[0][image]': empty,
      'floors[1][id]': String(first.id),
      'floors[1][title]': 'First floor',
      'floors[1][image]': empty,
      'floors[2][title]': '',
      'floors[2][image]': empty,
    });
    form.append('remove_gallery_images[]', kitchen.key);
    form.append('remove_documents[]', plan.key);
    form.append('remove_floors[]', String(first.id));
    form.append('gallery_images[]', image('balcony.jpg'));
    form.append('documents[]', empty);
    const res = await app.call('POST', '/api/update_post_property', { body: form, token: owner.token });
    expect(res.status).toBe(200);
    const saved = res.body.data;
    expect(saved.gallery_images).toHaveLength(2);
    expect(saved.gallery_images[0]).toEqual(garden);
    expect(saved.gallery_images[1].key).not.toBe(kitchen.key);
    expect(saved.documents).toEqual([deed]);
    expect(saved.three_d_image).toBeNull();
    expect(saved.floors).toEqual([{ id: expect.any(Number), title: 'Ground floor', image: ground.image }]);
    expect(saved.title_image).toEqual(listing.title_image);

    const gone = [kitchen.key, plan.key, storageKey(listing.three_d_image.url), storageKey(first.image.url)];
    expect(gone.filter(stored)).toEqual([]);
    const kept = [garden.key, deed.key, saved.gallery_images[1].key, storageKey(ground.image.url)];
    expect(kept.every(stored)).toBe(true);
  });

  it("cannot remove another owner's files, through their listing or by naming them on one's own", async () => {
    const theirs = await furnished(other.token);
    const mine = await furnished();
    const naming = (id: number) => {
      const form = new FormData();
      form.set('id', String(id));
      form.set('remove_three_d_image', '1');
      for (const photo of theirs.gallery_images) form.append('remove_gallery_images[]', photo.key);
      for (const doc of theirs.documents) form.append('remove_documents[]', doc.key);
      for (const floor of theirs.floors) form.append('remove_floors[]', String(floor.id));
      return form;
    };
    const hijack = await app.call('POST', '/api/update_post_property', { body: naming(theirs.id), token: owner.token });
    expect(hijack.status).toBe(404);

    const own = await app.call('POST', '/api/update_post_property', { body: naming(mine.id), token: owner.token });
    expect(own.status).toBe(200);
    expect(keys(own.body.data.gallery_images)).toEqual(keys(mine.gallery_images));
    expect(keys(own.body.data.documents)).toEqual(keys(mine.documents));
    expect(own.body.data.floors).toEqual(mine.floors);
    expect(own.body.data.three_d_image).toBeNull();

    const [again] = (
      await app.call('GET', `/api/get-added-properties?slug_id=${theirs.slug_id}`, { token: other.token })
    ).body.data.items;
    expect(again).toMatchObject({
      gallery_images: theirs.gallery_images,
      documents: theirs.documents,
      three_d_image: theirs.three_d_image,
      floors: theirs.floors,
    });
    const files = [
      ...keys(theirs.gallery_images),
      ...keys(theirs.documents),
      storageKey(theirs.three_d_image.url),
      ...theirs.floors.map((f: { image: { url: string } }) => storageKey(f.image.url)),
    ];
    expect(files.every(stored)).toBe(true);
  });
});

describe('get_interested_users', () => {
  it('shows the owner who is interested, and nobody else', async () => {
    const created = (await post(listingForm())).body.data;
    const fan = await createUser(app.database.db, { name: 'Fan One', mobile: '+15559990001' });
    await app.database.db.insert(interestedUsers).values({ userId: fan.id, propertyId: created.id });
    const res = await app.call('GET', `/api/get_interested_users?property_id=${created.id}`, { token: owner.token });
    expect(res.body.data).toMatchObject({ total: 1, items: [{ id: fan.id, name: 'Fan One', mobile: '+15559990001' }] });
    const bySlug = await app.call('GET', `/api/get_interested_users?slug_id=${created.slug_id}`, {
      token: owner.token,
    });
    expect(bySlug.body.data.total).toBe(1);
    expect(
      (await app.call('GET', `/api/get_interested_users?property_id=${created.id}`, { token: other.token })).status,
    ).toBe(404);
    expect((await app.call('GET', '/api/get_interested_users', { token: owner.token })).status).toBe(422);
  });
});

describe('get-added-properties', () => {
  it('marks featured listings as public cards do, and is_promoted keeps only the caller’s featured ones', async () => {
    const lister = await completeUser('featured');
    const db = app.database.db;
    const future = new Date(Date.now() + 86_400_000);
    const past = new Date(Date.now() - 86_400_000);
    const ownerId = lister.id;
    const categoryId = catalog.apartment.id;
    const featured = await createProperty(db, { ownerId, categoryId, featuredUntil: future });
    const ended = await createProperty(db, { ownerId, categoryId, featuredUntil: past });
    const plain = await createProperty(db, { ownerId, categoryId });
    await createProperty(db, { ownerId: other.id, categoryId, featuredUntil: future });
    const list = async (query: string) => {
      const res = await app.call('GET', `/api/get-added-properties${query}`, { token: lister.token });
      expect(res.status).toBe(200);
      return res.body.data as { total: number; items: { id: number; promoted: boolean }[] };
    };

    const all = await list('');
    expect(all.total).toBe(3);
    const flags = Object.fromEntries(all.items.map((p) => [p.id, p.promoted]));
    expect(flags).toEqual({ [featured.id]: true, [ended.id]: false, [plain.id]: false });
    const publicCard = await app.call('GET', `/api/get-property-list?userid=${ownerId}&promoted=1`);
    expect(publicCard.body.data.items.map((p: { id: number; promoted: boolean }) => [p.id, p.promoted])).toEqual([
      [featured.id, true],
    ]);

    for (const on of ['1', 'true']) {
      const promoted = await list(`?is_promoted=${on}`);
      expect(promoted).toMatchObject({ total: 1, items: [{ id: featured.id, promoted: true }] });
    }
    for (const off of ['0', 'false', '']) expect((await list(`?is_promoted=${off}`)).total).toBe(3);
    const bad = await app.call('GET', '/api/get-added-properties?is_promoted=maybe', { token: lister.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['is_promoted']);
  });
});

describe('owner dashboard', () => {
  it('counts only the owner listings by review state, with views and interest', async () => {
    const { ownerDashboard } = await import('../../src/server/services/property-posting-service.ts');
    const fresh = await completeUser('dash');
    const actor = { id: fresh.id, sessionId: 0, name: 'x', email: null, role: 'user' as const };
    const a = (await post(listingForm(), fresh.token)).body.data;
    const b = (await post(listingForm(), fresh.token)).body.data;
    await app.database.db
      .update(properties)
      .set({ adminStatus: 'approved', status: 'sold', totalViews: 7 })
      .where(eq(properties.id, a.id));
    await app.database.db.update(properties).set({ totalViews: 3 }).where(eq(properties.id, b.id));
    const fan = await createUser(app.database.db, { mobile: '+15559990002' });
    await app.database.db.insert(interestedUsers).values({ userId: fan.id, propertyId: b.id });
    expect(await ownerDashboard({ db: app.database.db, storage: null as never }, actor)).toEqual({
      total: 2,
      pending: 1,
      approved: 1,
      rejected: 0,
      closed: 1,
      views: 10,
      interested: 1,
    });
  });
});

describe('validate-property', () => {
  it('answers the messages post_property would give, translated, without saving anything', async () => {
    const before = await app.database.db.select().from(properties);
    const res = await app.call('POST', '/api/validate-property?lang=ar', {
      body: listingForm({ price: '-1', title: '' }),
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.fields).toMatchObject({ price: ['أدخل سعرًا أكبر من صفر.'], title: ['هذا الحقل مطلوب.'] });
    const good = await app.call('POST', '/api/validate-property', { body: listingForm(), token: owner.token });
    expect(good.body.data.fields).toEqual({});
    expect(await app.database.db.select().from(properties)).toHaveLength(before.length);
    expect((await app.call('POST', '/api/validate-property', { body: listingForm() })).status).toBe(401);
  });

  it('answers an empty location (wizard step 2) with one distinct message per missing field', async () => {
    const empty = { city: '', state: '', country: '', address: '', latitude: '', longitude: '' };
    const res = await app.call('POST', '/api/validate-property', { body: listingForm(empty), token: owner.token });
    expect(res.body.data.fields).toEqual({
      city: ['Enter the city.'],
      state: ['Enter the state or region.'],
      country: ['Enter the country.'],
      address: ['Enter the address.'],
      latitude: ['Enter the latitude, or choose the place on the map.'],
      longitude: ['Enter the longitude, or choose the place on the map.'],
    });
    // post_property gives the same messages.
    const posted = await post(listingForm(empty));
    expect(posted.status).toBe(422);
    expect(posted.body.data.fields).toEqual(res.body.data.fields);
    const outOfRange = await post(listingForm({ latitude: '200' }));
    expect(outOfRange.body.data.fields).toEqual({ latitude: ['Latitude must be between -90 and 90.'] });
  });
});
