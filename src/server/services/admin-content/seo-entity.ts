import { z } from 'zod';
import { metaFieldsSchema } from '../../../lib/validation/meta.ts';
import { seoSettings } from '../../db/schema/index.ts';
import type { ImageRecord } from '../../db/schema/media-types.ts';
import { AppError } from '../../errors.ts';
import { valueTaken } from '../../repositories/admin-content-repository.ts';
import { imageView } from '../image-view.ts';
import { SEO_PAGE_KEYS } from '../seo-service.ts';
import { defineEntity, imageSpec, labelFrom } from './entity.ts';

/** A page's search-engine texts, one entry per page: what get_seo_settings serves and the page's <head> shows. */
export const seoSettingsEntity = defineEntity({
  name: 'seo-settings',
  audit: 'seo_settings',
  label: labelFrom('page'),
  table: seoSettings,
  search: [seoSettings.page, seoSettings.metaTitle],
  orderBy: [seoSettings.page],
  fields: [
    {
      name: 'page',
      kind: 'select',
      required: true,
      choices: SEO_PAGE_KEYS,
      choiceLabels: 'admin.seo_pages',
      column: true,
    },
    { name: 'meta_title', kind: 'text', column: true, hint: true },
    { name: 'meta_description', kind: 'textarea', hint: true },
    { name: 'meta_keywords', kind: 'text', hint: true },
    { ...imageSpec, name: 'meta_image' },
  ],
  schema: metaFieldsSchema.extend({ page: z.enum(SEO_PAGE_KEYS, { error: 'admin.errors.seo_page' }) }),
  toColumns: async (v, ctx) => {
    if (await valueTaken(ctx.tx, seoSettings, seoSettings.page, v.page, ctx.current?.id ?? null))
      throw AppError.validation({ page: ['admin.errors.seo_page_taken'] });
    return {
      page: v.page,
      metaTitle: v.meta_title || null,
      metaDescription: v.meta_description || null,
      metaKeywords: v.meta_keywords?.trim() || null,
      // The share image is the row's `image`, so the console's save cleans up a replaced one as for other images.
      image: ctx.files['meta_image']
        ? await ctx.media.image(ctx.files['meta_image'], 'meta_image')
        : ((ctx.current?.['image'] as ImageRecord | null | undefined) ?? null),
    };
  },
  view: (row, _links, deps) => ({
    id: row.id,
    page: row['page'],
    meta_title: row['metaTitle'],
    meta_description: row['metaDescription'],
    meta_keywords: row['metaKeywords'],
    meta_image: imageView(deps.storage, row['image'] as never),
  }),
});
