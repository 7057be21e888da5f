import type { APIRoute } from 'astro';
import { storedFileResponse } from '../../server/storage/file-response.ts';
import { isServableKey } from '../../server/storage/storage.ts';

/**
 * Public files from storage (not private ones, nor project plans and documents, which go through
 * /api/project-file and its project_access check). Keys are content-addressed or never reused: cached for a year.
 * Anything that is not such a file (a directory, a private key, a name we never generate) is missing.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const key = params.key ?? '';
  const file = isServableKey(key) ? await locals.runtime.deps.storage.get(key) : null;
  if (!file) return new Response(null, { status: 404 });
  // Images are shown in place; uploaded documents are downloaded.
  const inline = file.contentType.startsWith('image/');
  return storedFileResponse(file, { inline, cacheControl: 'public, max-age=31536000, immutable' });
};
