import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PHOTO_TYPES,
  IMAGE_MIN_SIDE,
  PHOTO_ACCEPT,
  checkImageDimensions,
  checkImageType,
  checkPhoto,
} from './images.ts';
import { validationMessages as m } from './messages.ts';

describe('image rules', () => {
  it('are JPEG or PNG of at least 120x120', () => {
    expect(IMAGE_MIN_SIDE).toBe(120);
    expect(ALLOWED_PHOTO_TYPES).toEqual(['image/jpeg', 'image/png']);
    expect(PHOTO_ACCEPT).toBe('image/jpeg,image/png');
  });
});

describe('checkImageType', () => {
  it('accepts JPEG and PNG, in any case and with parameters', () => {
    expect(checkImageType('image/jpeg')).toBeNull();
    expect(checkImageType('image/png')).toBeNull();
    expect(checkImageType('IMAGE/PNG; foo=bar')).toBeNull();
  });

  it('refuses anything else', () => {
    for (const type of ['image/webp', 'image/gif', 'image/svg+xml', 'application/pdf', ''])
      expect(checkImageType(type)).toBe(m.imageType);
  });
});

describe('checkImageDimensions', () => {
  it('needs both sides at least 120', () => {
    expect(checkImageDimensions({ width: 120, height: 120 })).toBeNull();
    expect(checkImageDimensions({ width: 4000, height: 3000 })).toBeNull();
    expect(checkImageDimensions({ width: 119, height: 500 })).toBe(m.imageTooSmall);
    expect(checkImageDimensions({ width: 500, height: 119 })).toBe(m.imageTooSmall);
    expect(checkImageDimensions({ width: Number.NaN, height: 500 })).toBe(m.imageTooSmall);
  });
});

describe('checkPhoto', () => {
  it('checks the type first, then the size', () => {
    expect(checkPhoto({ contentType: 'image/png', width: 120, height: 120 })).toBeNull();
    expect(checkPhoto({ contentType: 'image/webp', width: 10, height: 10 })).toBe(m.imageType);
    expect(checkPhoto({ contentType: 'image/jpeg', width: 119, height: 500 })).toBe(m.imageTooSmall);
  });
});
