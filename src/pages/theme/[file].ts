import type { APIRoute } from 'astro';
import { brandStylesheet } from '../../server/web/brand.ts';

/**
 * The brand colour as a stylesheet, `/theme/rrggbb.css` (src/server/web/brand.ts). The colour is the address, so the
 * file is the same forever; a page links the current colour's file, and a new colour is a new file.
 */
export const GET: APIRoute = ({ params }) => {
  const css = brandStylesheet(params.file ?? '');
  if (css === null) return new Response(null, { status: 404 });
  return new Response(css, {
    headers: {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    },
  });
};
