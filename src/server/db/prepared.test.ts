import { describe, expect, it } from 'vitest';
import type { Executor } from './client.ts';
import { MAX_KEYED_STATEMENTS, preparedPerDatabase, preparedPerKey } from './prepared.ts';

const database = () => ({}) as unknown as Executor;

describe('preparedPerKey', () => {
  it('builds once per database and key, with the key and input it was asked for', () => {
    const built: string[] = [];
    const statements = preparedPerKey((_db, key: string, input: string) => {
      built.push(`${key}:${input}`);
      return { key };
    });
    const [one, two] = [database(), database()];
    expect(statements(one, 'a', 'first')).toBe(statements(one, 'a', 'again'));
    expect(statements(two, 'a', 'other')).not.toBe(statements(one, 'a', 'first'));
    expect(built).toEqual(['a:first', 'a:other']);
  });

  it('drops the key used longest ago when full, and keeps the ones in use', () => {
    let builds = 0;
    const statements = preparedPerKey(() => ({ build: ++builds }));
    const db = database();
    const hot = statements(db, 'hot', {});
    const cold = statements(db, 'cold', {});
    // Fill the rest, using the hot key now and then.
    for (let i = 0; i < MAX_KEYED_STATEMENTS - 1; i++) {
      statements(db, `key ${i}`, {});
      if (i % 50 === 0) statements(db, 'hot', {});
    }
    expect(statements(db, 'hot', {})).toBe(hot);
    const before = builds;
    expect(statements(db, 'cold', {})).not.toBe(cold);
    expect(builds).toBe(before + 1);
  });
});

describe('preparedPerDatabase', () => {
  it('builds one statement per database', () => {
    let builds = 0;
    const statement = preparedPerDatabase(() => ({ build: ++builds }));
    const [one, two] = [database(), database()];
    expect(statement(one)).toBe(statement(one));
    expect(statement(two)).not.toBe(statement(one));
    expect(builds).toBe(2);
  });
});
