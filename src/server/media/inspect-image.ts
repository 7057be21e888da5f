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

/*
 * HTML a browser would act on if it ever read a stored file as a page (a JPEG/HTML polyglot, say). Files are kept and
 * served as uploaded (documents, chat files, receipts, verification files), so a valid image or PDF that also holds
 * such markup is refused rather than trusted to the headers it is served with.
 *
 * "Any `<` followed by a letter" cannot be the rule: compressed image and PDF data is close to random bytes, where
 * `<` and a letter meet every kilobyte or so, and PDFs hold `<<` dictionaries, `<FEFF...>` hex strings and XMP
 * metadata, which is XML (`<x:xmpmeta xmlns:x=...>`). What the rule looks for instead acts in HTML on its own:
 * - an element that runs, loads, embeds, submits, restyles or redirects, or a page's own parts (`<img `,
 *   `<form>`, `<style>`, `<svg/`, `<!doctype html`), its name followed by what ends a tag name;
 * - an attribute that does so on any element, known or not (`<x onclick=`, `<a href=`, `<p style=`), after
 *   whitespace, `/` or a closing quote, as the HTML tokenizer separates attributes, anywhere after a tag opens.
 * Namespaced XML (`<rdf:li>`, `stEvt:action=`) never matches, and in random bytes these sequences are rare enough
 * that none turned up in a gigabyte of them; a PDF that quotes HTML source in plain text is refused, a known cost.
 */
const ACTIVE_ELEMENTS = (
  'script iframe frame frameset object embed applet portal svg math style link meta base form input button select ' +
  'textarea img image picture source video audio template html head body'
).split(' ');
// HTML's whitespace (not \s, which would also take bytes such as 0xA0 that HTML does not treat as space).
const SPACE = '[\\t\\n\\f\\r ]';
const ACTIVE_ELEMENT = new RegExp(`<(?:!doctype${SPACE}+html|(?:${ACTIVE_ELEMENTS.join('|')})[\\t\\n\\f\\r />])`, 'i');
const TAG_OPENS = /<[a-z]/i;
const ACTIVE_ATTRIBUTE = new RegExp(
  `[\\t\\n\\f\\r /"'](?:on[a-z]{3,}|href|src|srcset|srcdoc|action|formaction|style|data|background|poster)${SPACE}*=`,
  'i',
);

/** True when the bytes carry HTML a browser would act on (see above), anywhere in the file. */
export function carriesMarkup(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (ACTIVE_ELEMENT.test(text)) return true;
  const opens = text.search(TAG_OPENS);
  return opens >= 0 && ACTIVE_ATTRIBUTE.test(text.slice(opens));
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
