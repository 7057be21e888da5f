import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { fieldErrorsFromZod } from '../errors.ts';
import { toErrorResponse } from './error-handler.ts';

/** A sub-app whose zod validation failures become the envelope with field messages (422). */
export function newRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return toErrorResponse(AppError.validation(fieldErrorsFromZod(result.error)), c);
      return undefined;
    },
  });
}
