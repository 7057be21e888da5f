import { describe, expect, it } from 'vitest';
import {
  chooseMapProvider,
  mapCspDirectives,
  OSM_TILE_URL,
  pageShowsMap,
  tileSource,
  validTileUrl,
  withMapSources,
} from './map-provider.ts';

describe('map provider choice', () => {
  it('is the keyless Leaflet with OpenStreetMap tiles on a fresh install', () => {
    const provider = chooseMapProvider({ maps_api_key: '' });
    expect(provider).toMatchObject({ kind: 'leaflet', tileUrl: OSM_TILE_URL });
    expect(mapCspDirectives(provider)).toEqual({ directives: ['img-src https://tile.openstreetmap.org'], scripts: [] });
  });

  it('is Google Maps as soon as a key is set (blank keys do not count)', () => {
    expect(chooseMapProvider({ maps_api_key: '  ' }).kind).toBe('leaflet');
    const google = chooseMapProvider({
      maps_api_key: 'AIza-key',
      map_tile_url: 'https://tiles.example.com/{z}/{x}/{y}',
    });
    expect(google).toEqual({ kind: 'google', apiKey: 'AIza-key' });
    expect(mapCspDirectives(google).scripts).toEqual(['https://maps.googleapis.com']);
  });

  it('uses a configured tile server, and only a usable one', () => {
    const custom = chooseMapProvider({
      maps_api_key: '',
      map_tile_url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      map_tile_attribution: '© Example',
    });
    expect(custom).toMatchObject({ kind: 'leaflet', attribution: '© Example' });
    expect(mapCspDirectives(custom).directives).toEqual(['img-src https://*.tiles.example.com']);
    for (const bad of [
      'http://tiles.example.com/{z}/{x}/{y}',
      'https://tiles.example.com/{z}/{x}',
      'javascript:{z}{x}{y}',
      42,
    ])
      expect(chooseMapProvider({ maps_api_key: '', map_tile_url: bad })).toMatchObject({ tileUrl: OSM_TILE_URL });
    expect(validTileUrl('http://localhost:8080/{z}/{x}/{y}.png')).toBe(true);
    expect(validTileUrl('https://user:pw@tiles.example.com/{z}/{x}/{y}')).toBe(false);
    expect(tileSource('http://localhost:8080/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
  });
});

describe("the map pages' content security policy", () => {
  const policy = "default-src 'self';img-src 'self' data: blob:;connect-src 'self'; script-src 'self' 'sha256-abc'";

  it('adds the tile host to img-src and nothing else', () => {
    const merged = withMapSources(policy, chooseMapProvider({ maps_api_key: '' }));
    expect(merged).toBe(
      "default-src 'self'; img-src 'self' data: blob: https://tile.openstreetmap.org; connect-src 'self'; script-src 'self' 'sha256-abc'",
    );
    expect(withMapSources(merged, chooseMapProvider({ maps_api_key: '' }))).toBe(merged);
  });

  it("adds Google's hosts when the map is Google's, and missing directives whole", () => {
    const merged = withMapSources("default-src 'self'; script-src 'self'", { kind: 'google', apiKey: 'k' });
    expect(merged).toContain("script-src 'self' https://maps.googleapis.com");
    expect(merged).toContain('img-src https://*.googleapis.com');
    expect(merged).toContain('font-src https://fonts.gstatic.com');
  });

  it('is applied to the pages that draw a map only', () => {
    for (const path of [
      '/properties/map',
      '/properties-details/a-flat',
      '/user/properties/new',
      '/user/properties/edit/12',
      '/user/add-project',
      '/user/projects/edit/3',
    ])
      expect(pageShowsMap(path), path).toBe(true);
    for (const path of [
      '/',
      '/properties',
      '/properties/mapx',
      '/user/properties',
      '/projects',
      '/api/get-property-list',
    ])
      expect(pageShowsMap(path), path).toBe(false);
  });
});
