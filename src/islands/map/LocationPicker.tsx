import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PickerStart } from '../../lib/picker-start.ts';
import { locationSchema } from '../../lib/validation/location.ts';
import { restorePersistedState } from '../../stores/app-state.ts';
import { IslandI18nProvider, useTranslation, type IslandI18n } from '../i18n.tsx';
import type { MapEngine } from './engine.ts';
import { geocoderFor } from './geocoder.ts';
import { isLatitude, isLongitude, longitudeRanges, wrapPoint } from '../../lib/geo.ts';
import { MapSurface } from './MapSurface.tsx';
import type { LatLng, MapProvider, PlaceData } from '../../lib/map-data.ts';
import './map.css';

/** Names of the form's location inputs: they stay plain inputs (typed in without JavaScript). */
export interface LocationFieldNames {
  city: string;
  state: string;
  country: string;
  /** The formatted address: `address` on the property form, `location` on the project form. */
  address: string;
  latitude: string;
  longitude: string;
}

export interface LocationPickerProps {
  i18n: IslandI18n;
  provider: MapProvider;
  formId: string;
  fields: LocationFieldNames;
  start: PickerStart | null;
}

/**
 * Adds a map to the location part of the property and project forms: search a place or click the map, and the
 * city, state, country, address and coordinates are filled in from the geocoder (spec sections 5 and 7).
 */
export default function LocationPicker(props: LocationPickerProps) {
  return (
    <IslandI18nProvider i18n={props.i18n}>
      <Picker {...props} />
    </IslandI18nProvider>
  );
}

type Message = { key: string; values?: Record<string, string | number> } | null;
const DEFAULT_VIEW = { center: { latitude: 20, longitude: 0 }, zoom: 2 };
/** The browser's own location (asked for once by the app shell) seen at street level. */
const BROWSER_ZOOM = 12;

const roundCoordinate = (value: number) => String(Math.round(value * 1e6) / 1e6);

function Picker({ provider, formId, fields, start }: LocationPickerProps) {
  const { t, lang, dir } = useTranslation();
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [point, setPoint] = useState<LatLng | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceData[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // The site's own geocoder is an API call: place search works before the map is on screen (a phone reaches the
  // search box long before the map below it). Google's needs its script, which comes with the map: a search
  // before then loads the map (`wake`) and runs once it is there.
  const geocoder = useMemo(
    () => (provider.kind === 'google' ? (engine ? geocoderFor(provider) : null) : geocoderFor(provider)),
    [engine, provider],
  );
  const [wake, setWake] = useState(false);
  const pendingSearch = useRef(false);
  const lookups = useRef(0);
  // Set while the picker itself writes the form, so its own writes are not read back as the owner's typing.
  const writing = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);

  const input = (name: string) => {
    const form = document.getElementById(formId);
    const found = form instanceof HTMLFormElement ? form.elements.namedItem(name) : null;
    return found instanceof HTMLInputElement || found instanceof HTMLTextAreaElement ? found : null;
  };
  const setField = (name: string, value: string) => {
    const field = input(name);
    if (!field || field.value === value) return;
    field.value = value;
    // The form's own checks listen for these, as if the owner had typed.
    writing.current = true;
    try {
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } finally {
      writing.current = false;
    }
  };
  /** The point the coordinate fields hold, when both are valid numbers. */
  const typedPoint = (): LatLng | null => {
    const latitude = Number(input(fields.latitude)?.value.trim() || Number.NaN);
    const longitude = Number(input(fields.longitude)?.value.trim() || Number.NaN);
    return isLatitude(latitude) && isLongitude(longitude) ? { latitude, longitude } : null;
  };

  // Start where the form already points (editing, or a re-shown form); else at the owner's stored location (the
  // profile's, then the one the browser gave), else at the site's default city.
  useEffect(() => {
    if (!engine) return undefined;
    const given = typedPoint();
    let cancelled = false;
    if (given) {
      setPoint(given);
      engine.setView(given, 13);
    } else if (start?.source === 'user') engine.setView(start, start.zoom);
    else {
      if (start) engine.setView(start, start.zoom);
      void restorePersistedState().then((state) => {
        const browser = state.cache.locationData;
        if (!cancelled && browser && !typedPoint()) engine.setView(browser, BROWSER_ZOOM);
      });
    }
    engine.onClick((clicked) => void pick(wrapPoint(clicked)));
    // Coordinates typed into their fields move the pin there.
    const follow = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (writing.current || (target?.name !== fields.latitude && target?.name !== fields.longitude)) return;
      const typed = typedPoint();
      if (!typed) return;
      lookups.current++;
      setPoint(typed);
      // The map follows only a point out of view: small corrections move the pin where the owner can see it.
      const view = engine.getBounds();
      const inView =
        typed.latitude >= view.south &&
        typed.latitude <= view.north &&
        longitudeRanges(view).some(([west, east]) => typed.longitude >= west && typed.longitude <= east);
      if (!inView) engine.setView(typed, Math.max(engine.getZoom(), 13));
    };
    const form = document.getElementById(formId);
    form?.addEventListener('input', follow);
    return () => {
      cancelled = true;
      form?.removeEventListener('input', follow);
    };
    // Wired once per engine; pick reads the latest state through refs and the form.
  }, [engine]);

  useEffect(() => {
    engine?.setMarkers(
      point ? [{ key: 'pin', kind: 'pin', position: point, label: '', title: t('location.picker') }] : [],
    );
  }, [engine, point, t]);

  /** Fills the form from a place; tells the owner when the place lacks one of the four required parts. */
  const fill = (place: PlaceData) => {
    setField(fields.latitude, roundCoordinate(place.latitude));
    setField(fields.longitude, roundCoordinate(place.longitude));
    setField(fields.city, place.city);
    setField(fields.state, place.state);
    setField(fields.country, place.country);
    setField(fields.address, place.formatted_address);
    const complete = locationSchema.safeParse(place).success;
    setMessage(
      complete
        ? { key: 'location.filled', values: { address: place.formatted_address } }
        : { key: 'location.incomplete' },
    );
  };

  const pick = async (clicked: LatLng) => {
    if (!geocoderRef.current) return;
    const lookup = ++lookups.current;
    setPoint(clicked);
    setResults(null);
    setField(fields.latitude, roundCoordinate(clicked.latitude));
    setField(fields.longitude, roundCoordinate(clicked.longitude));
    setMessage({ key: 'location.looking_up' });
    try {
      const place = await geocoderRef.current.reverse(clicked.latitude, clicked.longitude);
      if (lookup !== lookups.current) return;
      if (place) fill({ ...place, latitude: clicked.latitude, longitude: clicked.longitude });
      else setMessage({ key: 'location.no_place' });
    } catch (error) {
      console.warn('reverse geocoding failed:', error instanceof Error ? error.message : error);
      if (lookup === lookups.current) setMessage({ key: 'location.failed' });
    }
  };
  const geocoderRef = useRef(geocoder);
  geocoderRef.current = geocoder;

  const search = async () => {
    const text = query.trim();
    if (text.length < 2 || text.length > 100) {
      setMessage({ key: 'location.search_length' });
      return;
    }
    if (!geocoder) {
      pendingSearch.current = true;
      setWake(true);
      setMessage({ key: 'location.searching' });
      return;
    }
    setBusy(true);
    setMessage({ key: 'location.searching' });
    try {
      const found = await geocoder.search(text);
      setResults(found);
      // Said in the live region: how many places to choose from, or none.
      setMessage(
        found.length ? { key: 'location.found', values: { count: found.length } } : { key: 'location.no_results' },
      );
    } catch (error) {
      console.warn('place search failed:', error instanceof Error ? error.message : error);
      setMessage({ key: 'location.failed' });
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (!geocoder || !pendingSearch.current) return;
    pendingSearch.current = false;
    void search();
    // Runs the search asked for before the geocoder was there, once it is.
  }, [geocoder]);

  const choose = (place: PlaceData) => {
    lookups.current++;
    setPoint(place);
    setResults(null);
    engine?.setView(place, 13);
    fill(place);
    // The chosen button goes with the list: focus moves to the summary of what was filled in.
    setFocusStatus(true);
  };
  useEffect(() => {
    if (!focusStatus) return;
    setFocusStatus(false);
    statusRef.current?.focus();
  }, [focusStatus]);
  // Enter in the search box searches; it must not send the listing form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  };

  const searchId = `${formId}-place-search`;
  return (
    <div className="location-picker">
      <p className="field__hint" id={`${formId}-picker-help`}>
        {t('location.picker_help')}
      </p>
      <div className="location-picker__search">
        <div className="field">
          <label htmlFor={searchId}>{t('location.search_label')}</label>
          {/* Of no form (its `form` names none): Enter before the island is ready does not send the listing. */}
          <input
            id={searchId}
            form={`${searchId}-none`}
            type="search"
            enterKeyHint="search"
            value={query}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button className="button button--secondary" type="button" disabled={busy} onClick={() => void search()}>
          {t('location.search_button')}
        </button>
      </div>
      {results && results.length > 0 && (
        <ul className="location-picker__results" aria-label={t('location.results')}>
          {results.map((place) => (
            <li key={`${place.formatted_address}|${place.latitude}|${place.longitude}`}>
              <button className="button button--secondary" type="button" onClick={() => choose(place)}>
                {place.formatted_address}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint" role="status" data-testid="location-status" ref={statusRef} tabIndex={-1}>
        {message ? t(message.key, message.values) : ''}
      </p>
      <MapSurface
        provider={provider}
        lang={lang}
        small
        label={t('location.picker')}
        placeholder={t('location.map_loading')}
        options={{
          dir,
          center: DEFAULT_VIEW.center,
          zoom: DEFAULT_VIEW.zoom,
          zoomIn: t('map.zoom_in'),
          zoomOut: t('map.zoom_out'),
        }}
        load={wake}
        onReady={setEngine}
      />
    </div>
  );
}
