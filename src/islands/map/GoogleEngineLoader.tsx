import { useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { useEffect, type RefObject } from 'react';
import type { EngineOptions, MapEngine } from './engine.ts';
import { createGoogleEngine } from './google-engine.ts';

/** The Maps libraries the spec names: geometry, drawing, places (address search). */
const LIBRARIES: Libraries = ['geometry', 'drawing', 'places'];

interface Props {
  apiKey: string;
  language: string;
  container: RefObject<HTMLElement | null>;
  options: EngineOptions;
  onReady: (engine: MapEngine) => void;
  onError: () => void;
}

/**
 * Loads Google's script (once per page, by @react-google-maps/api) and hands the islands a MapEngine over it.
 * Rendered only when a Maps key is configured; imported lazily, so Leaflet pages never download it.
 */
export default function GoogleEngineLoader({ apiKey, language, container, options, onReady, onError }: Props) {
  const { isLoaded, loadError } = useJsApiLoader({ googleMapsApiKey: apiKey, libraries: LIBRARIES, language });
  useEffect(() => {
    if (loadError) onError();
  }, [loadError, onError]);
  useEffect(() => {
    if (!isLoaded || !container.current) return undefined;
    const engine = createGoogleEngine(container.current, window.google.maps, options);
    onReady(engine);
    return () => engine.destroy();
    // The engine is made once per loaded script; options are read at creation.
  }, [isLoaded]);
  return null;
}
