import { bodyLimit } from 'hono/body-limit';
import { dropCachedReadsAfter } from '../cache/read-cache.ts';
import { AppError } from '../errors.ts';
import { pathHasNul, queryWithNul, refuseNul } from '../nul-text.ts';
import type { ApiDeps } from './context.ts';
import { toErrorResponse } from './error-handler.ts';
import { identify } from './middleware/auth.ts';
import { blockAdminWritesInDemoMode } from './middleware/demo-mode.ts';
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
import { settingsRoutes } from './routes/settings.ts';
import { verificationRoutes } from './routes/verification.ts';
import { newRouter } from './router.ts';

/** The JSON API under /api, built around its dependencies so tests can hand it an in-memory database. */
export function createApi(deps: ApiDeps) {
  const app = newRouter().basePath('/api');
  app.use(async (c, next) => {
    await next();
    dropCachedReadsAfter(c.req.method, c.res.status);
  });
  app.use(requestContext(deps));
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
  app.use(identify);
  app.use('/admin/*', blockAdminWritesInDemoMode);
  app.onError((error, c) => toErrorResponse(error, c));
  app.notFound((c) => toErrorResponse(AppError.notFound('errors.no_such_call'), c));

  app.route('/', healthRoutes);
  app.route('/', settingsRoutes);
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
        'Every reply is `{ error, message, data }`. Login-required calls take `Authorization: Bearer <token>`.',
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  return app;
}

export type Api = ReturnType<typeof createApi>;
