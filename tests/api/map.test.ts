import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { createProperty, createUser, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let ownerId: number;

const db = () => app.database.db;
const get = (path: string) => app.call('GET', `/api/${path}`);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const itemIds = (res: { body: any }) => sorted((res.body.data.items as { id: number }[]).map((p) => p.id));
const markerIds = (res: { body: any }) => sorted((res.body.data.markers as { id: number }[]).map((p) => p.id));

/** A public listing at a point (the seed's own listings have no coordinates, so they never show on a map). */
const at = (latitude: number, longitude: number, values: Partial<typeof s.properties.$inferInsert> = {}) =>
  createProperty(db(), { ownerId, categoryId: catalog.apartment.id, latitude, longitude, ...values }).then((p) => p.id);

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  ownerId = (await createUser(db())).id;
});

describe('get-properties-in-bounds: the box', () => {
  const box = 'south=10&west=20&north=11&east=21';
  let inside: number[];
  let outside: number[];

  beforeAll(async () => {
    // Just inside and just outside each edge (1e-4 degrees is about 11 m).
    inside = [await at(10.0001, 20.5), await at(10.9999, 20.5), await at(10.5, 20.0001), await at(10.5, 20.9999)];
    outside = [await at(9.9999, 20.5), await at(11.0001, 20.5), await at(10.5, 19.9999), await at(10.5, 21.0001)];
  });

  it('lists the listings inside, edges by edges, as items and markers', async () => {
    const res = await get(`get-properties-in-bounds?${box}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(4);
    expect(itemIds(res)).toEqual(sorted(inside));
    expect(markerIds(res)).toEqual(sorted(inside));
    expect(res.body.data.truncated).toBe(false);
    expect(res.body.data.markers[0]).toMatchObject({ slug_id: expect.any(String), price_label: expect.any(String) });
    for (const id of outside) expect(itemIds(res)).not.toContain(id);
  });

  it('shows only public listings: not pending, rejected, inactive, sold or rented ones', async () => {
    const hidden = [
      await at(10.5, 20.5, { adminStatus: 'pending' }),
      await at(10.5, 20.5, { adminStatus: 'rejected' }),
      await at(10.5, 20.5, { status: 'inactive' }),
      await at(10.5, 20.5, { status: 'sold' }),
      await at(10.5, 20.5, { status: 'rented' }),
    ];
    const res = await get(`get-properties-in-bounds?${box}`);
    for (const id of hidden) {
      expect(itemIds(res)).not.toContain(id);
      expect(markerIds(res)).not.toContain(id);
    }
  });

  it('applies the usual filters and pages the list but not the markers', async () => {
    const rent = await at(10.2, 20.2, { propertyType: 'rent', priceMinor: 500_00 });
    const villa = await at(10.3, 20.3, { categoryId: catalog.villa.id, priceMinor: 9_000_000_00 });
    const rents = await get(`get-properties-in-bounds?${box}&property_type=rent`);
    expect(itemIds(rents)).toEqual([rent]);
    const villas = await get(`get-properties-in-bounds?${box}&category_slug_id=villa`);
    expect(itemIds(villas)).toEqual([villa]);
    expect(itemIds(await get(`get-properties-in-bounds?${box}&category_id=${catalog.villa.id}`))).toEqual([villa]);
    expect(itemIds(await get(`get-properties-in-bounds?${box}&min_price=8000000`))).toEqual([villa]);
    expect(itemIds(await get(`get-properties-in-bounds?${box}&max_price=600&property_type=rent`))).toEqual([rent]);
    const paged = await get(`get-properties-in-bounds?${box}&limit=2`);
    expect(paged.body.data.items).toHaveLength(2);
    expect(paged.body.data.markers).toHaveLength(paged.body.data.total);
  });

  it('takes the filters of the property list too, so the list and the map of one search agree', async () => {
    const porto = await at(10.4, 20.4, { city: 'Porto', state: 'Porto', country: 'Portugal', title: 'Quayside loft' });
    const old = await at(10.6, 20.6, { createdAt: new Date(Date.now() - 40 * 86_400_000) });
    expect(itemIds(await get(`get-properties-in-bounds?${box}&city=porto`))).toEqual([porto]);
    expect(itemIds(await get(`get-properties-in-bounds?${box}&state=Porto&country=Portugal`))).toEqual([porto]);
    expect(itemIds(await get(`get-properties-in-bounds?${box}&search=quayside`))).toEqual([porto]);
    const recent = itemIds(await get(`get-properties-in-bounds?${box}&posted_since=last_month`));
    expect(recent).toContain(porto);
    expect(recent).not.toContain(old);
    expect(itemIds(await get(`get-properties-in-bounds?${box}&promoted=1`))).toEqual([]);
    const bad = await get(`get-properties-in-bounds?${box}&posted_since=someday`);
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.posted_since).toHaveLength(1);
  });

  it('takes the bedrooms and bathrooms filters as the list does: at least that many', async () => {
    const [bedrooms] = await db().query.parameters.findMany({ where: (p, { eq }) => eq(p.name, 'Bedrooms') });
    const [bathrooms] = await db()
      .insert(s.parameters)
      .values({ name: 'Bathrooms', typeOfParameter: 'number' })
      .returning();
    const two = await at(10.45, 20.45);
    const four = await at(10.55, 20.55);
    await db()
      .insert(s.propertyParameters)
      .values([
        { propertyId: two, parameterId: bedrooms!.id, value: 2 },
        { propertyId: four, parameterId: bedrooms!.id, value: 4 },
        { propertyId: two, parameterId: bathrooms!.id, value: 2 },
      ]);
    const three = await get(`get-properties-in-bounds?${box}&bedrooms=3`);
    expect(itemIds(three)).toEqual([four]);
    expect(markerIds(three)).toEqual([four]);
    // The list call agrees.
    const list = await get(`get-property-list?bedrooms=3&limit=100`);
    expect((list.body.data.items as { id: number }[]).map((p) => p.id)).toContain(four);
    expect((list.body.data.items as { id: number }[]).map((p) => p.id)).not.toContain(two);
    for (const wrong of ['0', '21', '2.5', 'many']) {
      const refused = await get(`get-properties-in-bounds?${box}&bedrooms=${wrong}`);
      expect(refused.status, wrong).toBe(422);
      expect(refused.body.data.fields.bedrooms).toEqual(['Choose at least 1 and at most 20 bedrooms.']);
    }
    expect((await get(`get-property-list?bedrooms=0`)).status).toBe(422);

    const twoBaths = await get(`get-properties-in-bounds?${box}&bathrooms=2`);
    expect(itemIds(twoBaths)).toEqual([two]);
    const listed = await get(`get-property-list?bathrooms=2&limit=100`);
    expect((listed.body.data.items as { id: number }[]).map((p) => p.id)).toContain(two);
    expect((listed.body.data.items as { id: number }[]).map((p) => p.id)).not.toContain(four);
    const refused = await get(`get-property-list?bathrooms=many`);
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields.bathrooms).toEqual(['Choose at least 1 and at most 20 bathrooms.']);
  });
});

describe('get-properties-in-bounds: a view across the antimeridian', () => {
  // The Aleutians: a view from 179° E eastwards over the line to 179° W.
  const across = 'south=51&west=179&north=53&east=-179';
  let east: number;
  let west: number;
  let outside: number[];

  beforeAll(async () => {
    east = await at(52, 179.5);
    west = await at(52, -179.5);
    // Greenwich, and just past each edge of the view.
    outside = [await at(52, 0), await at(52, 178.9999), await at(52, -178.9999)];
  });

  it('lists the listings on both sides of the line and nothing between its edges the other way round', async () => {
    const res = await get(`get-properties-in-bounds?${across}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(itemIds(res)).toEqual(sorted([east, west]));
    expect(markerIds(res)).toEqual(sorted([east, west]));
    for (const id of outside) expect(markerIds(res)).not.toContain(id);
  });

  it('does so for a view as wide as an ocean, and keeps a view ending at the line to its own side', async () => {
    const ocean = await get('get-properties-in-bounds?south=-60&west=100&north=70&east=-100');
    expect(markerIds(ocean)).toEqual(expect.arrayContaining([east, west, outside[1]!, outside[2]!]));
    expect(markerIds(ocean)).not.toContain(outside[0]);
    const eastOfIt = await get('get-properties-in-bounds?south=51&west=179&north=53&east=180');
    expect(markerIds(eastOfIt)).toEqual([east]);
  });

  it('combines with a drawn area on one side of the line', async () => {
    const area = encodeURIComponent('51.5,179.2;51.5,179.8;52.5,179.8;52.5,179.2');
    const res = await get(`get-properties-in-bounds?${across}&area=${area}`);
    expect(itemIds(res)).toEqual([east]);
  });

  it('takes a drawn area across the line, its corners past 180 on one side', async () => {
    // 179.2° E to 179.2° W over the line, written from either side of it.
    for (const corners of [
      '51.5,179.2;51.5,180.8;52.5,180.8;52.5,179.2',
      '51.5,-180.8;52.5,-180.8;52.5,-179.2;51.5,-179.2',
    ]) {
      const area = encodeURIComponent(corners);
      const alone = await get(`get-properties-in-bounds?area=${area}`);
      expect(alone.status).toBe(200);
      expect(itemIds(alone)).toEqual(sorted([east, west]));
      expect(markerIds(alone)).toEqual(sorted([east, west]));
      expect(itemIds(await get(`get-properties-in-bounds?${across}&area=${area}`))).toEqual(sorted([east, west]));
    }
    // A triangle over the line: the listing west of it is outside the slanted edge.
    const triangle = encodeURIComponent('51.5,179.2;51.5,180.8;52.5,179.2');
    expect(itemIds(await get(`get-properties-in-bounds?area=${triangle}`))).toEqual([east]);
    // The same corners as plain longitudes are the area around the rest of the world, as drawn: neither listing.
    const around = await get(
      `get-properties-in-bounds?area=${encodeURIComponent('51.5,179.2;51.5,-179.2;52.5,-179.2;52.5,179.2')}`,
    );
    expect(itemIds(around)).not.toContain(east);
    expect(itemIds(around)).not.toContain(west);
  });
});

describe('get-properties-in-bounds: a drawn area', () => {
  // A U open to the north: the notch (latitude 21..22, longitude 31..32) is inside the box but outside the area.
  const u = '20,30;20,33;22,33;22,32;21,32;21,31;22,31;22,30';
  let inside: number[];
  let outside: number[];

  beforeAll(async () => {
    inside = [
      await at(20.5, 31.5), // the bottom bar
      await at(21.5, 30.5), // the left arm
      await at(21.5, 32.5), // the right arm
      await at(21.5, 30.9999), // beside the notch's west edge
      await at(20.9999, 31.5), // below the notch's floor
      await at(20.0001, 32.9999), // the south-east corner
    ];
    outside = [
      await at(21.5, 31.5), // the notch
      await at(21.5, 31.0001), // just inside the notch's west edge
      await at(21.0001, 31.5), // just above its floor
      await at(19.9999, 31.5), // below the area
      await at(21.5, 33.0001), // east of it
    ];
  });

  it('keeps exactly the listings inside a concave polygon', async () => {
    const res = await get(`get-properties-in-bounds?area=${encodeURIComponent(u)}`);
    expect(res.status).toBe(200);
    expect(itemIds(res)).toEqual(sorted(inside));
    expect(markerIds(res)).toEqual(sorted(inside));
    for (const id of outside) expect(itemIds(res)).not.toContain(id);
  });

  it('accepts a closed ring and combines with the view', async () => {
    const closed = await get(`get-properties-in-bounds?area=${encodeURIComponent(`${u};20,30`)}`);
    expect(itemIds(closed)).toEqual(sorted(inside));
    // The view covers only the left arm.
    const left = await get(
      `get-properties-in-bounds?area=${encodeURIComponent(u)}&south=21.2&west=29&north=23&east=31`,
    );
    expect(itemIds(left)).toEqual(sorted([inside[1]!, inside[3]!]));
    // A view away from the area: nothing.
    const away = await get(`get-properties-in-bounds?area=${encodeURIComponent(u)}&south=0&west=0&north=1&east=1`);
    expect(away.body.data).toMatchObject({ total: 0, items: [], markers: [] });
  });
});

describe('get-properties-in-bounds: near a point', () => {
  it('lists the nearest first with their distance, widening the circle until something is found', async () => {
    const far = await at(40.3, 50.3);
    const near = await at(40.01, 50.01);
    const middle = await at(40.1, 50.1);
    const res = await get('get-properties-in-bounds?latitude=40&longitude=50');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((p: { id: number }) => p.id)).toEqual([near, middle]);
    expect(res.body.data.radius_km).toBe(25);
    const [first] = res.body.data.items;
    expect(first.distance_km).toBeCloseTo(1.4, 1);
    const wider = await get('get-properties-in-bounds?latitude=41&longitude=51&limit=1');
    expect(wider.body.data.radius_km).toBe(100);
    expect(wider.body.data.items.map((p: { id: number }) => p.id)).toEqual([far]);
  });

  it('reaches across the antimeridian, and measures the short way round', async () => {
    // Fiji: 179.95° east and 179.95° and 179.9° west are 6 to 10 km from 179.99° west, on both sides of the line.
    const east = await at(-16.8, 179.95);
    const west = await at(-16.8, -179.95);
    const furtherWest = await at(-16.8, -179.9);
    const res = await get('get-properties-in-bounds?latitude=-16.8&longitude=-179.99');
    expect(res.status).toBe(200);
    expect(res.body.data.radius_km).toBe(25);
    expect(res.body.data.items.map((p: { id: number }) => p.id)).toEqual([west, east, furtherWest]);
    expect(res.body.data.items.map((p: { distance_km: number }) => p.distance_km)).toEqual([4.3, 6.4, 9.6]);
    expect(markerIds(res)).toEqual(sorted([west, east, furtherWest]));
  });

  it('names the cities with listings nearby, nearest first', async () => {
    await at(45.01, 60.01, { city: 'Nearton', state: 'North', country: 'Testland' });
    await at(45.02, 60.02, { city: 'nearton', state: 'North', country: 'Testland' });
    await at(45.5, 60.5, { city: 'Farville', state: 'North', country: 'Testland' });
    const res = await get('get-nearby-cities?latitude=45&longitude=60');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { city: string; listings: number }) => [c.city.toLowerCase(), c.listings])).toEqual([
      ['nearton', 2],
      ['farville', 1],
    ]);
    expect(res.body.data[0].distance_km).toBeLessThan(3);

    // Across the antimeridian too: the town 0.06° east of the line is nearer than the one 0.09° west of it.
    await at(-20, 179.95, { city: 'Eastbank', state: 'Line', country: 'Testland' });
    await at(-20, -179.9, { city: 'Westbank', state: 'Line', country: 'Testland' });
    const line = await get('get-nearby-cities?latitude=-20&longitude=-179.99');
    expect(line.body.data.map((c: { city: string }) => c.city)).toEqual(['Eastbank', 'Westbank']);
  });
});

describe('map input is checked', () => {
  it.each([
    ['area=10,20;11,21', 'area', 'map.area_points'],
    [`area=${Array.from({ length: 101 }, (_, i) => `10,${i / 10}`).join(';')}`, 'area', 'map.area_points'],
    ['area=10,20;11,21;91,20', 'area', 'map.invalid_latitude'],
    ['area=10,20;11,21;12,541', 'area', 'map.invalid_longitude'],
    ['area=10,-170;11,190;12,190', 'area', 'map.invalid_area'],
    ['area=10,20;11;12,22', 'area', 'map.invalid_point'],
    ['area=10,20;11,0x15;12,22', 'area', 'map.invalid_longitude'],
    ['south=10&west=20&north=11', 'east', 'map.bounds_incomplete'],
    ['south=12&west=20&north=11&east=21', 'north', 'map.invalid_bounds'],
    ['south=10&west=20&north=11&east=180.5', 'east', 'map.invalid_longitude'],
    ['south=10&west=-181&north=11&east=21', 'west', 'map.invalid_longitude'],
    ['south=-91&west=20&north=11&east=21', 'south', 'map.invalid_latitude'],
    ['south=10&west=Infinity&north=11&east=21', 'west', 'map.invalid_longitude'],
    ['latitude=10', 'longitude', 'map.point_incomplete'],
    ['latitude=abc&longitude=10', 'latitude', 'map.invalid_latitude'],
    ['min_price=5&max_price=1', 'max_price', 'listing.price_range'],
  ])('get-properties-in-bounds?%s is a 422 on %s', async (query, field, key) => {
    const res = await get(`get-properties-in-bounds?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(true);
    expect(res.body.data.code).toBe('validation_failed');
    // The message is the translated key, never the key itself.
    expect(res.body.data.fields[field]).toHaveLength(1);
    expect(res.body.data.fields[field][0]).not.toBe(key);
    expect(res.body.data.fields[field][0]).toMatch(/\w+ \w+/);
  });

  it('explains what an area needs in plain words', async () => {
    const res = await get('get-properties-in-bounds?area=10,20;11,21');
    expect(res.body.data.fields.area[0]).toMatch(/3.*100/);
  });

  it('reverse-geocode and search-places need their inputs', async () => {
    expect((await get('reverse-geocode')).status).toBe(422);
    expect((await get('reverse-geocode?latitude=38.7')).status).toBe(422);
    expect((await get('reverse-geocode?latitude=100&longitude=1')).status).toBe(422);
    expect((await get('get-nearby-cities?longitude=1')).status).toBe(422);
    const short = await get('search-places?search=a');
    expect(short.status).toBe(422);
    expect(short.body.data.fields.search).toHaveLength(1);
  });
});

describe('reverse geocoding and place search', () => {
  it('names the city, state, country and address of a point, keeping the point', async () => {
    const res = await get('reverse-geocode?latitude=38.7223&longitude=-9.1393');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      formatted_address: 'Lisbon, Portugal',
      latitude: 38.7223,
      longitude: -9.1393,
    });
  }, 30_000);

  it('answers null, with a message and no error, where no town is within 100 km (the open sea)', async () => {
    const res = await get('reverse-geocode?latitude=0&longitude=-30');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      error: false,
      message:
        'No town within 100 km of this point. Choose a place on land, or type the city, state and country yourself.',
      data: null,
    });
  });

  it('finds places by name for the picker', async () => {
    const res = await get('search-places?search=Mumb&limit=3');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', country: 'India' });
    expect(res.body.data.length).toBeLessThanOrEqual(3);
  });
});
