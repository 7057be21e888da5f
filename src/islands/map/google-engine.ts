/// <reference types="google.maps" />
import { drawnAreaColour, type EngineMarker, type EngineOptions, type MapEngine } from './engine.ts';
import { nearestCopy, viewBounds } from '../../lib/geo.ts';
import type { LatLng } from '../../lib/map-data.ts';

/**
 * Google Maps behind the same MapEngine as Leaflet, used when the admin set a Maps key. The script is loaded by
 * GoogleEngineLoader.tsx (@react-google-maps/api); markers are the same DOM elements as on Leaflet, drawn by an
 * OverlayView. Not exercised by the test suite (it needs Google's servers); keep it this small.
 */
export function createGoogleEngine(element: HTMLElement, maps: typeof google.maps, options: EngineOptions): MapEngine {
  element.dir = 'ltr';
  const map = new maps.Map(element, {
    center: { lat: options.center.latitude, lng: options.center.longitude },
    zoom: options.zoom,
    streetViewControl: false,
    mapTypeControl: false,
    clickableIcons: false,
    zoomControlOptions: {
      position: options.dir === 'rtl' ? maps.ControlPosition.LEFT_BOTTOM : maps.ControlPosition.RIGHT_BOTTOM,
    },
  });

  /** A DOM element pinned to a point (the same markers as the Leaflet engine draws). */
  class HtmlMarker extends maps.OverlayView {
    constructor(
      private readonly position: google.maps.LatLng,
      readonly node: HTMLElement,
    ) {
      super();
    }
    override onAdd() {
      this.getPanes()?.overlayMouseTarget.appendChild(this.node);
    }
    override draw() {
      const projection = this.getProjection();
      const point = projection?.fromLatLngToDivPixel(this.position);
      const centre = projection?.fromLatLngToDivPixel(map.getCenter() ?? this.position);
      if (!point || !centre) return;
      // Google repeats the world side by side but draws an overlay once: on the copy the view is centred on, so a
      // listing at -179.9 shows beside one at 179.9 in a view across the antimeridian.
      this.node.style.position = 'absolute';
      this.node.style.left = `${nearestCopy(point.x, centre.x, projection!.getWorldWidth())}px`;
      this.node.style.top = `${point.y}px`;
    }
    override onRemove() {
      this.node.remove();
    }
  }

  /** An empty overlay, for its projection: pixels of the map's box to points. */
  class PixelReader extends maps.OverlayView {
    override onAdd() {}
    override draw() {}
    override onRemove() {}
  }
  const pixels = new PixelReader();
  pixels.setMap(map);

  const markers = new Map<string, HtmlMarker>();
  let shape: google.maps.Polyline | google.maps.Polygon | null = null;
  const toLatLng = (p: LatLng) => new maps.LatLng(p.latitude, p.longitude);

  const nodeFor = (m: EngineMarker) => {
    const node = document.createElement(m.href ? 'a' : m.onClick ? 'button' : 'span');
    node.className = `map-marker map-marker--${m.kind}`;
    node.textContent = m.label;
    if (node instanceof HTMLAnchorElement && m.href) node.href = m.href;
    if (node instanceof HTMLButtonElement) node.type = 'button';
    node.setAttribute(m.href || m.onClick ? 'aria-label' : 'title', m.title);
    node.addEventListener('click', (event) => {
      event.stopPropagation();
      m.onClick?.();
    });
    return node;
  };

  return {
    getBounds() {
      const b = map.getBounds();
      if (!b) return { south: -90, west: -180, north: 90, east: 180 };
      const sw = b.getSouthWest();
      const ne = b.getNorthEast();
      // Google's corners are already within -180..180: a view across the antimeridian has its west east of its east.
      return viewBounds({ south: sw.lat(), west: sw.lng(), north: ne.lat(), east: ne.lng() });
    },
    getCenter() {
      const c = map.getCenter();
      return { latitude: c?.lat() ?? 0, longitude: c?.lng() ?? 0 };
    },
    getZoom: () => map.getZoom() ?? 0,
    project(point) {
      const projection = map.getProjection();
      const world = projection?.fromLatLngToPoint(toLatLng(point));
      const centre = projection?.fromLatLngToPoint(map.getCenter() ?? toLatLng(point));
      if (!world || !centre) return { x: 0, y: 0 };
      const scale = 2 ** (map.getZoom() ?? 0);
      // On the copy of the world the view is centred on, where the markers are drawn (world coordinates are 256 wide).
      return { x: nearestCopy(world.x, centre.x, 256) * scale, y: world.y * scale };
    },
    fitBounds(b, maxZoom = 16) {
      map.fitBounds({ south: b.south, west: b.west, north: b.north, east: b.east }, 24);
      maps.event.addListenerOnce(map, 'idle', () => {
        if ((map.getZoom() ?? 0) > maxZoom) map.setZoom(maxZoom);
      });
    },
    setView(center, zoom) {
      map.setCenter(toLatLng(center));
      map.setZoom(zoom);
    },
    onMoveEnd(listener) {
      map.addListener('idle', listener);
    },
    onClick(listener) {
      map.addListener('click', (event: google.maps.MapMouseEvent) => {
        if (event.latLng) listener({ latitude: event.latLng.lat(), longitude: event.latLng.lng() });
      });
    },
    pointAt(x, y) {
      // Not wrapped: like a click, the point lies on the copy of the world in view.
      const at = pixels.getProjection()?.fromContainerPixelToLatLng(new maps.Point(x, y), true);
      return at ? { latitude: at.lat(), longitude: at.lng() } : this.getCenter();
    },
    setMarkers(list) {
      const keep = new Set(list.map((m) => m.key));
      for (const [key, marker] of markers)
        if (!keep.has(key)) {
          marker.setMap(null);
          markers.delete(key);
        }
      for (const m of list) {
        markers.get(m.key)?.setMap(null);
        const marker = new HtmlMarker(toLatLng(m.position), nodeFor(m));
        marker.setMap(map);
        markers.set(m.key, marker);
      }
    },
    setShape(points, closed) {
      shape?.setMap(null);
      shape = null;
      if (!points || points.length === 0) return;
      const path = points.map(toLatLng);
      const style = {
        strokeColor: drawnAreaColour(element),
        strokeWeight: 3,
        fillOpacity: 0.12,
        clickable: false,
        map,
      };
      shape = closed ? new maps.Polygon({ paths: path, ...style }) : new maps.Polyline({ path, ...style });
    },
    setDrawing(drawing) {
      map.setOptions({ draggableCursor: drawing ? 'crosshair' : null });
    },
    resize: () => maps.event.trigger(map, 'resize'),
    destroy: () => {
      for (const marker of markers.values()) marker.setMap(null);
      markers.clear();
      element.replaceChildren();
    },
  };
}
