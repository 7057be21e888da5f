import { categoryEntity, cityEntity, facilityEntity, parameterEntity, reportReasonEntity } from './catalog-entities.ts';
import { articleCategoryEntity, articleEntity, faqEntity, verificationFieldEntity } from './content-entities.ts';
import type { AdminEntity } from './entity.ts';
import { languageEntity } from './language-entity.ts';
import { packageEntity } from './package-entity.ts';
import { seoSettingsEntity } from './seo-entity.ts';

/** Everything the console edits through the generic list and form, in the order the content index shows it. */
export const ADMIN_ENTITIES: readonly AdminEntity[] = [
  categoryEntity,
  parameterEntity,
  facilityEntity,
  cityEntity,
  reportReasonEntity,
  packageEntity,
  articleCategoryEntity,
  articleEntity,
  faqEntity,
  languageEntity,
  verificationFieldEntity,
  seoSettingsEntity,
];

export const findEntity = (name: string) => ADMIN_ENTITIES.find((e) => e.name === name) ?? null;
