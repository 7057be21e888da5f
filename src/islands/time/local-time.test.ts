// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { showLocalTimes } from './local-time.ts';

describe('times in the visitor’s zone', () => {
  it('rewrites marked times in the given zone and the page language, and leaves others alone', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = `
      <time id="a" datetime="2026-11-26T21:27:00.000Z" data-local-time="datetime">Nov 26, 2026, 9:27 PM UTC</time>
      <time id="b" datetime="2026-11-26T21:27:00.000Z" data-local-time="date">Nov 26, 2026</time>
      <time id="c" datetime="2026-11-26T21:27:00.000Z">5 minutes ago</time>
      <time id="d" datetime="not a date" data-local-time="date">kept</time>
      <time id="e" datetime="2026-11-26T21:27:00.000Z" data-local-time="unknown">kept</time>`;
    showLocalTimes(document, 'Asia/Tokyo');
    const text = (id: string) => document.getElementById(id)!.textContent;
    // 21:27 UTC is 06:27 the next morning in Tokyo (ICU versions differ in the space before AM).
    expect(text('a')).toMatch(/^Nov 27, 2026, 6:27\sAM$/);
    expect(text('b')).toBe('Nov 27, 2026');
    expect(text('c')).toBe('5 minutes ago');
    expect(text('d')).toBe('kept');
    expect(text('e')).toBe('kept');
  });

  it('writes in the page language', () => {
    document.documentElement.lang = 'ar';
    document.body.innerHTML = `<time datetime="2026-11-26T21:27:00.000Z" data-local-time="date">x</time>`;
    showLocalTimes(document, 'UTC');
    expect(document.querySelector('time')!.textContent).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-11-26T21:27Z')),
    );
  });
});
