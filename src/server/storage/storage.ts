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

/** Characters a key may hold that need no escaping in a URL path (generated keys hold only these). */
const PLAIN_KEY = /^[\w.~/-]*$/;

/**
 * A key as a URL path, each segment escaped. Generated keys need no escaping, and a list page builds a few hundred
 * image URLs per request, so they are passed through untouched.
 */
export const keyPath = (key: string) => (PLAIN_KEY.test(key) ? key : key.split('/').map(encodeURIComponent).join('/'));
