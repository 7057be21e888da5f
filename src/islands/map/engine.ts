import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import type { Bounds, LatLng, MapProvider } from '../../lib/map-data.ts';

/**
 * The one interface the map islands draw through, whichever map is configured: Leaflet (leaflet-engine.ts, the
 * keyless default) or Google Maps (google-engine.ts). Each engine is loaded with a dynamic import, so its code
 * reaches the browser only when a map is actually shown.
 */

export interface EngineMarker {
  /** Stable across redraws: the engine keeps the marker it already has. */
  key: string;
  position: LatLng;
  /** listing: a price label linking to the listing; cluster: a count that zooms in; pin: a place; vertex: a corner. */
  kind: 'listing' | 'cluster' | 'pin' | 'vertex';
  /** What the marker shows. */
  label: string;
  /** Its accessible name. */
  title: string;
  href?: string | undefined;
  onClick?: (() => void) | undefined;
}

export interface EngineOptions {
  dir: 'ltr' | 'rtl';
  center: LatLng;
  zoom: number;
  /** Labels of the zoom buttons, in the page's language. */
  zoomIn: string;
  zoomOut: string;
}

export interface MapEngine {
  /**
   * The view as the API takes it (geo.ts `viewBounds`): longitudes within -180..180, west > east for a view across
   * the antimeridian, the world for a view as wide as it.
   */
  getBounds(): Bounds;
  getCenter(): LatLng;
  getZoom(): number;
  /** Pixel position at the current zoom (for clustering), on the copy of the world the markers are drawn on. */
  project(point: LatLng): { x: number; y: number };
  /** West > east is a box across the antimeridian, as is a box whose east runs past 180. */
  fitBounds(bounds: Bounds, maxZoom?: number): void;
  setView(center: LatLng, zoom: number): void;
  /** After every pan or zoom (and once after the first view is set). */
  onMoveEnd(listener: () => void): void;
  /** The point clicked, on the copy of the world in view: its longitude may run past ±180 (`wrapPoint` for a place). */
  onClick(listener: (point: LatLng) => void): void;
  /**
   * The point under a pixel of the map's box (from its top-left corner), on the copy of the world in view, as
   * `onClick` gives it: for an area drawn with a finger or the mouse over the map.
   */
  pointAt(x: number, y: number): LatLng;
  /** Each drawn on the copy of the world the view is centred on, so a view across the antimeridian shows both sides. */
  setMarkers(markers: EngineMarker[]): void;
  /** A drawn area: an open line while drawing, a polygon once closed; null removes it. */
  setShape(points: readonly LatLng[] | null, closed: boolean): void;
  /** Crosshair cursor while drawing. */
  setDrawing(drawing: boolean): void;
  /** After the container changed size (a step of a form became visible, the map shown again on a phone). */
  resize(): void;
  destroy(): void;
}

/**
 * The drawn area's line colour: the site's brand colour as the page has it (tokens.css, or the console's brand
 * theme), so the shape matches the buttons around the map; map libraries take a colour, not a CSS variable.
 */
export function drawnAreaColour(element: HTMLElement): string {
  return getComputedStyle(element).getPropertyValue('--brand').trim() || 'currentColor';
}

/** Loads the engine for a provider (Google needs its script loaded first: see GoogleEngineLoader.tsx). */
export async function loadLeafletEngine(
  element: HTMLElement,
  provider: Extract<MapProvider, { kind: 'leaflet' }>,
  options: EngineOptions,
): Promise<MapEngine> {
  const [{ createLeafletEngine }] = await Promise.all([
    import('./leaflet-engine.ts'),
    loadStylesheet(leafletStylesheet),
  ]);
  return createLeafletEngine(element, provider, options);
}

const stylesheets = new Map<string, Promise<void>>();

/**
 * Leaflet's stylesheet arrives with the engine, not with the page: imported as CSS it would be hoisted into every
 * page with a map island and block its first paint, though most visitors never scroll to the map.
 */
function loadStylesheet(href: string): Promise<void> {
  let loaded = stylesheets.get(href);
  if (!loaded) {
    loaded = new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => reject(new Error(`could not load ${href}`));
      document.head.append(link);
    });
    stylesheets.set(href, loaded);
  }
  return loaded;
}
