import { CACHE_FRESH_MS, CACHE_GC_MS, RETRY_LIMIT, retryDelay } from '../cache-policy.ts';

/** Every /api reply. */
export interface Envelope<T> {
  error: boolean;
  message: string;
  data: T;
}

/**
 * A failed call. `message` is the envelope's message (already in the caller's language) or the HTTP status
 * text; `body` is the reply as received (parsed JSON, else text), so failure handlers see what the server said.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when no reply arrived (network error or abort). */
    readonly status: number,
    /** The envelope's `data.code`, else `http_<status>`, `network_error` or `aborted`. */
    readonly code: string,
    /** Per-field messages of a validation failure. */
    readonly fields: Record<string, string[]> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /** The caller cancelled: not worth telling the user about. */
  get aborted(): boolean {
    return this.code === 'aborted';
  }
}

type QueryValue = string | number | boolean | undefined | null;

export interface CallOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: Record<string, unknown> | FormData;
  /** Show a toast with the server's message for the outcome (spec: most calls keep toasts off). */
  toast?: boolean;
  /** GETs are cached by default; `false` always goes to the network (and refreshes the cache). */
  cache?: boolean;
  signal?: AbortSignal;
  /** Checks the envelope's data, e.g. a zod schema's `parse`; a throw makes the call fail. */
  parse?: (data: unknown) => T;
  onBegin?: () => void;
  onSuccess?: (data: T, message: string) => void;
  onFailure?: (error: ApiError) => void;
}

export interface ClientHooks {
  fetch?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called with +1 when a network call begins and -1 when it ends (drives the progress bar). */
  onActivity?: (delta: 1 | -1) => void;
  /** Called for calls with `toast: true` that have a message to show. */
  notify?: (kind: 'success' | 'error', message: string) => void;
}

interface Result {
  data: unknown;
  message: string;
}

interface CacheEntry extends Result {
  fetchedAt: number;
  usedAt: number;
}

function abortError(signal: AbortSignal | undefined): ApiError {
  const reason: unknown = signal?.reason;
  return new ApiError(reason instanceof Error ? reason.message : 'Request aborted', 0, 'aborted');
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function isRetriable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.aborted) return false;
  // Network errors (no reply), server errors and rate limiting may pass; a 4xx will not change by asking again.
  return error.status === 0 || error.status >= 500 || error.status === 429;
}

async function readReply(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance: handed on as text.
    return text;
  }
}

function isEnvelope(body: unknown): body is Partial<Envelope<unknown>> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/**
 * The browser's way to call the API (spec sections 4, 8, 9): every call goes through begin, success and failure
 * steps; `error: true` replies and HTTP failures become an ApiError for the failure step; GETs are cached (fresh
 * 10 min, dropped after 5 min unused, never refetched on focus) and retried with backoff (1 s doubling, at most
 * 30 s, 3 retries) on network errors, 5xx and 429. Writes are never retried: a timeout does not prove the server
 * did nothing. Built on fetch itself so the shell stays inside the pages' JavaScript budget.
 */
export function createApiClient(hooks: ClientHooks = {}) {
  const doFetch = hooks.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = hooks.baseUrl ?? '/api';
  const now = hooks.now ?? Date.now;
  const sleep = hooks.sleep ?? defaultSleep;
  const cache = new Map<string, CacheEntry>();
  // Identical GETs made at the same time share one request (only those without their own abort signal).
  const inFlight = new Map<string, Promise<Result>>();

  function sweep(at: number) {
    for (const [key, entry] of cache) if (at - entry.usedAt > CACHE_GC_MS) cache.delete(key);
  }

  function urlFor(path: string, query: Record<string, QueryValue> = {}) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      // Empty optional fields are left out (spec section 5).
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    return `${baseUrl}/${path.replace(/^\/+/, '')}${params.size ? `?${params}` : ''}`;
  }

  async function once(url: string, init: RequestInit, signal?: AbortSignal): Promise<Result> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      throw new ApiError(error instanceof Error ? error.message : String(error), 0, 'network_error');
    }
    const body = await readReply(response);
    const envelope = isEnvelope(body) ? body : {};
    if (!response.ok || envelope.error === true) {
      const data = (isEnvelope(envelope.data) ? envelope.data : {}) as {
        code?: unknown;
        fields?: Record<string, string[]>;
      };
      throw new ApiError(
        (typeof envelope.message === 'string' && envelope.message) || response.statusText || 'Request failed',
        response.status,
        typeof data.code === 'string' ? data.code : `http_${response.status}`,
        isEnvelope(data.fields) ? data.fields : {},
        body,
      );
    }
    return { data: envelope.data, message: typeof envelope.message === 'string' ? envelope.message : '' };
  }

  async function withRetry(url: string, init: RequestInit, retry: boolean, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(url, init, signal);
      } catch (error) {
        if (!retry || attempt >= RETRY_LIMIT || !isRetriable(error)) throw error;
        await sleep(retryDelay(attempt + 1), signal);
      }
    }
  }

  function request(url: string, method: string, options: CallOptions<unknown>): Promise<Result> {
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
    const isGet = method === 'GET';
    const share = isGet && !options.signal;
    const pending = share ? inFlight.get(url) : undefined;
    if (pending) return pending;
    const fresh = withRetry(url, init, isGet, options.signal);
    if (share) {
      inFlight.set(url, fresh);
      void fresh.catch(() => {}).finally(() => inFlight.delete(url));
    }
    return fresh;
  }

  async function call<T = unknown>(path: string, options: CallOptions<T> = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = urlFor(path, options.query);
    const useCache = method === 'GET' && options.cache !== false;
    const parse = options.parse ?? ((data: unknown) => data as T);
    const at = now();
    sweep(at);

    const succeed = (data: T, message: string): T => {
      options.onSuccess?.(data, message);
      if (options.toast && message) hooks.notify?.('success', message);
      return data;
    };
    const fail = (error: unknown): never => {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(error instanceof Error ? error.message : String(error), 0, 'invalid_reply');
      options.onFailure?.(apiError);
      if (options.toast && !apiError.aborted) hooks.notify?.('error', apiError.message);
      throw apiError;
    };

    options.onBegin?.();
    if (options.signal?.aborted) return fail(abortError(options.signal));
    const cached = useCache ? cache.get(url) : undefined;
    if (cached && at - cached.fetchedAt < CACHE_FRESH_MS) {
      cached.usedAt = at;
      try {
        return succeed(parse(cached.data), cached.message);
      } catch (error) {
        return fail(error);
      }
    }

    hooks.onActivity?.(1);
    try {
      const result = await request(url, method, options as CallOptions<unknown>);
      const data = parse(result.data);
      // Only data that passed the check is kept.
      if (method === 'GET') cache.set(url, { ...result, fetchedAt: now(), usedAt: now() });
      return succeed(data, result.message);
    } catch (error) {
      return fail(error);
    } finally {
      hooks.onActivity?.(-1);
    }
  }

  return {
    call,
    get: <T = unknown>(path: string, query?: Record<string, QueryValue>, options: CallOptions<T> = {}) =>
      call<T>(path, { ...options, method: 'GET', query: { ...options.query, ...query } }),
    post: <T = unknown>(path: string, body?: Record<string, unknown> | FormData, options: CallOptions<T> = {}) =>
      call<T>(path, { ...options, method: 'POST', body: body ?? options.body ?? {} }),
    /** Drops cached GETs whose path starts with the prefix (all of them without one), after a write changed them. */
    invalidate(pathPrefix = '') {
      const prefix = `${baseUrl}/${pathPrefix.replace(/^\/+/, '')}`;
      for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
