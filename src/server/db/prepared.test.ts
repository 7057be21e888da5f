import { describe, expect, it } from 'vitest';
import type { Executor } from './client.ts';
import { MAX_KEYED_STATEMENTS, preparedPerKey } from './prepared.ts';

describe('preparedPerKey', () => {
  const database = () => ({}) as unknown as Executor;

  it('builds once per database and key, and again past the limit for the oldest key', () => {
    let builds = 0;
    const statements = preparedPerKey(() => ({ build: ++builds }));
    const [one, two] = [database(), database()];
    expect(statements(one, 'a', {})).toBe(statements(one, 'a', {}));
    expect(statements(two, 'a', {})).not.toBe(statements(one, 'a', {}));
    expect(builds).toBe(2);
    for (let i = 0; i < MAX_KEYED_STATEMENTS; i++) statements(one, `key ${i}`, {});
    const rebuilt = builds;
    statements(one, 'a', {});
    expect(builds).toBe(rebuilt + 1);
  });
});
