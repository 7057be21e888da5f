/** Client timing rules of spec section 9, in one place. */
export const CACHE_FRESH_MS = 10 * 60 * 1000;
export const CACHE_GC_MS = 5 * 60 * 1000;
export const REFETCH_ON_FOCUS = false;
export const RETRY_LIMIT = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_DRAG_DISMISS_RATIO = 0.8;
export const PROGRESS_MINIMUM = 0.08;

/** Backoff before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}
