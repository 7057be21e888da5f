import sharp from 'sharp';

const FORMAT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/heif',
};
/** Refuse decompression bombs: 40 megapixels is more than any phone photo. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * What an uploaded file really is, read from its bytes (never its name or the browser's type):
 * null when it is not an image sharp can decode.
 */
export async function inspectImage(
  bytes: Uint8Array,
): Promise<{ contentType: string; width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const contentType = meta.format ? FORMAT_TYPES[meta.format] : undefined;
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!contentType || !width || !height || width * height > MAX_INPUT_PIXELS) return null;
    return { contentType, width, height };
  } catch {
    return null;
  }
}
