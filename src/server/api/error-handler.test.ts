import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from './context.ts';
import { toErrorResponse } from './error-handler.ts';

/** An app whose one route fails with `error`, answered as the API answers every failure. */
function failingWith(error: unknown) {
  const app = new Hono<ApiEnv>();
  app.get('/fail', () => {
    throw error;
  });
  app.onError((raised, c) => toErrorResponse(raised, c));
  return app.request('/fail');
}

/** A database error as node-postgres and PGlite raise it, wrapped as Drizzle does: the driver's error as `cause`. */
const databaseError = (code: string) =>
  new Error('Failed query: update property_tally set listings = listings + 1', {
    cause: Object.assign(new Error('deadlock detected'), { code }),
  });

describe('toErrorResponse', () => {
  it('answers a transaction PostgreSQL ended for a concurrent one with 503 and Retry-After, not a server error', async () => {
    for (const code of ['40P01', '40001']) {
      const res = await failingWith(databaseError(code));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ error: true, message: 'errors.busy', data: { code: 'busy' } });
    }
  });

  it('answers a write that referred to a row a concurrent request deleted with 409', async () => {
    const res = await failingWith(databaseError('23503'));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: true, message: 'errors.changed_meanwhile', data: { code: 'conflict' } });
  });

  it('answers text the database cannot store (NUL in text or jsonb) with 400, as bad input', async () => {
    for (const code of ['22021', '22P05']) {
      const res = await failingWith(databaseError(code));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: true, message: 'errors.invalid_text', data: { code: 'bad_request' } });
    }
  });

  it('keeps other database errors server errors, without their text', async () => {
    const res = await failingWith(databaseError('23514'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: true, message: 'errors.server', data: { code: 'server_error' } });
  });
});
