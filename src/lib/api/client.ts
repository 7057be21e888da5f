import { CACHE_FRESH_MS, CACHE_GC_MS, RETRY_LIMIT, retryDelay } from '../cache-policy.ts';

/** Every /api reply. */
export interface Envelope<T> {
  error: boolean;
  message: string;
  data: T;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: Record<string, unknown> | FormData;
  /** Show a toast for the outcome (spec: most calls keep toasts off). */
  toast?: boolean;
  /** GETs are cached by default; `false` always goes to the network. */
  cache?: boolean;
  signal?: AbortSignal;
  onBegin?: () => void;
  onSuccess?: (data: unknown, message: string) => void;
  onFailure?: (error: ApiError) => void;
}

export interface ClientHooks {
  fetch?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called with +1 when a call begins and -1 when it ends (drives the progress bar). */
  onActivity?: (delta: 1 | -1) => void;
  /** Called for calls with `toast: true`. */
  notify?: (kind: 'success' | 'error', message: string) => void;
}

interface CacheEntry {
  data: unknown;
  message: string;
  fetchedAt: number;
  usedAt: number;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * The browser's way to call the API: begin/success/failure steps, envelope errors raised as ApiError,
 * GETs cached (fresh 10 min, dropped after 5 min unused) and retried with backoff on network errors, 5xx
 * and 429. Writes are never retried: a timeout does not prove the server did nothing.
 */
export function createApiClient(hooks: ClientHooks = {}) {
  const doFetch = hooks.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = hooks.baseUrl ?? '/api';
  const now = hooks.now ?? Date.now;
  const sleep = hooks.sleep ?? defaultSleep;
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<{ data: unknown; message: string }>>();

  function sweep(at: number) {
    for (const [key, entry] of cache) if (at - entry.usedAt > CACHE_GC_MS) cache.delete(key);
  }

  async function once(url: string, init: RequestInit): Promise<{ data: unknown; message: string }> {
    const response = await doFetch(url, init);
    let body: Partial<Envelope<unknown>> & { data?: { code?: string; fields?: Record<string, string[]> } | unknown } =
      {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // A non-JSON reply (proxy error page) still fails below with the status.
    }
    if (!response.ok || body.error) {
      const data = (body.data ?? {}) as { code?: string; fields?: Record<string, string[]> };
      throw new ApiError(
        body.message || response.statusText || 'Request failed',
        response.status,
        data.code ?? `http_${response.status}`,
        data.fields,
      );
    }
    return { data: body.data, message: body.message ?? '' };
  }

  async function withRetry(url: string, init: RequestInit, retry: boolean, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(url, init);
      } catch (error) {
        const retriable =
          error instanceof ApiError ? error.status >= 500 || error.status === 429 : !(signal?.aborted ?? false);
        if (!retry || !retriable || attempt >= RETRY_LIMIT) throw error;
        await sleep(retryDelay(attempt + 1), signal);
      }
    }
  }

  async function call<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      // Empty optional fields are left out (spec section 5).
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const url = `${baseUrl}/${path.replace(/^\//, '')}${params.size ? `?${params}` : ''}`;
    const useCache = method === 'GET' && options.cache !== false;
    const at = now();
    sweep(at);
    const cached = useCache ? cache.get(url) : undefined;
    if (cached && at - cached.fetchedAt < CACHE_FRESH_MS) {
      cached.usedAt = at;
      return cached.data as T;
    }

    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: options.signal ?? null,
    };
    if (options.body instanceof FormData) init.body = options.body;
    else if (options.body) {
      init.body = JSON.stringify(options.body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }

    options.onBegin?.();
    hooks.onActivity?.(1);
    try {
      let pending = method === 'GET' ? inFlight.get(url) : undefined;
      if (!pending) {
        pending = withRetry(url, init, method === 'GET', options.signal);
        if (method === 'GET') {
          inFlight.set(url, pending);
          void pending.catch(() => {}).finally(() => inFlight.delete(url));
        }
      }
      const result = await pending;
      if (useCache) cache.set(url, { ...result, fetchedAt: now(), usedAt: now() });
      options.onSuccess?.(result.data, result.message);
      if (options.toast) hooks.notify?.('success', result.message);
      return result.data as T;
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(error instanceof Error ? error.message : String(error), 0, 'network_error');
      options.onFailure?.(apiError);
      if (options.toast) hooks.notify?.('error', apiError.message);
      throw apiError;
    } finally {
      hooks.onActivity?.(-1);
    }
  }

  return {
    call,
    /** Drops cached GETs whose URL starts with the path, after a write changed them. */
    invalidate(pathPrefix = '') {
      const prefix = `${baseUrl}/${pathPrefix.replace(/^\//, '')}`;
      for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
