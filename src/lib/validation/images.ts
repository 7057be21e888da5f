import { validationMessages as m, type ValidationMessage } from './messages.ts';

/** Photos must be JPEG or PNG and at least 120x120 (spec section 5). */
export const IMAGE_MIN_SIDE = 120;
export const ALLOWED_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
/** For <input type="file" accept>; the check below still runs, since accept is only a hint to the picker. */
export const PHOTO_ACCEPT = ALLOWED_PHOTO_TYPES.join(',');

/** Error key when the content type is not JPEG or PNG. Trust the type sniffed from the bytes, not the file name. */
export function checkImageType(contentType: string): ValidationMessage | null {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (ALLOWED_PHOTO_TYPES as readonly string[]).includes(essence) ? null : m.imageType;
}

/** Error key when either side is under 120 pixels (or unknown). */
export function checkImageDimensions(size: { width: number; height: number }): ValidationMessage | null {
  // Written as "not at least" so NaN, from an image that failed to decode, also fails.
  const bigEnough = size.width >= IMAGE_MIN_SIDE && size.height >= IMAGE_MIN_SIDE;
  return bigEnough ? null : m.imageTooSmall;
}

/** Both photo rules; the type is reported first, since dimensions of a wrong file type mean nothing. */
export function checkPhoto(photo: { contentType: string; width: number; height: number }): ValidationMessage | null {
  return checkImageType(photo.contentType) ?? checkImageDimensions(photo);
}
