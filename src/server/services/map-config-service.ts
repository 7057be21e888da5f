import type { Database } from '../db/client.ts';
import { chooseMapProvider, withMapSources, type MapProvider } from '../geo/map-provider.ts';
import { findPublicSettingValue } from '../repositories/settings-repository.ts';
import { getPublicSettings } from './settings-service.ts';

/**
 * The map this site shows, from its settings: `maps_api_key` (Google Maps) or else Leaflet with the tiles of
 * `map_tile_url` (OpenStreetMap when unset), `map_tile_attribution` and `map_tile_attribution_url`.
 */
export async function mapProvider(db: Database): Promise<MapProvider> {
  const [settings, tileUrl, attribution, attributionUrl] = await Promise.all([
    getPublicSettings(db),
    findPublicSettingValue(db, 'map_tile_url'),
    findPublicSettingValue(db, 'map_tile_attribution'),
    findPublicSettingValue(db, 'map_tile_attribution_url'),
  ]);
  return chooseMapProvider({
    maps_api_key: settings.maps_api_key,
    map_tile_url: tileUrl,
    map_tile_attribution: attribution,
    map_tile_attribution_url: attributionUrl,
  });
}

/** The policy of a map page with the configured map's sources added (src/middleware.ts calls it). */
export async function mapPagePolicy(db: Database, policy: string): Promise<string> {
  return withMapSources(policy, await mapProvider(db));
}
