import { createRoute, z } from '@hono/zod-openapi';
import { listFaqs } from '../../services/content-service.ts';
import { ok, replies } from '../envelope.ts';
import { page, paginationQuery } from '../schemas.ts';
import { newRouter } from '../router.ts';

const faqsRoute = createRoute({
  method: 'get',
  path: '/faqs',
  tags: ['content'],
  summary: 'Frequently asked questions',
  request: { query: paginationQuery },
  responses: replies(page(z.object({ id: z.number(), question: z.string(), answer: z.string() })), 'FAQs'),
});

export const contentRoutes = newRouter().openapi(faqsRoute, async (c) =>
  ok(c, await listFaqs(c.var.db, c.req.valid('query'))),
);
