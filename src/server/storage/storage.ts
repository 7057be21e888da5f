/** Where uploaded and generated files live. Local directory by default; an S3 adapter joins in the media issue. */
export interface FileStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Public URL path the browser uses for the key. */
  url(key: string): string;
}

/**
 * Keys under this prefix are private (identity documents, payment receipts): /uploads never serves them; their
 * owners and admins fetch them through authenticated API calls.
 */
export const PRIVATE_PREFIX = 'private/';

/**
 * Project plans and documents stored before they moved under private/ (`projects/u{owner}/doc-...`): they are
 * gated by project_access like the newer ones, so /uploads does not serve them either.
 */
const OLD_PROJECT_DOCUMENT = /^projects\/[^/]+\/doc-/;

/** Whether /uploads (the public address of files) may serve a key: never private files nor project documents. */
export const isPublicKey = (key: string) => !key.startsWith(PRIVATE_PREFIX) && !OLD_PROJECT_DOCUMENT.test(key);

/** A key as generated keys are named: segments of word characters, dots and dashes, none of them empty. */
const SERVABLE_KEY = /^[\w.-]+(?:\/[\w.-]+)*$/;

/**
 * Whether /uploads may look a key up: a public key named as ours are, so never a directory's address with its
 * trailing slash (or an object store's folder marker, `dir/`), an empty segment, or a way out (`..`).
 */
export const isServableKey = (key: string) => SERVABLE_KEY.test(key) && !key.includes('..') && isPublicKey(key);

/** Characters a key may hold that need no escaping in a URL path (generated keys hold only these). */
const PLAIN_KEY = /^[\w.~/-]*$/;

/**
 * A key as a URL path, each segment escaped. Generated keys need no escaping, and a list page builds a few hundred
 * image URLs per request, so they are passed through untouched.
 */
export const keyPath = (key: string) => (PLAIN_KEY.test(key) ? key : key.split('/').map(encodeURIComponent).join('/'));

/**
 * The storage as the API hands it to services: the same files, their addresses absolute on `base` (PUBLIC_URL), so
 * a client on another host can show them (docs/decisions/043). Addresses already absolute (S3_PUBLIC_URL) stay.
 * Pages are served from the site's own origin and keep the storage's paths.
 */
export function withAbsoluteUrls(storage: FileStorage, base: string): FileStorage {
  return {
    put: (key, body, contentType) => storage.put(key, body, contentType),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
    url: (key) => new URL(storage.url(key), base).href,
  };
}
