import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadLeafletEngine, type EngineOptions, type MapEngine } from './engine.ts';
import type { MapProvider } from '../../lib/map-data.ts';

const GoogleEngineLoader = lazy(() => import('./GoogleEngineLoader.tsx'));

interface Props {
  provider: MapProvider;
  options: EngineOptions;
  /** The region's accessible name. */
  label: string;
  /** Shown in the box until the map has loaded (and kept without JavaScript). */
  placeholder: string;
  small?: boolean;
  lang: string;
  /** Load the engine now, on screen or not (the picker's place search needs Google's script). */
  load?: boolean;
  onReady: (engine: MapEngine) => void;
}

/**
 * The box a map is drawn in, and the loading of the configured engine into it (Leaflet's code or Google's
 * script arrive only now, when the island is on screen). The box keeps its size before and after, so nothing
 * moves when the map appears.
 */
export function MapSurface({
  provider,
  options,
  label,
  placeholder,
  small = false,
  lang,
  load = false,
  onReady,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [visible, setVisible] = useState(false);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    if (load) setVisible(true);
  }, [load]);

  // The engine's code loads when the box is on screen: an island may hydrate early (client:idle) inside a part of
  // a form that is still hidden.
  useEffect(() => {
    const box = container.current;
    if (!box || visible) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || provider.kind !== 'leaflet' || !container.current) return undefined;
    let engine: MapEngine | null = null;
    let cancelled = false;
    loadLeafletEngine(container.current, provider, options)
      .then((loaded) => {
        if (cancelled) return loaded.destroy();
        engine = loaded;
        setReady(true);
        readyRef.current(loaded);
      })
      .catch((error: unknown) => {
        console.warn('map not loaded:', error instanceof Error ? error.message : error);
      });
    return () => {
      cancelled = true;
      engine?.destroy();
    };
    // One engine per mounted surface: options are read when it is made.
  }, [provider, visible]);

  return (
    <>
      <div
        ref={container}
        className={small ? 'map-surface map-surface--small' : 'map-surface'}
        role="region"
        aria-label={label}
        data-map-ready={ready ? 'true' : undefined}
      >
        {!ready && <p className="map-surface__fallback">{placeholder}</p>}
      </div>
      {visible && provider.kind === 'google' && (
        <Suspense fallback={null}>
          <GoogleEngineLoader
            apiKey={provider.apiKey}
            language={lang}
            container={container}
            options={options}
            onReady={(engine) => {
              setReady(true);
              readyRef.current(engine);
            }}
            onError={() => console.warn('Google Maps not loaded')}
          />
        </Suspense>
      )}
    </>
  );
}
