import sharp from 'sharp';
import type { ImageRecord } from '../db/schema/media-types.ts';
import type { FileStorage } from '../storage/storage.ts';

export const DEFAULT_WIDTHS = [320, 640, 1024, 1600] as const;

export interface VariantOptions {
  /** Storage key prefix, e.g. `properties/42/title`; variants become `<prefix>-<width>.<format>`. */
  keyPrefix: string;
  storage: FileStorage;
  widths?: readonly number[];
  /** AVIF encoding is slow; a low effort keeps uploads and seeding quick at a small size cost. */
  avifEffort?: number;
}

/**
 * Re-encodes an image into WebP and AVIF at several widths (never upscaled), stripping metadata
 * (EXIF location included) and applying the EXIF orientation first.
 */
export async function createImageVariants(input: Uint8Array, options: VariantOptions): Promise<ImageRecord> {
  const { keyPrefix, storage, widths = DEFAULT_WIDTHS, avifEffort = 2 } = options;
  const source = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
  const meta = await source.metadata();
  const sourceWidth = meta.autoOrient?.width ?? meta.width;
  const sourceHeight = meta.autoOrient?.height ?? meta.height;
  if (!sourceWidth || !sourceHeight) throw new Error('Image has no dimensions');
  const fitting = widths.filter((w) => w <= sourceWidth);
  const targets = fitting.length > 0 ? fitting : [sourceWidth];

  const variants: ImageRecord['variants'] = [];
  for (const width of targets) {
    const height = Math.round((sourceHeight * width) / sourceWidth);
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const [webp, avif] = await Promise.all([
      resized.clone().webp({ quality: 78 }).toBuffer(),
      resized.clone().avif({ quality: 55, effort: avifEffort }).toBuffer(),
    ]);
    const webpKey = `${keyPrefix}-${width}.webp`;
    const avifKey = `${keyPrefix}-${width}.avif`;
    await Promise.all([storage.put(webpKey, webp, 'image/webp'), storage.put(avifKey, avif, 'image/avif')]);
    variants.push({ key: webpKey, width, height, format: 'webp' }, { key: avifKey, width, height, format: 'avif' });
  }
  const largest = variants.filter((v) => v.format === 'webp').at(-1)!;
  return { key: largest.key, width: largest.width, height: largest.height, variants };
}
