import { describe, expect, it, vi } from 'vitest';
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
});
