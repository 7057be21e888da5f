import { createRoute, z } from '@hono/zod-openapi';
import { contactSchema } from '../../../lib/validation/contact.ts';
import { getArticle, listArticles } from '../../services/article-service.ts';
import { sendContactMessage } from '../../services/contact-service.ts';
import { listFaqs } from '../../services/content-service.ts';
import { readBody } from '../body.ts';
import { clientInfo } from '../client-info.ts';
import { ok, replies } from '../envelope.ts';
import { page } from '../../../features/common/contract.ts';
import { paginationQuery } from '../schemas.ts';
import { newRouter, requestBody } from '../router.ts';

const faqsRoute = createRoute({
  method: 'get',
  path: '/faqs',
  tags: ['content'],
  summary: 'Frequently asked questions',
  request: { query: paginationQuery },
  responses: replies(page(z.object({ id: z.number(), question: z.string(), answer: z.string() })), 'FAQs'),
});

const articlesRoute = createRoute({
  method: 'get',
  path: '/get_articles',
  tags: ['content'],
  summary: 'Published articles: a page of them, or one by id or slug_id (with its sanitised HTML and related)',
  request: {
    query: paginationQuery.extend({
      id: z.coerce.number().int().positive().optional(),
      slug_id: z.string().trim().min(1).max(200).optional(),
      category_id: z.coerce.number().int().positive().optional(),
    }),
  },
  responses: replies(z.record(z.string(), z.unknown()).openapi('Articles'), 'Articles'),
});

const contactRoute = createRoute({
  method: 'post',
  path: '/contct_us',
  tags: ['content'],
  summary: 'Send a message to the site owners (the spec spells the path this way)',
  description: 'Body (JSON or form): first_name, last_name, email, subject, message. At most 5 an hour per address.',
  request: { body: requestBody(contactSchema) },
  responses: replies(z.object({ id: z.number() }), 'Message received'),
});

export const contentRoutes = newRouter()
  .openapi(faqsRoute, async (c) => ok(c, await listFaqs(c.var.db, c.req.valid('query'))))
  .openapi(articlesRoute, async (c) => {
    const { id, slug_id, category_id, offset, limit } = c.req.valid('query');
    if (id || slug_id) return ok(c, await getArticle(c.var, id ? { id } : { slug: slug_id! }, c.var.t.lang));
    return ok(c, await listArticles(c.var, { categoryId: category_id }, { offset, limit }, c.var.t.lang));
  })
  .openapi(contactRoute, async (c) => {
    const { fields } = await readBody(c);
    return ok(c, await sendContactMessage(c.var, c.var.user, fields, clientInfo(c), c.var.t), 'contact.sent');
  });
