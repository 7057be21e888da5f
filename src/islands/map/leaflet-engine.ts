import L from 'leaflet';
import { drawnAreaColour, type EngineMarker, type EngineOptions, type MapEngine } from './engine.ts';
import { nearestCopy, viewBounds } from '../../lib/geo.ts';
import type { Bounds, LatLng, MapProvider } from '../../lib/map-data.ts';

/**
 * The keyless map: Leaflet with raster tiles (OpenStreetMap by default). Markers are DOM elements (divIcons)
 * holding a real link or button, so they are reachable by keyboard and readable by screen readers; Leaflet's own
 * marker interaction is off to avoid a second, nameless focus stop around them.
 */
export function createLeafletEngine(
  element: HTMLElement,
  provider: Extract<MapProvider, { kind: 'leaflet' }>,
  options: EngineOptions,
): MapEngine {
  // The map surface is not text: it stays left-to-right (Leaflet positions panes with left/top), while the
  // controls move to the reading side.
  element.dir = 'ltr';
  const start = options.dir === 'rtl' ? 'right' : 'left';
  const end = options.dir === 'rtl' ? 'left' : 'right';
  const map = L.map(element, { zoomControl: false, attributionControl: false, worldCopyJump: true }).setView(
    [options.center.latitude, options.center.longitude],
    options.zoom,
  );
  L.control.zoom({ position: `top${start}`, zoomInTitle: options.zoomIn, zoomOutTitle: options.zoomOut }).addTo(map);
  const attribution = L.control.attribution({ position: `bottom${end}`, prefix: false }).addTo(map);
  attribution.addAttribution(
    `<a href="${encodeURI(provider.attributionUrl)}" rel="noopener noreferrer">${escapeHtml(provider.attribution)}</a>`,
  );
  L.tileLayer(provider.tileUrl, { subdomains: provider.subdomains, maxZoom: 19, crossOrigin: false }).addTo(map);

  const markers = new Map<string, { marker: L.Marker; signature: string }>();
  const markerLayer = L.layerGroup().addTo(map);
  let shape: L.Polyline | L.Polygon | null = null;

  const toLatLng = (p: LatLng) => L.latLng(p.latitude, p.longitude);
  // worldCopyJump lets the view run past ±180 (a view of Fiji may span 175 to 185): a point is drawn on the copy of
  // the world the view is centred on, or a listing at -179.9 would sit on a copy off screen.
  const onView = (p: LatLng) => L.latLng(p.latitude, nearestCopy(p.longitude, map.getCenter().lng));
  const fromLatLng = (p: L.LatLng): LatLng => ({ latitude: p.lat, longitude: p.lng });

  function iconFor(m: EngineMarker): L.DivIcon {
    const root = document.createElement(m.href ? 'a' : m.onClick ? 'button' : 'span');
    root.className = `map-marker map-marker--${m.kind}`;
    root.textContent = m.label;
    if (root instanceof HTMLAnchorElement && m.href) root.href = m.href;
    if (root instanceof HTMLButtonElement) root.type = 'button';
    if (m.href || m.onClick) root.setAttribute('aria-label', m.title);
    else root.setAttribute('title', m.title);
    // A click on a marker is not a click on the map (it must not add a corner while drawing).
    L.DomEvent.disableClickPropagation(root);
    if (m.onClick) root.addEventListener('click', () => m.onClick?.());
    // No iconSize: the element sizes itself (CSS) and map.css centres it on the point.
    const icon = L.divIcon({ html: root, className: 'map-marker-anchor' });
    icon.options.iconSize = null as unknown as undefined;
    return icon;
  }

  return {
    getBounds(): Bounds {
      const b = map.getBounds();
      return viewBounds({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
    },
    getCenter: () => fromLatLng(map.getCenter().wrap()),
    getZoom: () => map.getZoom(),
    project(point) {
      const p = map.project(onView(point), map.getZoom());
      return { x: p.x, y: p.y };
    },
    fitBounds(b, maxZoom = 16) {
      // A box across the antimeridian (west > east) runs on past 180, where Leaflet's copy of the world continues.
      map.fitBounds(
        [
          [b.south, b.west],
          [b.north, b.west > b.east ? b.east + 360 : b.east],
        ],
        { maxZoom, padding: [24, 24] },
      );
    },
    setView(center, zoom) {
      map.setView(toLatLng(center), zoom);
    },
    onMoveEnd(listener) {
      map.on('moveend', () => listener());
    },
    onClick(listener) {
      // As clicked on the copy of the world in view: corners of an area drawn over the antimeridian run on past ±180.
      map.on('click', (event: L.LeafletMouseEvent) => listener(fromLatLng(event.latlng)));
    },
    pointAt: (x, y) => fromLatLng(map.containerPointToLatLng([x, y])),
    setMarkers(list) {
      const keep = new Set(list.map((m) => m.key));
      for (const [key, entry] of markers)
        if (!keep.has(key)) {
          markerLayer.removeLayer(entry.marker);
          markers.delete(key);
        }
      for (const m of list) {
        const position = onView(m.position);
        const signature = `${m.kind}|${m.label}|${m.title}|${m.href ?? ''}|${position.lat},${position.lng}`;
        const existing = markers.get(m.key);
        if (existing?.signature === signature && !m.onClick) continue;
        if (existing) markerLayer.removeLayer(existing.marker);
        const marker = L.marker(position, {
          icon: iconFor(m),
          interactive: false,
          keyboard: false,
          zIndexOffset: m.kind === 'cluster' ? 500 : m.kind === 'vertex' ? 1000 : 0,
        });
        markerLayer.addLayer(marker);
        markers.set(m.key, { marker, signature });
      }
    },
    setShape(points, closed) {
      if (shape) shape.remove();
      shape = null;
      if (!points || points.length === 0) return;
      const path = points.map(toLatLng);
      shape = (closed ? L.polygon(path) : L.polyline(path)).setStyle({
        color: drawnAreaColour(element),
        weight: 3,
        fillOpacity: 0.12,
        interactive: false,
      });
      shape.addTo(map);
    },
    setDrawing(drawing) {
      element.classList.toggle('map-surface--drawing', drawing);
    },
    resize: () => map.invalidateSize(),
    destroy: () => map.remove(),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
