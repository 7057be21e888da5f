import { describe, expect, it } from 'vitest';
import { urls } from './urls.ts';

describe('urls', () => {
  it('builds the spec paths for detail pages', () => {
    expect(urls.property('sea-view-villa')).toBe('/properties-details/sea-view-villa');
    expect(urls.project('tower-one')).toBe('/project-details/tower-one');
    expect(urls.myProperty('sea-view-villa')).toBe('/my-property/sea-view-villa');
  });

  it('escapes anything that is not safe in a path segment', () => {
    expect(urls.article('a/b?c')).toBe('/articles/a%2Fb%3Fc');
  });
});
