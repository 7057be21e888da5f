import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { cachedRead, dropCachedReads, mayWrite } from './read-cache.ts';

/** Each test gets databases of its own: entries are kept per database object. */
const database = () => ({}) as Database;

/** A loader that counts its calls and answers with that count. */
function counter() {
  let calls = 0;
  return { load: () => Promise.resolve(++calls), calls: () => calls };
}

afterEach(() => vi.useRealTimers());

describe('cachedRead', () => {
  it('answers from memory within the time limit, per database and key', async () => {
    const db = database();
    const { load, calls } = counter();
    expect(await cachedRead(db, 'k', load)).toBe(1);
    expect(await cachedRead(db, 'k', load)).toBe(1);
    expect(calls()).toBe(1);
    expect(await cachedRead(db, 'other', load)).toBe(2);
    expect(await cachedRead(database(), 'k', load)).toBe(3);
  });

  it('shares one load between readers that arrive while it runs', async () => {
    const db = database();
    const { load, calls } = counter();
    const [a, b] = await Promise.all([cachedRead(db, 'k', load), cachedRead(db, 'k', load)]);
    expect([a, b, calls()]).toEqual([1, 1, 1]);
  });

  it('loads again once the time limit has passed', async () => {
    vi.useFakeTimers();
    const db = database();
    const { load } = counter();
    expect(await cachedRead(db, 'k', load, 1_000)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cachedRead(db, 'k', load, 1_000)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cachedRead(db, 'k', load, 1_000)).toBe(2);
  });

  it('loads again after a write, for every database', async () => {
    const [one, two] = [database(), database()];
    const { load } = counter();
    await cachedRead(one, 'k', load);
    await cachedRead(two, 'k', load);
    dropCachedReads();
    expect(await cachedRead(one, 'k', load)).toBe(3);
    expect(await cachedRead(two, 'k', load)).toBe(4);
  });

  it('does not keep a load that was running when a write happened', async () => {
    const db = database();
    let finish: (value: string) => void = () => {};
    const before = cachedRead(db, 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    dropCachedReads();
    finish('read before the write');
    expect(await before).toBe('read before the write');
    expect(await cachedRead(db, 'k', () => Promise.resolve('read after the write'))).toBe('read after the write');
  });

  it('runs a thenable load once, as a query builder is run once per await', async () => {
    const db = database();
    let runs = 0;
    const query = { then: (resolve: (rows: number) => void) => resolve(++runs) };
    const load = () => query as PromiseLike<number>;
    expect(await cachedRead(db, 'k', load)).toBe(1);
    expect(await cachedRead(db, 'k', load)).toBe(1);
    expect(runs).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const db = database();
    await expect(cachedRead(db, 'k', () => Promise.reject(new Error('database away')))).rejects.toThrow('away');
    expect(await cachedRead(db, 'k', () => Promise.resolve('back'))).toBe('back');
  });
});

describe('mayWrite', () => {
  it('is false for reads and true for everything else', () => {
    expect(['GET', 'head', 'OPTIONS'].map(mayWrite)).toEqual([false, false, false]);
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(mayWrite)).toEqual([true, true, true, true]);
  });
});
