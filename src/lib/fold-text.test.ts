import { describe, expect, it } from 'vitest';
import { editDistance, foldText, foldedWords } from './fold-text.ts';

describe('foldText', () => {
  it('drops case and accents, and folds the letters that have no accent to drop', () => {
    expect(foldText('Crème CREME creme')).toBe('creme creme creme');
    expect(foldText('São Paulo')).toBe('sao paulo');
    expect(foldText('Straße Øresund Łódź Æon ﬁne')).toBe('strasse oresund lodz aeon fine');
    expect(foldText('أحمد مَدْرَسَة')).toBe('احمد مدرسه');
  });

  it('splits folded words', () => {
    expect(foldedWords('Flat in São-Paulo, 2 beds')).toEqual(['flat', 'in', 'sao', 'paulo', '2', 'beds']);
  });
});

describe('editDistance', () => {
  it('counts edits, a swap of neighbours as one, and stops past the limit', () => {
    expect(editDistance('lisboa', 'lisboa')).toBe(0);
    expect(editDistance('lisbao', 'lisboa')).toBe(1);
    expect(editDistance('lisbo', 'lisboa')).toBe(1);
    expect(editDistance('lsbon', 'lisboa')).toBe(2);
    expect(editDistance('madrid', 'lisboa')).toBe(3);
  });
});
