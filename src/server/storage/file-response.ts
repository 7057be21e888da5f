/** A stored file: its bytes and the type it was stored as (never one read from the request). */
export interface StoredFile {
  body: Uint8Array;
  contentType: string;
}

/**
 * The headers that keep a stored file from ever acting as a page of this site. Uploads are kept as uploaded, so one
 * may hold markup the check at upload did not see: with this policy a browser that renders it as a document runs no
 * script, loads nothing, submits no form and gives it an origin of its own (`sandbox`); `nosniff` makes it take the
 * type we name rather than one it guesses from the bytes.
 */
export const STORED_FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
} as const;

/** `filename="..."` with the name as plain ASCII, and `filename*` (RFC 6266) with it whole when that differs. */
function filenameParameters(name: string): string {
  const plain = name.replace(/[^\w .-]/g, '_');
  if (plain === name) return `; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file as the answer to a request, with STORED_FILE_HEADERS: shown in the page (`inline`, for images and
 * recordings) or downloaded, under `name` when given, cached as `cacheControl` says.
 */
export function storedFileResponse(
  file: StoredFile,
  how: { inline: boolean; name?: string; cacheControl: string },
): Response {
  const disposition = (how.inline ? 'inline' : 'attachment') + (how.name ? filenameParameters(how.name) : '');
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': disposition,
      'cache-control': how.cacheControl,
      ...STORED_FILE_HEADERS,
    },
  });
}
