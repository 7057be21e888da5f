import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../errors.ts';
import { languageCatalog } from '../../services/language-service.ts';
import { ok, replies } from '../envelope.ts';
import { queryFlag } from '../schemas.ts';
import { newRouter } from '../router.ts';

const languageSummary = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  isRtl: z.boolean(),
  isDefault: z.boolean(),
});

const getLanguages = createRoute({
  method: 'get',
  path: '/get_languages',
  tags: ['languages'],
  summary: 'The active languages; with language_code, that language and its strings',
  request: {
    query: z.object({
      language_code: z
        .string()
        .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/)
        .optional(),
      web_language_file: queryFlag.optional(),
    }),
  },
  responses: replies(
    z.union([z.array(languageSummary), languageSummary.extend({ file: z.record(z.string(), z.unknown()) })]),
    'Languages',
  ),
});

export const languageRoutes = newRouter().openapi(getLanguages, async (c) => {
  const { language_code: code } = c.req.valid('query');
  const catalog = await languageCatalog(c.var.db);
  if (!code) return ok(c, catalog.languages);
  const language = catalog.languages.find((l) => l.code.toLowerCase() === code.toLowerCase());
  if (!language) throw AppError.notFound('errors.language_not_found');
  return ok(c, { ...language, file: catalog.strings(language.code) });
});
