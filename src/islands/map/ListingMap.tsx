import { useEffect, useState } from 'react';
import type { MapEngine } from './engine.ts';
import { MapSurface } from './MapSurface.tsx';
import type { MapProvider } from '../../lib/map-data.ts';
import './map.css';

export interface ListingMapProps {
  provider: MapProvider;
  latitude: number;
  longitude: number;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Already translated by the page: this island needs only these four strings. */
  labels: { region: string; pin: string; loading: string; zoomIn: string; zoomOut: string };
}

/**
 * The small map on a listing's page with its marker. Hydrated client:visible: neither this code nor the map's
 * arrives before the visitor scrolls to the location section, so the page stays free of JavaScript until then.
 */
export default function ListingMap({ provider, latitude, longitude, lang, dir, labels }: ListingMapProps) {
  const [engine, setEngine] = useState<MapEngine | null>(null);
  useEffect(() => {
    engine?.setMarkers([
      { key: 'listing', kind: 'pin', position: { latitude, longitude }, label: '', title: labels.pin },
    ]);
  }, [engine, latitude, longitude, labels.pin]);
  return (
    <div className="listing-map">
      <MapSurface
        provider={provider}
        lang={lang}
        small
        label={labels.region}
        placeholder={labels.loading}
        options={{ dir, center: { latitude, longitude }, zoom: 15, zoomIn: labels.zoomIn, zoomOut: labels.zoomOut }}
        onReady={setEngine}
      />
    </div>
  );
}
