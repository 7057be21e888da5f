import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/lib/fold-text.ts';
import { listingFilterSchema } from '../../src/features/search/listing-filter.ts';
import { dropCachedReads } from '../../src/server/cache/read-cache.ts';
import { placeInWords, searchSuggestions } from '../../src/server/services/forgiving-search-service.ts';
import { createProject, createProperty, createUser, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
let ownerId: number;

const db = () => app.database.db;
const get = (path: string) => app.call('GET', `/api/${path}`);
const ids = (res: { body: any }) => (res.body.data.items as { id: number }[]).map((p) => p.id).sort((a, b) => a - b);
const filter = (values: Record<string, unknown>) => listingFilterSchema.parse(values);

/** Letters no other test uses, so a word or a city made of them finds this file's listings only. */
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const listing = (values: Parameters<typeof createProperty>[1] extends infer V ? Partial<V> : never) =>
  createProperty(db(), { ownerId, categoryId: catalog.apartment.id, ...values });

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  ownerId = (await createUser(db())).id;
});

describe('words and places match whatever their accents and case', () => {
  it('finds crème by creme and CREME, and creme by crème, on every path of the words search', async () => {
    const word = tag();
    const city = `Évora ${tag()}`;
    const accented = await listing({ title: `Crème${word} house`, city });
    const plain = await listing({ title: `creme${word} flat`, city, priceMinor: 50_000_00 });
    const both = [accented.id, plain.id].sort((a, b) => a - b);
    for (const typed of [`creme${word}`, `CREME${word}`, `crème${word}`, `CRÈME${word}`]) {
      const q = encodeURIComponent(typed);
      // Words alone (property_search), words in a place (read in order), words with another sort (properties).
      expect(ids(await get(`get-property-list?search=${q}`))).toEqual(both);
      expect(ids(await get(`get-property-list?search=${q}&city=${encodeURIComponent(city)}`))).toEqual(both);
      expect(ids(await get(`get-property-list?search=${q}&sort=price_asc`))).toEqual(both);
    }
  });

  it('finds São by sao, and a city filter matches without accents or case', async () => {
    const name = `São ${tag()}`;
    const sao = await listing({ city: name, description: 'Perto do CAFÉ.' });
    const bare = foldText(name);
    expect(ids(await get(`get-property-list?city=${encodeURIComponent(bare.toUpperCase())}`))).toEqual([sao.id]);
    expect(ids(await get(`get-property-list?search=${encodeURIComponent(bare)}`))).toEqual([sao.id]);
    expect(ids(await get(`get-property-list?search=cafe&city=${encodeURIComponent(bare)}`))).toEqual([sao.id]);
  });

  it('searches projects without accents or case too', async () => {
    const word = tag();
    const project = await createProject(db(), {
      ownerId,
      categoryId: catalog.apartment.id,
      title: `Résidence ${word}`,
    });
    await db().execute(sql`update projects set admin_status = 'approved', status = 'active' where id = ${project.id}`);
    const res = await get(`get-projects?search=${encodeURIComponent(`RESIDENCE ${word}`)}`);
    expect((res.body.data.items as { id: number }[]).map((p) => p.id)).toContain(project.id);
  });

  it('folds in memory as the database folds', async () => {
    const samples = [
      'Crème BRÛLÉE',
      'São João',
      'Straße',
      'Øresund Łódź',
      'ÆON œuvre',
      'ﬁne Ｓａｏ',
      'أحمد مَدْرَسَة',
      'Αθήνα',
    ];
    for (const sample of samples) {
      const [row] = (await db()
        .select({ folded: sql<string>`fold_text(${sample})` })
        .from(sql`(select 1) as one`)) as { folded: string }[];
      expect(row!.folded).toBe(foldText(sample));
    }
  });
});

describe('a place typed in the words box', () => {
  it('becomes the city filter, and the other words stay the words', async () => {
    const city = `Lisboa ${tag()}`;
    await listing({ city });
    expect(await placeInWords(db(), filter({ search: `flat in ${foldText(city).toUpperCase()}` }))).toMatchObject({
      search: 'flat',
      city,
    });
    expect(await placeInWords(db(), filter({ search: foldText(city) }))).toMatchObject({ search: undefined, city });
    // A city already chosen, or words naming no city with listings, leave the search as it is.
    expect(await placeInWords(db(), filter({ search: `flat in ${city}`, city: 'Porto' }))).toBeNull();
    expect(await placeInWords(db(), filter({ search: `flat in Nowhere ${tag()}` }))).toBeNull();
  });

  it('leaves a place the words leave out alone, and keeps every word however many', async () => {
    const city = `Faro${tag()}`;
    await listing({ city });
    expect(await placeInWords(db(), filter({ search: `flat -${city}` }))).toBeNull();
    expect(await placeInWords(db(), filter({ search: `flat or ${city}` }))).toBeNull();
    const many = Array.from({ length: 18 }, (_, i) => `w${i}`);
    const placed = await placeInWords(db(), filter({ search: [city, ...many].join(' ') }));
    expect(placed).toMatchObject({ city, search: many.join(' ') });
  });
});

describe('a search that finds nothing', () => {
  it('suggests the nearest city and the nearest word, each with its count', async () => {
    const city = `Coimbra${tag()}`;
    const word = `terrace${tag()}`;
    await listing({ city, title: `Sunny ${word}` });
    await listing({ city });
    const misspeltCity = city.slice(0, 3) + city[4] + city[3] + city.slice(5);
    const byCity = await searchSuggestions(db(), filter({ city: misspeltCity }), 'en');
    expect(byCity[0]).toMatchObject({ kind: 'spelling', changed: ['city'], total: 2, filter: { city } });

    const misspeltWord = word.slice(0, -1);
    const byWord = await searchSuggestions(db(), filter({ search: misspeltWord }), 'en');
    expect(byWord[0]).toMatchObject({ kind: 'spelling', total: 1, filter: { search: foldText(word) } });
  });

  it('suggests leaving out the filter that keeps the most listings out, with what each leaves', async () => {
    const city = `Braga ${tag()}`;
    await listing({ city, propertyType: 'sell', priceMinor: 500_00 });
    await listing({ city, propertyType: 'sell', priceMinor: 800_00 });
    const wider = await searchSuggestions(db(), filter({ city, property_type: 'rent', max_price: 1000 }), 'en');
    expect(wider[0]).toMatchObject({ kind: 'wider', changed: ['property_type'], total: 2, filter: { city } });
    // Leaving out the price still finds nothing for rent there: only the suggestions that find something.
    expect(wider.map((s) => s.changed[0])).not.toContain('price');
  });

  it('offers leaving out the bedrooms too', async () => {
    const city = `Evora ${tag()}`;
    await listing({ city });
    const wider = await searchSuggestions(db(), filter({ city, bedrooms: 9 }), 'en');
    expect(wider[0]).toMatchObject({ kind: 'wider', changed: ['bedrooms'], total: 1, filter: { city } });
    const noBaths = await searchSuggestions(db(), filter({ city, bathrooms: 9 }), 'en');
    expect(noBaths[0]).toMatchObject({ kind: 'wider', changed: ['bathrooms'], total: 1, filter: { city } });
  });

  it("answers get-property-list with the same suggestions when nothing matches, in the caller's language", async () => {
    const city = `Faro${tag()}`;
    await listing({ city, propertyType: 'sell' });
    await listing({ city, propertyType: 'sell' });
    // As a write request would: the misspellings' dictionary is read again, with this city.
    dropCachedReads();
    const misspelt = city.slice(0, 2) + city[3] + city[2] + city.slice(4);
    const res = await get(`get-property-list?city=${misspelt}&property_type=sell&category_id=${catalog.apartment.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 0, items: [] });
    const [spelling, ...wider] = res.body.data.suggestions;
    expect(spelling).toEqual({
      kind: 'spelling',
      label: `Did you mean ${city}?`,
      params: { property_type: 'sell', category_slug_id: catalog.apartment.slug, city },
      url: `/properties?property_type=sell&category=${catalog.apartment.slug}&city=${city}`,
      total: 2,
      total_capped: false,
    });
    // Leaving out the city finds the other apartments for sale; leaving out the others still finds nothing.
    expect(wider.map((s: { kind: string; params: object }) => [s.kind, s.params])).toEqual([
      ['wider', { property_type: 'sell', category_slug_id: catalog.apartment.slug }],
    ]);
    // Each suggestion's params are a get-property-list query that finds what it says.
    const followed = await get(`get-property-list?${new URLSearchParams(spelling.params)}`);
    expect(followed.body.data.total).toBe(spelling.total);

    const arabic = await get(`get-property-list?city=${misspelt}&lang=ar`);
    expect(arabic.body.data.suggestions[0].label).toContain(city);
    expect(arabic.body.data.suggestions[0].label).not.toContain('Did you mean');
    // A search that finds something, and one by owner, are offered nothing.
    expect((await get(`get-property-list?city=${city}`)).body.data.suggestions).toEqual([]);
    expect((await get(`get-property-list?city=${misspelt}&userid=${ownerId}`)).body.data.suggestions).toEqual([]);
  });
});
