import { beforeAll, describe, expect, it } from 'vitest';
import { articleCategories, articles } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let guides: { id: number };
let news: { id: number };
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const categories = await db
    .insert(articleCategories)
    .values([
      { name: 'Guides', slug: 'guides' },
      { name: 'News', slug: 'news' },
    ])
    .returning();
  guides = categories[0]!;
  news = categories[1]!;
  const at = (days: number) => new Date(Date.now() + days * DAY);
  await db.insert(articles).values([
    {
      title: 'Buying your first home',
      slug: 'first-home',
      categoryId: guides.id,
      publishedAt: at(-3),
      description: '<p>Start with a budget.</p>',
    },
    {
      title: 'Renting checklist',
      slug: 'renting-checklist',
      categoryId: guides.id,
      publishedAt: at(-2),
      description: '<p>Read the lease &amp; check the deposit.</p>',
      metaDescription: 'What to check before you sign a lease.',
    },
    {
      title: 'Prices in March',
      slug: 'prices-march',
      categoryId: news.id,
      publishedAt: at(-1),
      description: '<p>Prices rose.</p><script>alert(1)</script><img src="x" onerror="steal()">',
    },
    { title: 'Draft piece', slug: 'draft', categoryId: news.id, publishedAt: null, description: '<p>Not yet.</p>' },
    {
      title: 'Scheduled piece',
      slug: 'scheduled',
      categoryId: news.id,
      publishedAt: at(2),
      description: '<p>Later.</p>',
    },
  ]);
});

const get = (query: string) => app.call('GET', `/api/get_articles${query}`);

describe('get_articles', () => {
  it('lists published articles only, newest first, with excerpts', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((a: { slug_id: string }) => a.slug_id)).toEqual([
      'prices-march',
      'renting-checklist',
      'first-home',
    ]);
    const checklist = res.body.data.items[1];
    expect(checklist).toMatchObject({
      title: 'Renting checklist',
      excerpt: 'What to check before you sign a lease.',
      category: { name: 'Guides', slug: 'guides' },
    });
    expect(res.body.data.items[2].excerpt).toBe('Start with a budget.');
  });

  it('filters by category and pages', async () => {
    const res = await get(`?category_id=${guides.id}&limit=1&offset=1`);
    expect(res.body.data).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(res.body.data.items.map((a: { slug_id: string }) => a.slug_id)).toEqual(['first-home']);
  });

  it('gives one article by slug or id with its HTML made safe and related articles of its category', async () => {
    const res = await get('?slug_id=prices-march');
    expect(res.status).toBe(200);
    expect(res.body.data.description).toBe('<p>Prices rose.</p><img src="x" loading="lazy" />');
    expect(res.body.data.related).toEqual([]);
    const byId = await get(`?id=${res.body.data.id}`);
    expect(byId.body.data.slug_id).toBe('prices-march');
    const guide = await get('?slug_id=first-home');
    expect(guide.body.data.related.map((a: { slug_id: string }) => a.slug_id)).toEqual(['renting-checklist']);
  });

  it('does not show drafts or scheduled articles, and refuses bad input', async () => {
    for (const slug of ['draft', 'scheduled', 'nothing-here']) {
      const res = await get(`?slug_id=${slug}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This article does not exist or is not published.');
    }
    const bad = await get('?id=abc&limit=-5');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['id', 'limit']);
  });
});
