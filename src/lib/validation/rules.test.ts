import { describe, expect, it } from 'vitest';
import * as rules from './rules.ts';

describe('rules', () => {
  it('gathers every validation module behind one import', () => {
    for (const name of [
      'validationMessages',
      'requiredText',
      'emailSchema',
      'phoneSchema',
      'passwordSchema',
      'otpSchema',
      'registerSchema',
      'registerFieldsSchema',
      'metaFieldsSchema',
      'locationSchema',
      'contactSchema',
      'chatMessageSchema',
      'reportSchema',
      'isProfileComplete',
      'listingBlock',
      'canAddFloor',
      'IMAGE_MIN_SIDE',
      'ALLOWED_PHOTO_TYPES',
      'checkImageType',
      'checkImageDimensions',
      'checkPhoto',
      'isEmptyValue',
      'dropEmpty',
      'dropEmptyParameters',
    ])
      expect(rules, name).toHaveProperty(name);
  });
});
