import { describe, expect, it } from 'vitest';
import { keyPath } from './storage.ts';

const escapedBySegment = (key: string) => key.split('/').map(encodeURIComponent).join('/');

describe('keyPath', () => {
  it('passes generated keys through as they are', () => {
    for (const key of ['properties/12/ab-Cd_9.webp', 'a/b/c~1.avif', '']) expect(keyPath(key)).toBe(key);
  });

  it('escapes each segment of any other key, keeping the slashes', () => {
    for (const key of ['a/b c.webp', 'docs/ação.pdf', 'x/100%?#.png', "q/it's (1).jpg", 'a//b', '/lead'])
      expect(keyPath(key)).toBe(escapedBySegment(key));
    expect(keyPath('a/b c#1.webp')).toBe('a/b%20c%231.webp');
  });
});
