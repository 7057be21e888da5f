import { describe, expect, it } from 'vitest';
import { canAddFloor } from './floors.ts';

describe('canAddFloor', () => {
  it('allows the first floor', () => {
    expect(canAddFloor([])).toBe(true);
  });

  it('allows another only when the current one has a title and an image', () => {
    expect(canAddFloor([{ title: 'Ground', image: { key: 'g.png' } }])).toBe(true);
    expect(canAddFloor([{ title: 'Ground', image: { key: 'g.png' } }, { title: 'First' }])).toBe(false);
    expect(canAddFloor([{ title: ' ', image: { key: 'g.png' } }])).toBe(false);
    expect(canAddFloor([{ title: 'Ground', image: null }])).toBe(false);
  });
});
