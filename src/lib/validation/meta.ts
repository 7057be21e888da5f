import { z } from 'zod';
import {
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_MIN,
  META_KEYWORDS_MAX,
  META_TITLE_MAX,
  parseKeywords,
} from '../text.ts';
import { validationMessages as m } from './messages.ts';

/**
 * SEO fields of properties and projects. All optional; an empty description counts as not given, since the
 * 50-character minimum applies only to a description someone wrote.
 */
export const metaFieldsSchema = z.object({
  meta_title: z.string().trim().max(META_TITLE_MAX, m.metaTitleMax).nullish(),
  meta_description: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (v.length >= META_DESCRIPTION_MIN && v.length <= META_DESCRIPTION_MAX),
      m.metaDescriptionLength,
    )
    .nullish(),
  meta_keywords: z
    .string()
    .refine((v) => parseKeywords(v).length <= META_KEYWORDS_MAX, m.metaKeywordsMax)
    .nullish(),
});

export type MetaFields = z.output<typeof metaFieldsSchema>;
