import { describe, expect, it } from 'vitest';
import { parameterText } from './parameter-value.ts';

describe('parameterText', () => {
  it('joins choices, says yes or no for a switch and writes the rest as given', () => {
    const words = { yes: 'Yes', no: 'No' };
    expect(parameterText(['Pool', 'Garden'], words)).toBe('Pool, Garden');
    expect([parameterText(true, words), parameterText(false, words)]).toEqual(['Yes', 'No']);
    expect(parameterText(3, words)).toBe('3');
    expect(parameterText('South', words)).toBe('South');
  });
});
