import { afterEach, describe, expect, it } from 'vitest';
import { $toasts, MAX_TOASTS, toast } from './toasts.ts';

afterEach(() => $toasts.set([]));

describe('toasts store', () => {
  it('queues toasts by kind and dismisses by id', () => {
    const a = toast.success('Saved');
    const b = toast.error('shell.unsupported_browser');
    toast.info('Hi');
    expect($toasts.get().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Saved'],
      ['error', 'shell.unsupported_browser'],
      ['info', 'Hi'],
    ]);
    toast.dismiss(b);
    expect($toasts.get().map((t) => t.id)).not.toContain(b);
    expect($toasts.get()[0]!.id).toBe(a);
  });

  it(`shows at most ${MAX_TOASTS} at once, dropping the oldest`, () => {
    for (let i = 0; i < MAX_TOASTS + 2; i++) toast.info(`t${i}`);
    expect($toasts.get().map((t) => t.message)).toEqual(['t2', 't3', 't4', 't5', 't6']);
  });
});
