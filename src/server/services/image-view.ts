import type { ImageRecord } from '../db/schema/media-types.ts';
import type { FileStorage } from '../storage/storage.ts';

export interface ImageView {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number; format: 'webp' | 'avif' }[];
}

/** An image as clients receive it: URLs instead of storage keys. */
export function imageView(storage: FileStorage, image: ImageRecord | null | undefined): ImageView | null {
  if (!image) return null;
  return {
    url: storage.url(image.key),
    width: image.width,
    height: image.height,
    variants: image.variants.map((v) => ({
      url: storage.url(v.key),
      width: v.width,
      height: v.height,
      format: v.format,
    })),
  };
}

/** A photo of the caller's own listing: with its storage key, which an edit names to remove it. */
export const ownImageView = (storage: FileStorage, image: ImageRecord) => ({
  ...imageView(storage, image)!,
  key: image.key,
});
