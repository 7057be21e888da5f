import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';

/** `{ error, message, data }`: the one reply shape of the API. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ error: z.boolean(), message: z.string(), data });
}

export const errorEnvelope = z
  .object({
    error: z.literal(true),
    message: z.string(),
    data: z.object({ code: z.string(), fields: z.record(z.string(), z.array(z.string())).optional() }).nullable(),
  })
  .openapi('Error');

/** A success reply. `messageKey` is translated for the caller's language, with `params` as its values. */
export function ok<T>(c: Context<ApiEnv>, data: T, messageKey = 'api.ok', params?: Record<string, string | number>) {
  return c.json({ error: false as const, message: c.var.t(messageKey, params), data }, 200);
}

/** Standard response docs for a route returning `data`. */
export function replies<T extends z.ZodType>(data: T, description: string) {
  const error = { content: { 'application/json': { schema: errorEnvelope } }, description: 'Error' };
  return {
    200: { content: { 'application/json': { schema: envelope(data) } }, description },
    400: error,
    401: error,
    403: error,
    404: error,
    422: error,
    429: error,
  } as const;
}
