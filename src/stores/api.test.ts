import { afterEach, describe, expect, it, vi } from 'vitest';
import { $apiActivity, api } from './api.ts';
import { $toasts } from './toasts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

describe('the islands API client', () => {
  it('counts calls in flight for the progress bar and toasts only when asked', async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      ),
    );
    const call = api.post('add_favourite', { property_id: 1, type: 1 }, { toast: true });
    expect($apiActivity.get()).toBe(1);
    release(
      new Response(JSON.stringify({ error: false, message: 'Added to favourites', data: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await call;
    expect($apiActivity.get()).toBe(0);
    expect($toasts.get().map((t) => [t.kind, t.message])).toEqual([['success', 'Added to favourites']]);
  });
});
