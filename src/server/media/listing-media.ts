import { randomBytes } from 'node:crypto';
import { checkImageDimensions } from '../../lib/validation/images.ts';
import type { DocumentRecord, ImageRecord } from '../db/schema/media-types.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../storage/storage.ts';
import { createImageVariants } from './image-variants.ts';
import { carriesMarkup, inspectImage } from './inspect-image.ts';

export const MEDIA_LIMITS = {
  imageMaxBytes: 10 * 1024 * 1024,
  documentMaxBytes: 20 * 1024 * 1024,
  galleryMax: 20,
  documentsMax: 10,
  floorsMax: 50,
} as const;

/** Listing photos may be JPEG, PNG or WebP (the profile photo rule is stricter: JPEG or PNG). */
const LISTING_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const DOCUMENT_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const invalid = (field: string, key: string) => AppError.validation({ [field]: [key] });
const uniquePart = () => randomBytes(6).toString('hex');

/**
 * A listing image: recognised by its bytes, at most 10 MB, at least 120x120, re-encoded into WebP and AVIF
 * variants (metadata stripped) under `keyPrefix`.
 */
export async function storeListingImage(
  storage: FileStorage,
  file: File,
  field: string,
  keyPrefix: string,
): Promise<ImageRecord> {
  if (file.size > MEDIA_LIMITS.imageMaxBytes) throw invalid(field, 'validation.file_too_large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = await inspectImage(bytes);
  if (!info || !LISTING_IMAGE_TYPES.has(info.contentType)) throw invalid(field, 'validation.listing_image_type');
  const tooSmall = checkImageDimensions(info);
  if (tooSmall) throw invalid(field, tooSmall);
  return createImageVariants(bytes, { keyPrefix: `${keyPrefix}-${uniquePart()}`, storage });
}

/** A document as uploaded: a PDF (by its %PDF- header, no markup inside) or an image, at most 20 MB. */
export async function storeDocument(
  storage: FileStorage,
  file: File,
  field: string,
  keyPrefix: string,
): Promise<DocumentRecord> {
  if (file.size > MEDIA_LIMITS.documentMaxBytes) throw invalid(field, 'validation.file_too_large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isPdf = new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-' && !carriesMarkup(bytes);
  const image = isPdf ? null : await inspectImage(bytes);
  const contentType = isPdf
    ? 'application/pdf'
    : image && DOCUMENT_IMAGE_TYPES.has(image.contentType)
      ? image.contentType
      : null;
  if (!contentType) throw invalid(field, 'validation.document_type');
  const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[
    contentType
  ]!;
  const key = `${keyPrefix}-${uniquePart()}.${extension}`;
  await storage.put(key, bytes, contentType);
  // The shown name is the uploader's, cleaned; the stored key never is.
  const name = file.name.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 120) || `document.${extension}`;
  return { key, name, contentType, size: bytes.length };
}

/** Removes an image's files or a document from storage (after the row no longer points at them). */
export async function deleteMedia(
  storage: FileStorage,
  media: ImageRecord | DocumentRecord | null | undefined,
): Promise<void> {
  if (!media) return;
  const keys = 'variants' in media ? media.variants.map((v) => v.key) : [media.key];
  await Promise.all(keys.map((key) => storage.delete(key)));
}
