import type * as s from '../schema/index.ts';
import type { ImageRecord } from '../schema/media-types.ts';
import { slugify } from '../../../lib/slug.ts';
import type { Random } from './random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const ARTICLE_TITLES = [
  'Ten questions to ask before you buy a home',
  'How to read a floor plan',
  'Renting for the first time: a checklist',
  'What a verified agent does for you',
  'Fixed or variable: choosing a mortgage',
  'How to price your property to sell',
  'Moving with children: picking the right neighbourhood',
  'Short lets versus long lets',
  'What to look for at a viewing',
  'Understanding service charges',
  'Why location still matters most',
  'Preparing your home for photos',
];

export function buildDemoArticles(
  random: Random,
  categoryIds: number[],
  photos: ImageRecord[],
  now: Date,
): (typeof s.articles.$inferInsert)[] {
  return ARTICLE_TITLES.map((title, i) => ({
    categoryId: categoryIds[i % categoryIds.length]!,
    title,
    slug: slugify(title),
    description: [
      `<p>${title} is one of the most common topics our readers ask about. Here is what we have learned from thousands of listings.</p>`,
      '<h2>Start with what you need</h2>',
      '<p>Write down the must-haves and the nice-to-haves before you look. It keeps every viewing focused and every decision easier.</p>',
      '<h2>Check the details</h2>',
      '<ul><li>Ask for documents early.</li><li>Compare with similar properties nearby.</li><li>Use the mortgage calculator to test your budget.</li></ul>',
      '<p>When in doubt, talk to a verified agent: they know the local market and the paperwork.</p>',
    ].join(''),
    image: photos[(i + 3) % photos.length]!,
    metaTitle: title.slice(0, 60),
    metaDescription: `${title}: practical advice for buyers, sellers and renters from the marketplace team.`,
    metaKeywords: 'property, real estate, advice',
    viewCount: random.int(10, 900),
    publishedAt: new Date(now.getTime() - (i + 1) * 3 * DAY_MS),
  }));
}

type Feature = (typeof s.packageFeatures.$inferInsert)['feature'];

export function buildDemoPackages(): {
  package: typeof s.packages.$inferInsert;
  features: { feature: Feature; limit: number | null }[];
}[] {
  return [
    {
      package: { name: 'Basic', priceMinor: 1900, durationDays: 30, sortOrder: 1 },
      features: [
        { feature: 'property_list', limit: 10 },
        { feature: 'property_feature', limit: 2 },
        { feature: 'mortgage_calculator_detail', limit: null },
      ],
    },
    {
      package: { name: 'Pro', priceMinor: 4900, durationDays: 90, sortOrder: 2 },
      features: [
        { feature: 'property_list', limit: 50 },
        { feature: 'property_feature', limit: 10 },
        { feature: 'project_list', limit: 5 },
        { feature: 'project_feature', limit: 2 },
        { feature: 'mortgage_calculator_detail', limit: null },
        { feature: 'premium_properties', limit: null },
        { feature: 'project_access', limit: null },
      ],
    },
    {
      package: { name: 'Premium', priceMinor: 9900, durationDays: 365, sortOrder: 3 },
      features: [
        { feature: 'property_list', limit: null },
        { feature: 'property_feature', limit: 50 },
        { feature: 'project_list', limit: null },
        { feature: 'project_feature', limit: 20 },
        { feature: 'mortgage_calculator_detail', limit: null },
        { feature: 'premium_properties', limit: null },
        { feature: 'project_access', limit: null },
      ],
    },
  ];
}

export const DEMO_VERIFICATION_FIELDS: (typeof s.agentVerificationFields.$inferInsert)[] = [
  { name: 'Full legal name', fieldType: 'text', isRequired: true, sortOrder: 0 },
  { name: 'Licence number', fieldType: 'text', isRequired: true, sortOrder: 1 },
  { name: 'Identity document', fieldType: 'file', isRequired: true, sortOrder: 2 },
  {
    name: 'Years of experience',
    fieldType: 'dropdown',
    options: ['Less than 1', '1-3', '3-5', '5-10', 'More than 10'],
    isRequired: false,
    sortOrder: 3,
  },
];
