import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { asAppError, isTransientConflict } from '../errors.ts';
import { translateFieldMessages, translateMessage } from '../i18n/translator.ts';
import { logger } from '../logger.ts';
import type { ApiEnv } from './context.ts';

/** The one place an error becomes the envelope. Unknown errors are logged and never shown to the client. */
export function toErrorResponse(error: unknown, c: Context<ApiEnv>): Response {
  const t = c.var.t ?? ((key: string) => key);
  if (isTransientConflict(error))
    logger.warn('a transaction gave way to a concurrent one', { requestId: c.var.requestId, path: c.req.path });
  const known = asAppError(error);
  if (known) {
    if (known.retryAfterSeconds) c.header('retry-after', String(known.retryAfterSeconds));
    const fields = known.fields && translateFieldMessages(known.fields, t);
    return c.json(
      {
        error: true,
        message: translateMessage(t, known.message),
        data: { code: known.code, ...(fields ? { fields } : {}) },
      },
      known.status,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    // Hono raises these for malformed bodies and the like: client mistakes, not server faults.
    const key =
      status === 415
        ? 'errors.unsupported_media_type'
        : status === 413
          ? 'errors.payload_too_large'
          : 'errors.bad_request';
    return c.json({ error: true, message: t(key), data: { code: `http_${status}` } }, status);
  }
  logger.error('unhandled error', { requestId: c.var.requestId, path: c.req.path, error });
  return c.json({ error: true, message: t('errors.server'), data: { code: 'server_error' } }, 500);
}
