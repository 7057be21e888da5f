import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { $cache, restorePersistedState } from '../../stores/app-state.ts';
import { IslandI18nProvider, useTranslation, type IslandI18n } from '../i18n.tsx';
import { listingCount } from '../../lib/listing-count.ts';
import { clusterByGrid } from './cluster.ts';
import type { EngineMarker, MapEngine } from './engine.ts';
import { areaBounds, areaNear, distanceKm, formatArea, formatPoint, nearestCopy, viewAround } from '../../lib/geo.ts';
import { DrawLayer } from './DrawLayer.tsx';
import { MapSurface } from './MapSurface.tsx';
import {
  listItemFromApi,
  markerFromApi,
  type LatLng,
  type MapClusterData,
  type MapListItem,
  type MapMarkerData,
  type MapProvider,
} from '../../lib/map-data.ts';
import type { MapResultReply } from '../../features/map/contract.ts';
import './map.css';

export interface MapSearchProps {
  i18n: IslandI18n;
  provider: MapProvider;
  /** The page's path (/properties/map): links and the address bar are built on it. */
  path: string;
  /** The server-rendered search: the list without JavaScript, and the map's first view. */
  initial: {
    area: LatLng[] | null;
    near: LatLng | null;
    items: MapListItem[];
    markers: MapMarkerData[];
    /** A crowded view's listings counted by area, instead of markers. */
    clusters: MapClusterData[];
    total: number;
    /** More listings match than `total` counts. */
    totalCapped: boolean;
    truncated: boolean;
  };
  /** Filters of the page as API parameters (property_type, category_slug_id, min_price, max_price). */
  filters: Record<string, string>;
  pageSize: number;
  /** Plain paging links of the server-rendered list (crawlers, no JavaScript). */
  pageLinks: { previous: string | null; next: string | null };
}

/** The /properties/map island: a map with clustered markers, drawing an area, and the list of what is in view. */
export default function MapSearch(props: MapSearchProps) {
  return (
    <IslandI18nProvider i18n={props.i18n}>
      <MapSearchView {...props} />
    </IslandI18nProvider>
  );
}

type Status = 'idle' | 'loading' | 'error';
/** On a phone the map and the list take turns on the screen; side by side from 60rem (map.css). */
type View = 'map' | 'list';
const WORLD_VIEW = { center: { latitude: 20, longitude: 0 }, zoom: 2 };
/** A pan smaller than the server's answer time should not send a request per frame. */
const MOVE_DEBOUNCE_MS = 250;

function MapSearchView({ provider, path, initial, filters, pageSize, pageLinks }: MapSearchProps) {
  const { t, lang, dir } = useTranslation();
  const [items, setItems] = useState(initial.items);
  const [markers, setMarkers] = useState(initial.markers);
  const [clusters, setClusters] = useState(initial.clusters);
  const [total, setTotal] = useState(initial.total);
  const [totalCapped, setTotalCapped] = useState(initial.totalCapped);
  const [truncated, setTruncated] = useState(initial.truncated);
  const [status, setStatus] = useState<Status>('idle');
  const [area, setArea] = useState<LatLng[] | null>(initial.area);
  const [corners, setCorners] = useState<LatLng[] | null>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [live, setLive] = useState(false);
  const [visitor, setVisitor] = useState<LatLng | null>(null);
  const [zoomTick, setZoomTick] = useState(0);
  // Unset until the island runs: without JavaScript the page shows the map's box and the list one after the other.
  const [view, setView] = useState<View | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const drawing = corners !== null;
  const km = useMemo(() => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }), [lang]);
  // A count of 27,000 listings fits a marker as "27K".
  const countLabel = useMemo(() => new Intl.NumberFormat(lang, { notation: 'compact' }), [lang]);

  // The visitor's position, stored by the app shell when they shared it (read after mount: the server has none).
  useEffect(() => {
    void restorePersistedState().then((state) => setVisitor(state.cache.locationData));
    return $cache.listen((cache) => setVisitor(cache.locationData));
  }, []);

  const load = useCallback(
    async (offset: number) => {
      if (!engine) return;
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const view = engine.getBounds();
      const query = new URLSearchParams({
        ...filters,
        south: String(view.south),
        west: String(view.west),
        north: String(view.north),
        east: String(view.east),
        offset: String(offset),
        limit: String(pageSize),
      });
      if (area) query.set('area', formatArea(area));
      if (initial.near) {
        query.set('latitude', String(initial.near.latitude));
        query.set('longitude', String(initial.near.longitude));
      }
      setStatus('loading');
      try {
        const response = await fetch(`/api/get-properties-in-bounds?${query}`, {
          signal: controller.signal,
          credentials: 'same-origin',
        });
        const body = (await response.json()) as { error: boolean; data: MapResultReply };
        if (!response.ok || body.error) throw new Error(`HTTP ${response.status}`);
        const next = body.data.items.map(listItemFromApi);
        setItems((current) => (offset === 0 ? next : [...current, ...next]));
        setMarkers(body.data.markers.map(markerFromApi));
        setClusters(body.data.clusters);
        setTruncated(body.data.truncated);
        setTotal(body.data.total);
        setTotalCapped(body.data.total_capped);
        setLive(true);
        setStatus('idle');
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('map search failed:', error instanceof Error ? error.message : error);
        setStatus('error');
      }
    },
    [engine, area, filters, pageSize, initial.near],
  );

  // The list follows the map: every pan or zoom reloads what is in view.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!engine) return;
    engine.onMoveEnd(() => {
      setZoomTick((n) => n + 1);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void loadRef.current(0), MOVE_DEBOUNCE_MS);
    });
    // The first view: the drawn area, the visitor's surroundings, or every listing found.
    if (initial.area) engine.fitBounds(areaBounds(initial.area));
    else if (initial.near) {
      const nearest = initial.markers.slice(0, 10).map((m) => ({ latitude: m.latitude, longitude: m.longitude }));
      engine.fitBounds(viewAround([initial.near, ...nearest]), 14);
    } else if (initial.markers.length > 0) engine.fitBounds(viewAround(initial.markers));
    else if (initial.clusters.length > 0) engine.fitBounds(viewAround(initial.clusters.flatMap(cornersOf)));
    else engine.setView(WORLD_VIEW.center, WORLD_VIEW.zoom);
  }, [engine, initial]);

  // A new area (drawn or cleared) is a new search of the same view.
  const areaKey = area ? formatArea(area) : '';
  const firstArea = useRef(areaKey);
  useEffect(() => {
    if (areaKey === firstArea.current) return;
    firstArea.current = areaKey;
    const url = new URL(window.location.href);
    if (areaKey) url.searchParams.set('area', areaKey);
    else url.searchParams.delete('area');
    url.searchParams.delete('page');
    window.history.replaceState(window.history.state, '', url);
    void loadRef.current(0);
  }, [areaKey]);

  // Markers and the server's counts: clustered by screen cells at the current zoom, plus the corners while drawing.
  useEffect(() => {
    if (!engine) return;
    // Longitudes on the copy of the world the view is centred on: across the antimeridian, listings at 179.9 and
    // -179.9 are neighbours, and a cluster of both is averaged and boxed at 180, not at 0 across the whole world.
    const centre = engine.getCenter().longitude;
    const shift = (longitude: number) => nearestCopy(longitude, centre) - longitude;
    const points = [
      ...markers.map((m) => {
        const at = { latitude: m.latitude, longitude: m.longitude + shift(m.longitude) };
        return { ...engine.project(at), ...at, item: m };
      }),
      ...clusters.map((c) => {
        const by = shift(c.longitude);
        const at = { latitude: c.latitude, longitude: c.longitude + by };
        return {
          ...engine.project(at),
          ...at,
          item: c,
          count: c.listings,
          box: { south: c.south, north: c.north, west: c.west + by, east: c.east + by },
        };
      }),
    ];
    const groups = clusterByGrid<MapMarkerData | MapClusterData>(points, (item) =>
      'id' in item ? item.id : `area:${item.south},${item.west}`,
    );
    const drawn: EngineMarker[] = groups.map((c) => {
      const only = c.items.length === 1 ? c.items[0] : undefined;
      if (only && 'id' in only)
        return {
          key: `listing:${only.id}`,
          kind: 'listing',
          position: only,
          label: only.priceLabel,
          title: t('map.marker', { title: only.title, price: only.priceLabel }),
          href: `/properties-details/${encodeURIComponent(only.slug)}`,
        };
      return {
        key: c.key,
        kind: 'cluster',
        position: c,
        label: countLabel.format(c.count),
        // The accessible name holds the visible label ("1.1K"), so a voice user can say what they see.
        title: t('map.cluster', { count: c.count, label: countLabel.format(c.count) }),
        onClick: () => {
          // The cluster's button is redrawn away: focus stays on the map, and the new count is announced.
          focusMap();
          const tiny = c.north - c.south < 1e-5 && c.east - c.west < 1e-5;
          if (tiny) engine.setView(c, Math.max(engine.getZoom() + 2, 17));
          else engine.fitBounds(c, 19);
        },
      };
    });
    // The corners on the copy of the world in view too (clicks over the antimeridian run past ±180).
    areaNear(corners ?? [], centre).forEach((corner, i) => {
      const closes = i === 0 && (corners?.length ?? 0) >= 3;
      drawn.push({
        key: `corner:${i}`,
        kind: 'vertex',
        position: corner,
        label: '',
        title: closes ? t('map.finish') : t('map.corner', { number: i + 1 }),
        onClick: closes ? () => finishRef.current() : undefined,
      });
    });
    engine.setMarkers(drawn);
  }, [engine, markers, clusters, corners, zoomTick, t, countLabel]);

  // The drawn shape: an open line while drawing, the closed area after; on the copy of the world in view, redrawn
  // when the view moves (a pan over the antimeridian jumps to another copy).
  useEffect(() => {
    if (!engine) return;
    const onView = (points: LatLng[]) => areaNear(points, engine.getCenter().longitude);
    if (corners) engine.setShape(onView(corners), false);
    else engine.setShape(area && onView(area), true);
    engine.setDrawing(drawing);
  }, [engine, corners, area, drawing, zoomTick]);

  const finishArea = (points: LatLng[]) => {
    if (points.length < 3) return;
    // As the search and a shared link take it: its first corner within ±180, the others where they were drawn.
    setArea(areaNear(points));
    setCorners(null);
    engine?.fitBounds(areaBounds(points));
    // The Finish button is gone: focus goes to the count of what the area holds, read out when it arrives.
    countRef.current?.focus();
  };
  const finish = () => finishArea(corners ?? []);
  const finishRef = useRef(finish);
  finishRef.current = finish;

  useEffect(() => {
    if (!drawing) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setCorners(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing]);

  function focusMap() {
    mapBox.current?.querySelector<HTMLElement>('.map-surface')?.focus();
  }

  // The island runs: on a phone the map takes the screen and the list waits behind the toggle.
  useEffect(() => setView('map'), []);
  const showView = (next: View) => {
    setView(next);
    if (next === 'list') requestAnimationFrame(() => listHeading.current?.focus());
    else
      requestAnimationFrame(() => {
        // The map's box had no size while hidden.
        engine?.resize();
        focusMap();
      });
  };

  // A tap adds a corner (on the first one, with three or more, it closes the area); a stroke is the area itself.
  const onTap = (x: number, y: number) => {
    if (!engine || !corners) return;
    const point = engine.pointAt(x, y);
    const first = corners[0];
    if (first && corners.length >= 3) {
      const a = engine.project(point);
      const b = engine.project(first);
      if (Math.hypot(a.x - b.x, a.y - b.y) < 16) return finish();
    }
    // Taps may come faster than the page redraws: each adds to the corners as they are by then.
    setCorners((current) => (current ? [...current, point] : current));
  };
  const onStroke = (pixels: { x: number; y: number }[]) => {
    if (engine) finishArea(pixels.map(({ x, y }) => engine.pointAt(x, y)));
  };

  const distanceOf = (item: MapListItem): number | null => {
    if (item.distanceKm !== null) return item.distanceKm;
    if (!visitor || item.latitude === null || item.longitude === null) return null;
    return distanceKm(visitor, { latitude: item.latitude, longitude: item.longitude });
  };
  const heading = area ? t('map.in_area') : initial.near ? t('nearby.title') : t('map.in_view');

  const countText =
    status === 'loading'
      ? t('map.loading')
      : status === 'error'
        ? t('map.load_failed')
        : listingCount(t, total, totalCapped);

  return (
    <div className="map-search" data-view={view ?? undefined}>
      <div className="map-search__map-column" ref={mapBox}>
        <div className="map-toolbar" role="toolbar" aria-label={t('map.tools')}>
          {!drawing && (
            <button
              className="button button--secondary"
              type="button"
              disabled={!engine}
              onClick={() => setCorners([])}
            >
              {area ? t('map.redraw') : t('map.draw')}
            </button>
          )}
          {!drawing && area && (
            <button className="button button--secondary" type="button" onClick={() => setArea(null)}>
              {t('map.clear_area')}
            </button>
          )}
          {drawing && (
            <>
              <button
                className="button button--secondary"
                type="button"
                onClick={() => engine && setCorners((c) => [...(c ?? []), engine.getCenter()])}
              >
                {t('map.add_center')}
              </button>
              <button className="button" type="button" disabled={(corners?.length ?? 0) < 3} onClick={finish}>
                {t('map.finish')}
              </button>
              <button className="button button--secondary" type="button" onClick={() => setCorners(null)}>
                {t('map.cancel')}
              </button>
            </>
          )}
          {visitor && !initial.near && (
            <a className="button button--secondary" href={`${path}?near=${encodeURIComponent(formatPoint(visitor))}`}>
              {t('nearby.link')}
            </a>
          )}
          {/* Focused after drawing an area (its Finish button is gone): the count of what the area holds is read. */}
          <p
            className="map-status"
            role="status"
            tabIndex={-1}
            ref={countRef}
            data-testid="map-count"
            data-state={live ? status : 'initial'}
          >
            {countText}
          </p>
        </div>
        <div className="map-search__surface">
          {/* Over the map, so the map does not move down when drawing starts. */}
          <p className="map-draw-hint" aria-live="polite">
            {drawing ? t('map.draw_help', { count: corners?.length ?? 0 }) : ''}
          </p>
          <MapSurface
            provider={provider}
            lang={lang}
            label={t('map.region')}
            placeholder={t('map.no_js')}
            options={{
              dir,
              center: WORLD_VIEW.center,
              zoom: WORLD_VIEW.zoom,
              zoomIn: t('map.zoom_in'),
              zoomOut: t('map.zoom_out'),
            }}
            onReady={setEngine}
          />
          {drawing && engine && <DrawLayer onTap={onTap} onStroke={onStroke} />}
          {view === 'map' ? (
            <button className="map-view-toggle" type="button" onClick={() => showView('list')}>
              {t('map.show_list', { count: countText })}
            </button>
          ) : (
            view === null && (
              <a className="map-view-toggle" href="#map-list-title">
                {t('map.show_list', { count: countText })}
              </a>
            )
          )}
        </div>
      </div>

      <section className="map-search__list" aria-labelledby="map-list-title">
        <h2 id="map-list-title" tabIndex={-1} ref={listHeading}>
          {heading}
        </h2>
        {clusters.length > 0 && (
          <p className="map-truncated" data-testid="map-counted">
            {t('map.counted')}
          </p>
        )}
        {truncated && (
          <p className="map-truncated" data-testid="map-truncated">
            {t('map.truncated', { count: markers.length })}
          </p>
        )}
        {items.length === 0 ? (
          <p>{t('map.no_results')}</p>
        ) : (
          <ul className="map-list" data-testid="map-list">
            {items.map((item) => (
              <li key={item.id}>
                <MapCard item={item} distance={distanceOf(item)} km={km} />
              </li>
            ))}
          </ul>
        )}
        {live ? (
          (items.length < total || totalCapped) && (
            <button
              className="button button--secondary map-pager"
              type="button"
              disabled={status === 'loading'}
              onClick={() => void load(items.length)}
            >
              {t('map.show_more')}
            </button>
          )
        ) : (
          <nav className="map-pager" aria-label={t('pagination.label')}>
            {pageLinks.previous && <a href={pageLinks.previous}>{t('pagination.previous')}</a>}
            {pageLinks.next && <a href={pageLinks.next}>{t('pagination.next')}</a>}
          </nav>
        )}
        {view === 'list' && (
          <button className="map-view-toggle" type="button" onClick={() => showView('map')}>
            {t('map.show_map')}
          </button>
        )}
      </section>
    </div>
  );
}

/** The south-west and north-east corners of an area, to fit the first view to the counted areas. */
const cornersOf = (box: MapClusterData): LatLng[] => [
  { latitude: box.south, longitude: box.west },
  { latitude: box.north, longitude: box.east },
];

function MapCard({ item, distance, km }: { item: MapListItem; distance: number | null; km: Intl.NumberFormat }) {
  const { t } = useTranslation();
  return (
    <article className="map-card" data-testid="map-card">
      {item.image ? (
        <img
          src={item.image.src}
          srcSet={item.image.srcset || undefined}
          sizes="7rem"
          width={item.image.width}
          height={item.image.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <img src="/images/placeholder-logo.svg" width="320" height="200" alt="" className="img-placeholder" />
      )}
      <div>
        <p className="card__meta">
          <span className={`badge badge--${item.propertyType}`}>
            {t(item.propertyType === 'rent' ? 'property.for_rent' : 'property.for_sale')}
          </span>{' '}
          {item.isFeatured && <span className="badge">{t('property.featured')}</span>}{' '}
          {item.category && <span>{item.category}</span>}
        </p>
        <h3 className="map-card__title">
          <a href={`/properties-details/${encodeURIComponent(item.slug)}`}>{item.title}</a>
        </h3>
        <p className="card__price">
          {item.priceLabel}
          {item.rentDuration && <span className="card__meta"> / {t(`property.rent_${item.rentDuration}`)}</span>}
        </p>
        {item.place && <p className="card__meta">{item.place}</p>}
        {distance !== null && (
          <p className="map-card__distance">{t('nearby.distance_km', { km: km.format(distance) })}</p>
        )}
      </div>
    </article>
  );
}
