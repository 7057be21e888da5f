import { afterEach, describe, expect, it } from 'vitest';
import { requestStop } from './lifecycle.ts';

// Where scripts/start.mjs puts its shutdown.
const stopKey = Symbol.for('marketplace.stop');
const owner = globalThis as Record<symbol, unknown>;
afterEach(() => {
  delete owner[stopKey];
});

describe('requestStop', () => {
  it('hands the exit code to the process owner', () => {
    const codes: number[] = [];
    owner[stopKey] = (code: number) => void codes.push(code);
    requestStop(1);
    expect(codes).toEqual([1]);
  });

  it('does nothing where there is no owner (dev server, tests)', () => {
    expect(() => requestStop(1)).not.toThrow();
  });
});
