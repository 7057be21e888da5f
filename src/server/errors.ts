import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
// Loading it makes zod's own messages translation keys for every schema the server checks.
import { keyWithValues } from './validation-messages.ts';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the server. `message` is what the user reads (already translated or a
 * translation key the API layer resolves); `fields` carries per-field messages for bad input.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: FieldErrors,
    /** For 429 and 503: seconds until the caller may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  static badRequest(message: string, fields?: FieldErrors): AppError {
    return new AppError('bad_request', 400, message, fields);
  }
  static validation(fields: FieldErrors, message = 'errors.validation'): AppError {
    return new AppError('validation_failed', 422, message, fields);
  }
  static unauthenticated(message = 'errors.login_required'): AppError {
    return new AppError('unauthenticated', 401, message);
  }
  static forbidden(message = 'errors.forbidden'): AppError {
    return new AppError('forbidden', 403, message);
  }
  static notFound(message = 'errors.not_found'): AppError {
    return new AppError('not_found', 404, message);
  }
  static conflict(message: string): AppError {
    return new AppError('conflict', 409, message);
  }
  /** The database gave way to a concurrent change (see `isTransientConflict`): nothing was written. */
  static busy(): AppError {
    return new AppError('busy', 503, 'errors.busy', undefined, 1);
  }
  /** "Too many attempts", saying in how many minutes the caller may try again (the Retry-After, rounded up). */
  static tooManyRequests(retryAfterSeconds: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    const message = keyWithValues('errors.too_many_requests', { count: Math.ceil(seconds / 60) });
    return new AppError('rate_limited', 429, message, undefined, seconds);
  }
}

/** The SQLSTATE of a database error, as the drivers raise it or as Drizzle wraps it (`cause`). */
export function databaseErrorCode(error: unknown): string | undefined {
  const raised = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = raised?.cause?.code ?? raised?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique constraint refused the write (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/**
 * PostgreSQL ended the transaction so that a concurrent one could finish (a deadlock, say two writers of listings
 * updating the same counts in opposite orders, or a serialization failure): it wrote nothing, and the same request
 * sent again succeeds.
 */
export const isTransientConflict = (error: unknown) => ['40P01', '40001'].includes(databaseErrorCode(error) ?? '');

const FOREIGN_KEY_VIOLATION = '23503';
/** Text PostgreSQL cannot store: a NUL in text (invalid byte sequence) or in jsonb (untranslatable character). */
const UNSTORABLE_TEXT = ['22021', '22P05'];

/**
 * What the user is told about an error, as an AppError: the services' own errors, bad input (zod, or text the
 * database cannot store), a transaction the database ended for a concurrent one, and a write whose references a
 * concurrent request broke.
 * Undefined for a real fault, which the caller logs or lets fail.
 */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return AppError.validation(fieldErrorsFromZod(error));
  if (isTransientConflict(error)) return AppError.busy();
  // A row the write refers to is gone, or one it deletes is still referred to, by a concurrent request's doing (a
  // listing, an account): nothing was written.
  if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) return AppError.conflict('errors.changed_meanwhile');
  // Input the ways in should have refused (src/server/nul-text.ts): the caller's text, not a fault of ours.
  if (UNSTORABLE_TEXT.includes(databaseErrorCode(error) ?? '')) return AppError.badRequest('errors.invalid_text');
  return undefined;
}

/** A zod failure as field messages: `parameters.0.value` -> its messages (`_` for the whole input), each once. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const messages = (fields[issue.path.join('.') || '_'] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}
