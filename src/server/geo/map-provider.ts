import type { MapProvider } from '../../lib/map-data.ts';

/**
 * Which map the site shows: Google Maps when the admin set a Maps key (setting `maps_api_key`), otherwise the
 * keyless default, Leaflet with OpenStreetMap tiles (or the tile server in `map_tile_url`), so a fresh install
 * has working maps. The islands receive the result as props and load the matching adapter.
 */

export type { MapProvider };

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
const OSM_COPYRIGHT = 'https://www.openstreetmap.org/copyright';

export interface MapSettings {
  maps_api_key: string;
  /** Optional settings; anything else than text counts as unset. */
  map_tile_url?: unknown;
  map_tile_attribution?: unknown;
  map_tile_attribution_url?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * A tile URL template we can use and put in the CSP: https (or http on localhost, for development), with the
 * three placeholders, no credentials, no query-string tricks in the host.
 */
export function validTileUrl(template: string): boolean {
  if (!template.includes('{z}') || !template.includes('{x}') || !template.includes('{y}')) return false;
  let url: URL;
  try {
    url = new URL(template.replace('{s}', 'a'));
  } catch {
    return false;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return (url.protocol === 'https:' || (url.protocol === 'http:' && local)) && !url.username && !url.password;
}

/** The provider for these settings: Google with a key, else Leaflet with the configured or the OSM tiles. */
export function chooseMapProvider(settings: MapSettings): MapProvider {
  const apiKey = text(settings.maps_api_key);
  if (apiKey) return { kind: 'google', apiKey };
  const custom = text(settings.map_tile_url);
  if (custom && validTileUrl(custom)) {
    return {
      kind: 'leaflet',
      tileUrl: custom,
      attribution: text(settings.map_tile_attribution) || OSM_ATTRIBUTION,
      attributionUrl: text(settings.map_tile_attribution_url) || OSM_COPYRIGHT,
      subdomains: 'abc',
    };
  }
  return {
    kind: 'leaflet',
    tileUrl: OSM_TILE_URL,
    attribution: OSM_ATTRIBUTION,
    attributionUrl: OSM_COPYRIGHT,
    subdomains: 'abc',
  };
}

/** `https://{s}.tile.example.com/...` -> `https://*.tile.example.com`: the narrowest CSP source for the tiles. */
export function tileSource(template: string): string {
  const url = new URL(template.replace('{s}', 'subdomain-placeholder'));
  const host = url.host.replace('subdomain-placeholder', '*');
  return `${url.protocol}//${host}`;
}

/**
 * CSP directives a page showing this map needs on top of the site's policy (astro.config.mjs): the tile host
 * for Leaflet; Google's script, tile and API hosts for Google Maps.
 */
export function mapCspDirectives(provider: MapProvider): {
  directives: `${'img-src' | 'connect-src' | 'font-src'} ${string}`[];
  scripts: string[];
} {
  if (provider.kind === 'leaflet') return { directives: [`img-src ${tileSource(provider.tileUrl)}`], scripts: [] };
  return {
    directives: [
      'img-src https://*.googleapis.com https://*.gstatic.com https://*.google.com',
      'connect-src https://*.googleapis.com https://*.google.com',
      'font-src https://fonts.gstatic.com',
    ],
    scripts: ['https://maps.googleapis.com'],
  };
}

/** Pages that draw a map (the map search, a listing's page, the listing and project forms' location picker). */
const MAP_PAGES = [
  /^\/properties\/map\/?$/,
  /^\/properties-details\/[^/]+\/?$/,
  /^\/user\/properties\/(new|edit\/[^/]+)\/?$/,
  /^\/user\/(add-project|projects\/edit\/[^/]+)\/?$/,
];
export const pageShowsMap = (pathname: string) => MAP_PAGES.some((page) => page.test(pathname));

/**
 * A Content-Security-Policy with the map's sources added to its directives (a directive the policy lacks is
 * added whole). Applied by src/middleware.ts to the map pages only, after Astro computed the policy with its
 * script and style hashes, so every other page keeps the site's policy of astro.config.mjs.
 */
export function withMapSources(policy: string, provider: MapProvider): string {
  const { directives, scripts } = mapCspDirectives(provider);
  const extra = [...directives, ...scripts.map((s) => `script-src ${s}`)];
  const parts = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const directive of extra) {
    const [name, ...sources] = directive.split(/\s+/);
    const index = parts.findIndex((part) => part.split(/\s+/)[0] === name);
    if (index === -1) parts.push(directive);
    else {
      const existing = parts[index]!.split(/\s+/);
      parts[index] = [...existing, ...sources.filter((source) => !existing.includes(source))].join(' ');
    }
  }
  return parts.join('; ');
}
