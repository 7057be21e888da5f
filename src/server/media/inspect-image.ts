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

// Tags that make a browser run a file as a page if it is ever sniffed as HTML (a JPEG/HTML polyglot, say).
const MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed|meta)[\s/>]/i;

/**
 * True when the bytes carry HTML or SVG markup anywhere. Files are stored and served as uploaded (documents,
 * chat files), so a valid image or PDF with a page hidden inside is refused rather than trusted to nosniff.
 * In compressed image or PDF data these byte sequences essentially never occur by chance.
 */
export function carriesMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/**
 * What an uploaded file really is, read from its bytes (never its name or the browser's type):
 * null when it is not an image sharp can decode, or it hides markup.
 */
export async function inspectImage(
  bytes: Uint8Array,
): Promise<{ contentType: string; width: number; height: number } | null> {
  if (carriesMarkup(bytes)) return null;
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
