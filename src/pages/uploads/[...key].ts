import type { APIRoute } from 'astro';
import { isPublicKey } from '../../server/storage/storage.ts';

/**
 * Public files from storage (not private ones, nor project plans and documents, which go through
 * /api/project-file and its project_access check). Keys are content-addressed or never reused: cached for a year.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const key = params.key ?? '';
  if (!/^[\w./-]+$/.test(key) || key.includes('..') || !isPublicKey(key)) return new Response(null, { status: 404 });
  const file = await locals.runtime.deps.storage.get(key);
  if (!file) return new Response(null, { status: 404 });
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      // Uploaded documents must never render as a page of our origin.
      'content-disposition': file.contentType.startsWith('image/') ? 'inline' : 'attachment',
    },
  });
};
