import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { jsonNestsTooDeep, TOO_DEEP } from '../input-depth.ts';
import { refuseNul } from '../nul-text.ts';
import type { ApiEnv } from './context.ts';
import { nestFormEntries, type Nested } from '../platform/form-fields.ts';

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

/**
 * The body of a write as a plain object, whether it came as JSON (API clients) or as form data (the spec's
 * multipart calls). Files are kept apart so services never mistake them for text.
 */
export async function readBody(c: Context<ApiEnv>): Promise<ParsedBody> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await c.req.text();
    if (jsonNestsTooDeep(text)) throw AppError.badRequest(TOO_DEEP);
    const json = parseJsonOrNull(text);
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw AppError.badRequest('errors.bad_request');
    refuseNul(json);
    return { fields: json as Record<string, unknown>, files: {} };
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody({ all: true }).catch(() => {
      throw AppError.badRequest('errors.bad_request');
    });
    const fields: Record<string, unknown> = {};
    const files: Record<string, File> = {};
    for (const [key, value] of Object.entries(form)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (first instanceof File) files[key] = first;
      else fields[key] = value;
    }
    refuseNul(fields);
    return { fields, files };
  }
  if (!type && c.req.header('content-length') === undefined) return { fields: {}, files: {} };
  throw new AppError('unsupported_media_type', 415, 'errors.unsupported_media_type');
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function fileBytes(file: File | undefined): Promise<Uint8Array | null> {
  return file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}

/** Like readBody, for calls whose forms send lists with bracket keys (`parameters[0][value]`, `gallery_images[]`). */
export async function readNestedBody(c: Context<ApiEnv>): Promise<Nested> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.raw.formData().catch(() => {
      throw AppError.badRequest('errors.bad_request');
    });
    const fields = nestFormEntries(form.entries());
    refuseNul(fields);
    return fields;
  }
  return (await readBody(c)).fields as Nested;
}
