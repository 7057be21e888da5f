import { z } from 'zod';
import { sanitizeRichText } from '../../content/rich-text.ts';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import {
  agentVerificationFields,
  agentVerificationValues,
  articleCategories,
  articles,
  faqs,
} from '../../db/schema/index.ts';
import { isReferenced, listArticleCategoryNames } from '../../repositories/admin-content-repository.ts';
import { imageView } from '../image-view.ts';
import { FIELD_TYPES, typedFieldSchema } from './catalog-entities.ts';
import {
  activeFlag,
  defineEntity,
  flag,
  imageFor,
  imageSpec,
  META_SPECS,
  metaFields,
  name,
  NAMES_SPEC,
  order,
  slugFor,
  slugInput,
  labelFrom,
  translatedNames,
} from './entity.ts';
import { validationMessages as m } from '../../../lib/validation/messages.ts';

export const articleCategoryEntity = defineEntity({
  name: 'article-categories',
  audit: 'article_category',
  label: labelFrom('name'),
  table: articleCategories,
  search: [articleCategories.name, articleCategories.slug],
  orderBy: [articleCategories.name],
  fields: [
    { name: 'name', kind: 'text', required: true, column: true, hint: true },
    NAMES_SPEC,
    { name: 'slug', kind: 'text', column: true, hint: true },
  ],
  schema: z.object({ name: name(), names: translatedNames(), slug: slugInput }),
  toColumns: async (v, ctx) => ({
    name: v.name,
    names: v.names,
    slug: await slugFor(ctx, articleCategories, v.slug, v.name),
  }),
  view: (row) => ({ id: row.id, name: row['name'], names: row['names'], slug: row['slug'] }),
});

export const articleEntity = defineEntity({
  name: 'articles',
  audit: 'article',
  label: labelFrom('title'),
  table: articles,
  search: [articles.title, articles.slug],
  orderBy: [{ desc: articles.createdAt }],
  fields: [
    { name: 'title', kind: 'text', required: true, column: true },
    { name: 'slug', kind: 'text', column: true, hint: true },
    { name: 'category_id', kind: 'select' },
    { name: 'description', kind: 'richtext', required: true, hint: true },
    imageSpec,
    { name: 'published', kind: 'checkbox', column: true },
    ...META_SPECS,
  ],
  schema: z.object({
    title: name(200),
    slug: slugInput,
    category_id: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number().int().positive().max(MAX_ID).nullable(),
    ),
    // Sanitised on save (and again when shown): what is stored is what may be shown.
    description: z
      .string({ error: m.required })
      .max(200_000, 'admin.errors.too_long')
      .transform(sanitizeRichText)
      .refine((html) => html.trim().length > 0, m.required),
    published: flag,
    ...metaFields,
  }),
  toColumns: async (v, ctx) => ({
    title: v.title,
    slug: await slugFor(ctx, articles, v.slug, v.title),
    categoryId: v.category_id,
    description: v.description,
    image: await imageFor(ctx),
    // Publishing keeps the first publication date; unpublishing clears it.
    publishedAt: v.published ? ((ctx.current?.['publishedAt'] as Date | null) ?? new Date()) : null,
    metaTitle: v.meta_title,
    metaDescription: v.meta_description,
    metaKeywords: v.meta_keywords,
    updatedAt: new Date(),
  }),
  view: (row, _links, deps) => ({
    id: row.id,
    title: row['title'],
    slug: row['slug'],
    category_id: row['categoryId'],
    description: row['description'],
    image: imageView(deps.storage, row['image'] as never),
    published: row['publishedAt'] !== null,
    published_at: (row['publishedAt'] as Date | null)?.toISOString() ?? null,
    meta_title: row['metaTitle'],
    meta_description: row['metaDescription'],
    meta_keywords: row['metaKeywords'],
  }),
  async choices(db) {
    const rows = await listArticleCategoryNames(db);
    return { category_id: [{ value: '', label: '' }, ...rows.map((r) => ({ value: String(r.id), label: r.name }))] };
  },
});

export const faqEntity = defineEntity({
  name: 'faqs',
  audit: 'faq',
  label: labelFrom('question'),
  table: faqs,
  search: [faqs.question, faqs.answer],
  orderBy: [faqs.sortOrder, faqs.id],
  fields: [
    { name: 'question', kind: 'text', required: true, column: true },
    { name: 'answer', kind: 'textarea', required: true },
    { name: 'sort_order', kind: 'number', column: true },
    { name: 'is_active', kind: 'checkbox', column: true },
  ],
  schema: z.object({ question: name(300), answer: name(5000), sort_order: order, is_active: activeFlag }),
  toColumns: async (v) => ({ question: v.question, answer: v.answer, sortOrder: v.sort_order, isActive: v.is_active }),
  view: (row) => ({
    id: row.id,
    question: row['question'],
    answer: row['answer'],
    sort_order: row['sortOrder'],
    is_active: row['isActive'],
  }),
});

export const verificationFieldEntity = defineEntity({
  name: 'verification-fields',
  audit: 'verification_field',
  label: labelFrom('name'),
  table: agentVerificationFields,
  // Applicants are asked what the site needs to verify them: a new field starts required (as the seeded ones are).
  newDefaults: { is_required: true },
  search: [agentVerificationFields.name],
  orderBy: [agentVerificationFields.sortOrder, agentVerificationFields.id],
  fields: [
    { name: 'name', kind: 'text', required: true, column: true },
    { name: 'type', kind: 'select', choices: FIELD_TYPES, choiceLabels: 'admin.field_types', column: true },
    { name: 'options', kind: 'lines', hint: true },
    { name: 'is_required', kind: 'checkbox', column: true },
    { name: 'sort_order', kind: 'number', column: true },
    { name: 'is_active', kind: 'checkbox', column: true },
  ],
  schema: typedFieldSchema,
  toColumns: async (v) => ({
    name: v.name,
    fieldType: v.type,
    options: v.options,
    isRequired: v.is_required,
    sortOrder: v.sort_order,
    isActive: v.is_active,
  }),
  view: (row) => ({
    id: row.id,
    name: row['name'],
    type: row['fieldType'],
    options: row['options'],
    is_required: row['isRequired'],
    sort_order: row['sortOrder'],
    is_active: row['isActive'],
  }),
  // Applicants' answers point at the field: it is switched off, so their applications stay readable.
  inUse: (db, row) => isReferenced(db, agentVerificationValues, agentVerificationValues.fieldId, row.id),
  activeColumn: 'isActive',
});
