/** Client timing rules of spec section 9, in one place so the data cache, stores and shell agree. */

/** Cached data counts as fresh for 10 minutes; within that no request is made. */
export const CACHE_FRESH_MS = 10 * 60 * 1000;
/** Data no screen uses any more is dropped after 5 minutes. */
export const CACHE_GC_MS = 5 * 60 * 1000;
export const REFETCH_ON_FOCUS = false;
/** Retries after the first failure, so at most 4 requests per call. */
export const RETRY_LIMIT = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;
export const TOAST_DURATION_MS = 5000;
/** A toast dragged past 80 % of its width is dismissed. */
export const TOAST_DRAG_DISMISS_RATIO = 0.8;
/** The route-change progress bar never starts below 8 %, so it is visible at once. */
export const PROGRESS_MINIMUM = 0.08;

/** Backoff before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  const exponent = Number.isFinite(attempt) ? Math.max(0, Math.floor(attempt) - 1) : 0;
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS);
}
