import { createRoute, z } from '@hono/zod-openapi';
import { getSeoSettings, SEO_PAGE_KEYS } from '../../services/seo-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';
import { seoMetaReply } from '../schemas.ts';

const seoPage = z
  .object({
    page: z.enum(SEO_PAGE_KEYS),
    path: z.string().openapi({ description: "The page's address on this site" }),
    ...seoMetaReply,
  })
  .openapi('SeoSettings');

const getSeoSettingsRoute = createRoute({
  method: 'get',
  path: '/get_seo_settings',
  tags: ['settings'],
  summary: "Search-engine texts of the site's pages (title, description, keywords, share image)",
  description:
    `\`page\` one of ${SEO_PAGE_KEYS.join(', ')}; left out, every page. Always a list (of one with \`page\`), each ` +
    'page with the texts the admin set, null where none is set (the page then uses its own). An unknown page ' +
    'answers 422 with the known ones in the message. One text for every language.',
  request: {
    query: z.object({
      page: z
        .preprocess((v) => (v === '' ? undefined : v), z.enum(SEO_PAGE_KEYS).optional())
        .openapi({
          type: 'string',
          enum: [...SEO_PAGE_KEYS],
        }),
    }),
  },
  responses: replies(z.array(seoPage), 'SEO settings'),
});

export const seoRoutes = newRouter().openapi(getSeoSettingsRoute, async (c) =>
  ok(c, await getSeoSettings(c.var, c.req.valid('query').page)),
);
