import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client.ts';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(responses: (() => Response | Promise<Response>)[]) {
  let clock = 0;
  const sleeps: number[] = [];
  const activity: number[] = [];
  const notes: [string, string][] = [];
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onActivity: (d) => activity.push(d),
    notify: (kind, message) => notes.push([kind, message]),
  });
  return { client, fetch, sleeps, activity, notes, advance: (ms: number) => (clock += ms) };
}

describe('api client', () => {
  it('unwraps the envelope and runs begin, success and activity steps', async () => {
    const { client, activity } = setup([() => reply(200, { error: false, message: 'ok', data: { a: 1 } })]);
    const steps: string[] = [];
    const data = await client.call('web-settings', {
      onBegin: () => steps.push('begin'),
      onSuccess: () => steps.push('success'),
    });
    expect(data).toEqual({ a: 1 });
    expect(steps).toEqual(['begin', 'success']);
    expect(activity).toEqual([1, -1]);
  });

  it('sends an envelope error to the failure step with its field messages, without retrying a 4xx', async () => {
    const { client, fetch } = setup([
      () =>
        reply(422, {
          error: true,
          message: 'Check the fields',
          data: { code: 'validation_failed', fields: { email: ['Invalid'] } },
        }),
    ]);
    const onFailure = vi.fn();
    const error = await client
      .call('user-register', { method: 'POST', body: { email: 'x' }, onFailure })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', fields: { email: ['Invalid'] } });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('treats error: true in a 200 reply as a failure', async () => {
    const { client } = setup([() => reply(200, { error: true, message: 'Nope', data: null })]);
    await expect(client.call('x')).rejects.toMatchObject({ message: 'Nope' });
  });

  it('retries GETs on 5xx and network errors with 1 s, 2 s, 4 s backoff, then gives up', async () => {
    const { client, fetch, sleeps } = setup([
      () => reply(503, {}),
      () => Promise.reject(new TypeError('network down')),
      () => reply(500, {}),
      () => reply(502, {}),
    ]);
    await expect(client.call('faqs')).rejects.toMatchObject({ status: 502 });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('succeeds when a retry succeeds', async () => {
    const { client, sleeps } = setup([() => reply(429, {}), () => reply(200, { error: false, message: '', data: 7 })]);
    expect(await client.call('faqs')).toBe(7);
    expect(sleeps).toEqual([1000]);
  });

  it('never retries a write', async () => {
    const { client, fetch } = setup([() => reply(503, {})]);
    await expect(client.call('send_message', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('serves GETs from cache for 10 minutes, then refetches', async () => {
    const { client, fetch, advance } = setup([
      () => reply(200, { error: false, message: '', data: 1 }),
      () => reply(200, { error: false, message: '', data: 2 }),
    ]);
    expect(await client.call('get_categories', { query: { limit: 5, search: '' } })).toBe(1);
    advance(4 * 60_000);
    expect(await client.call('get_categories', { query: { limit: 5 } })).toBe(1);
    advance(4 * 60_000);
    expect(await client.call('get_categories', { query: { limit: 5 } })).toBe(1);
    advance(3 * 60_000);
    expect(await client.call('get_categories', { query: { limit: 5 } })).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('drops cached data unused for 5 minutes', async () => {
    const { client, fetch, advance } = setup([
      () => reply(200, { error: false, message: '', data: 1 }),
      () => reply(200, { error: false, message: '', data: 2 }),
    ]);
    await client.call('faqs');
    advance(5 * 60_000 + 1);
    expect(await client.call('faqs')).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves empty optional query fields out and toasts only when asked', async () => {
    const { client, fetch, notes } = setup([
      () => reply(200, { error: false, message: 'Saved', data: null }),
      () => reply(200, { error: false, message: 'Quiet', data: null }),
    ]);
    await client.call('get_property', { query: { city: '', limit: 2, state: undefined }, toast: true });
    await client.call('faqs');
    expect(fetch.mock.calls[0]![0]).toBe('/api/get_property?limit=2');
    expect(notes).toEqual([['success', 'Saved']]);
  });

  it('sends credentials for this site only, JSON bodies with their type, FormData as is', async () => {
    const { client, fetch } = setup([
      () => reply(200, { error: false, message: '', data: null }),
      () => reply(200, { error: false, message: '', data: null }),
    ]);
    await client.post('contct_us', { first_name: 'A' });
    const form = new FormData();
    form.set('title', 'x');
    await client.post('post_property', form);
    const [jsonCall, formCall] = fetch.mock.calls as unknown as [string, RequestInit][];
    const jsonInit = jsonCall![1];
    const formInit = formCall![1];
    expect(jsonInit).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"first_name":"A"}' });
    expect(jsonInit.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(formInit.body).toBe(form);
    expect(formInit.headers).not.toHaveProperty('content-type');
  });

  it('hands the HTTP failure body to the failure step, JSON or not', async () => {
    const { client } = setup([
      () => reply(403, { error: true, message: 'Admin Only Operation', data: { code: 'forbidden' } }),
      () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    ]);
    const failures: unknown[] = [];
    await client.call('x', { method: 'POST', onFailure: (e) => failures.push(e) }).catch(() => {});
    await client.call('y', { method: 'POST', onFailure: (e) => failures.push(e) }).catch(() => {});
    expect(failures[0]).toMatchObject({
      message: 'Admin Only Operation',
      status: 403,
      code: 'forbidden',
      body: { error: true, message: 'Admin Only Operation', data: { code: 'forbidden' } },
    });
    expect(failures[1]).toMatchObject({
      message: 'Bad Gateway',
      status: 502,
      code: 'http_502',
      body: '<h1>Bad gateway</h1>',
    });
  });

  it('toasts failures only when asked, with the server message', async () => {
    const { client, notes } = setup([
      () => reply(200, { error: true, message: 'Payment failed', data: null }),
      () => reply(200, { error: true, message: 'Quiet failure', data: null }),
    ]);
    await client.call('paypal', { toast: true }).catch(() => {});
    await client.call('paypal', { query: { amount: 1 } }).catch(() => {});
    expect(notes).toEqual([['error', 'Payment failed']]);
  });

  it('serves a cache hit through begin and success without network activity', async () => {
    const { client, fetch, activity } = setup([() => reply(200, { error: false, message: 'ok', data: [1] })]);
    await client.call('get_facilities');
    const steps: string[] = [];
    const data = await client.call('get_facilities', {
      onBegin: () => steps.push('begin'),
      onSuccess: (d) => steps.push(`success ${JSON.stringify(d)}`),
    });
    expect(data).toEqual([1]);
    expect(steps).toEqual(['begin', 'success [1]']);
    expect(activity).toEqual([1, -1]);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('refetches when asked not to use the cache, and after invalidation', async () => {
    const { client, fetch } = setup([
      () => reply(200, { error: false, message: '', data: 1 }),
      () => reply(200, { error: false, message: '', data: 2 }),
      () => reply(200, { error: false, message: '', data: 3 }),
    ]);
    await client.call('get_chats');
    expect(await client.call('get_chats', { cache: false })).toBe(2);
    client.invalidate('get_chats');
    expect(await client.call('get_chats')).toBe(3);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shares one request between identical GETs made together', async () => {
    const { client, fetch } = setup([() => reply(200, { error: false, message: '', data: 'x' })]);
    const [a, b] = await Promise.all([client.call('faqs'), client.call('faqs')]);
    expect([a, b]).toEqual(['x', 'x']);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("checks the data with the caller's parser and caches only what passed", async () => {
    const { client, fetch } = setup([
      () => reply(200, { error: false, message: '', data: 'not a number' }),
      () => reply(200, { error: false, message: '', data: 4 }),
    ]);
    const parse = (d: unknown) => {
      if (typeof d !== 'number') throw new Error('expected a number');
      return d;
    };
    await expect(client.call('count', { parse })).rejects.toMatchObject({ code: 'invalid_reply' });
    expect(await client.call('count', { parse })).toBe(4);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('api client timing and aborts', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 1 s, 2 s, then 4 s between retries of a failing GET', async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const fetch = vi.fn(async () => {
      times.push(Date.now());
      return reply(503, {});
    });
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const start = Date.now();
    const result = client.call('homepage-data').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetch).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(await result).toMatchObject({ status: 503 });
    expect(times.map((t) => t - start)).toEqual([0, 1000, 3000, 7000]);
  });

  it('stops retrying when aborted, without a toast', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => reply(500, {}));
    const notes: string[] = [];
    const client = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      notify: (_kind, message) => notes.push(message),
    });
    const controller = new AbortController();
    const onFailure = vi.fn();
    const result = client
      .call('get_property', { signal: controller.signal, toast: true, onFailure })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledOnce();
    expect(onFailure).toHaveBeenCalledOnce();
    expect(notes).toEqual([]);
  });

  it('fails an aborted fetch as aborted, not as a network error to retry', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      controller.abort();
      throw init?.signal?.reason ?? new Error('aborted');
    });
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(client.call('faqs', { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
