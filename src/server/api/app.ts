import { bodyLimit } from 'hono/body-limit';
import { dropCachedReadsAfter } from '../cache/read-cache.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { MAX_INPUT_DEPTH } from '../input-depth.ts';
import { pathHasNul, queryWithNul, refuseNul } from '../nul-text.ts';
import { withAbsoluteUrls } from '../storage/storage.ts';
import type { ServerDeps } from '../platform/deps.ts';
import { toErrorResponse } from './error-handler.ts';
import { refuseCrossSiteWrites } from './middleware/auth.ts';
import { crossOrigin } from './middleware/cross-origin.ts';
import { blockWritesInDemoMode } from './middleware/demo-mode.ts';
import { noSuchCall } from './middleware/no-such-call.ts';
import { requestContext } from './middleware/request-context.ts';
import { calculatorRoutes } from './routes/calculators.ts';
import { adminAuditRoutes } from './routes/admin-audit.ts';
import { adminContentRoutes } from './routes/admin-content.ts';
import { adminModerationRoutes } from './routes/admin-moderation.ts';
import { adminSettingsRoutes } from './routes/admin-settings.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { advertisementRoutes } from './routes/advertisements.ts';
import { agentRoutes } from './routes/agents.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { chatRoutes } from './routes/chat.ts';
import { contentRoutes } from './routes/content.ts';
import { engagementRoutes } from './routes/engagement.ts';
import { healthRoutes } from './routes/health.ts';
import { languageRoutes } from './routes/languages.ts';
import { mapRoutes } from './routes/map.ts';
import { myProjectRoutes } from './routes/my-projects.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { myPropertyRoutes } from './routes/my-properties.ts';
import { packageRoutes } from './routes/packages.ts';
import { paymentRoutes } from './routes/payments.ts';
import { personalisedRoutes } from './routes/personalised.ts';
import { profileRoutes } from './routes/profile.ts';
import { projectRoutes } from './routes/projects.ts';
import { propertyRoutes } from './routes/properties.ts';
import { pushRoutes } from './routes/push.ts';
import { seoRoutes } from './routes/seo.ts';
import { settingsRoutes } from './routes/settings.ts';
import { verificationRoutes } from './routes/verification.ts';
import { newRouter } from './router.ts';

/** The JSON API under /api, built around its dependencies so tests can hand it an in-memory database. */
export function createApi(deps: ServerDeps) {
  const app = newRouter().basePath('/api');
  app.use(async (c, next) => {
    await next();
    dropCachedReadsAfter(c.req.method, c.res.status);
  });
  // Replies name files absolutely, for clients on other hosts (docs/decisions/043); pages keep paths.
  app.use(requestContext({ ...deps, storage: withAbsoluteUrls(deps.storage, env().PUBLIC_URL) }));
  app.use(crossOrigin);
  app.use(async (c, next) => {
    if (c.env?.failure !== undefined) throw c.env.failure;
    await next();
  });
  app.use(
    bodyLimit({
      maxSize: 25 * 1024 * 1024,
      onError: () => {
        throw new AppError('payload_too_large', 413, 'errors.payload_too_large');
      },
    }),
  );
  app.use(async (c, next) => {
    // NUL in the path names nothing there is; in the query it is bad input, named by its parameter (nul-text.ts).
    const url = new URL(c.req.url);
    if (pathHasNul(url)) throw AppError.notFound();
    refuseNul(queryWithNul(url));
    await next();
  });
  app.use(refuseCrossSiteWrites);
  app.use(blockWritesInDemoMode);
  app.onError((error, c) => toErrorResponse(error, c));
  app.notFound(noSuchCall(app));

  app.route('/', healthRoutes);
  app.route('/', settingsRoutes);
  app.route('/', seoRoutes);
  app.route('/', languageRoutes);
  app.route('/', catalogRoutes);
  app.route('/', contentRoutes);
  app.route('/', authRoutes);
  app.route('/', profileRoutes);
  app.route('/', myPropertyRoutes);
  app.route('/', packageRoutes);
  app.route('/', advertisementRoutes);
  app.route('/', paymentRoutes);
  app.route('/', propertyRoutes);
  app.route('/', mapRoutes);
  app.route('/', engagementRoutes);
  app.route('/', agentRoutes);
  app.route('/', projectRoutes);
  app.route('/', myProjectRoutes);
  app.route('/', calculatorRoutes);
  app.route('/', verificationRoutes);
  app.route('/', personalisedRoutes);
  app.route('/', chatRoutes);
  app.route('/', notificationRoutes);
  app.route('/', pushRoutes);
  app.route('/', adminModerationRoutes);
  app.route('/', adminUserRoutes);
  app.route('/', adminAuditRoutes);
  app.route('/', adminSettingsRoutes);
  app.route('/', adminContentRoutes);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Property marketplace API',
      version: '1.0.0',
      description:
        'Every reply is `{ error, message, data }`; field messages are in `data.fields`, under the names the ' +
        'client sent. Login-required calls take `Authorization: Bearer <token>`. Lists page by `offset`/`limit` ' +
        '(`get_messages`: `page`/`per_page`): left out or empty, the default; a page size above the largest is ' +
        'served as the largest (the reply says which); a negative, fractional or non-numeric value, an offset past ' +
        '1000000 or a page past 10000 answers 422 naming it. A query parameter a call does not list answers 400 ' +
        '`unknown_parameter` naming it; `lang` (the reply language) is taken by every call.' +
        ' ' +
        'A token that signs nobody in (unknown, expired, revoked, malformed) makes the caller a visitor: public and ' +
        'optional-token calls answer as usual with the header `X-Session-Ended: invalid` (`deactivated` when an admin ' +
        'deactivated the account), and login-required calls answer 401 (code `unauthenticated`, or ' +
        '`account_deactivated`) with that header. ' +
        'Pages of other sites may call it from the browser when the site allows their origin (CORS); file addresses in replies are absolute. ' +
        `A method a path does not take answers 405 with \`Allow\`; a body nested more than ${MAX_INPUT_DEPTH} levels, 400.`,
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  return app;
}

export type Api = ReturnType<typeof createApi>;
