import { Worker } from 'node:worker_threads';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import type { PlaceData } from '../../lib/map-data.ts';

/**
 * The offline gazetteer behind reverse geocoding and place search when no Google key is set: about 156,000
 * cities with their state (first-level division) and country, from the countries-states-cities-service package
 * (data: dr5hn/countries-states-cities-database, ODbL 1.0). Loaded on first use, in a worker thread, and kept as
 * typed arrays with a k-d tree (kdbush) for nearest-city queries on the sphere (geokdbush).
 */

/** A place as reverse geocoding and place search answer it (the shape the location picker reads). */
export type Place = PlaceData;

interface PlaceIndex {
  size: number;
  names: string[];
  /** Lower-case, accents removed: what search compares. */
  keys: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  stateOf: Int32Array;
  countryOf: Int32Array;
  states: { name: string; key: string }[];
  countries: { name: string; key: string; capitalKey: string }[];
  tree: KDBush;
  /** City ids ordered by `keys`, for prefix search by binary search. */
  byKey: Int32Array;
}

/** Search and comparison form: lower case, no accents, single spaces. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What the loader worker sends back: the gazetteer as flat arrays (the typed ones transferred, not copied). */
interface RawGazetteer {
  names: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  stateOf: Int32Array;
  countryOf: Int32Array;
  states: string[];
  countries: { name: string; capital: string }[];
}

/*
 * Runs in a worker thread: the data set is a 7 MB JavaScript module whose parsing costs about 200 MB of memory.
 * Evaluated there, that memory goes away with the worker; only the compact arrays come back. Plain JavaScript (an
 * eval'd worker is not compiled), resolving the package from the server's working directory like any import.
 */
const LOADER = `
const { parentPort } = require('node:worker_threads');
(async () => {
  const [{ Cities }, { States }, { Countries }] = await Promise.all([
    import('countries-states-cities-service/cities'),
    import('countries-states-cities-service/states'),
    import('countries-states-cities-service/countries'),
  ]);
  const countryRows = Countries.getCountries();
  const countryIndex = new Map(countryRows.map((c, i) => [c.id, i]));
  const stateRows = States.getStates();
  const stateIndex = new Map(stateRows.map((s, i) => [s.id, i]));
  const rows = Cities.getCities().filter((c) => stateIndex.has(c.state_id) && countryIndex.has(c.country_id) &&
    Number.isFinite(Number(c.latitude)) && Number.isFinite(Number(c.longitude)));
  const latitudes = new Float64Array(rows.length);
  const longitudes = new Float64Array(rows.length);
  const stateOf = new Int32Array(rows.length);
  const countryOf = new Int32Array(rows.length);
  rows.forEach((c, i) => {
    latitudes[i] = Number(c.latitude);
    longitudes[i] = Number(c.longitude);
    stateOf[i] = stateIndex.get(c.state_id);
    countryOf[i] = countryIndex.get(c.country_id);
  });
  parentPort.postMessage({
    names: rows.map((c) => c.name), latitudes, longitudes, stateOf, countryOf,
    states: stateRows.map((s) => s.name),
    countries: countryRows.map((c) => ({ name: c.name, capital: c.capital })),
  }, [latitudes.buffer, longitudes.buffer, stateOf.buffer, countryOf.buffer]);
})().catch((error) => { throw error; });
`;

function loadGazetteer(): Promise<RawGazetteer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOADER, { eval: true });
    worker.once('message', (data: RawGazetteer) => {
      resolve(data);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`gazetteer loader stopped (${code})`)));
  });
}

async function build(): Promise<PlaceIndex> {
  const raw = await loadGazetteer();
  const size = raw.names.length;
  const keys = raw.names.map(placeKey);
  const tree = new KDBush(size);
  for (let i = 0; i < size; i++) tree.add(raw.longitudes[i]!, raw.latitudes[i]!);
  tree.finish();
  const byKey = Int32Array.from({ length: size }, (_, i) => i).sort((a, b) =>
    keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b,
  );
  return {
    size,
    names: raw.names,
    keys,
    latitudes: raw.latitudes,
    longitudes: raw.longitudes,
    stateOf: raw.stateOf,
    countryOf: raw.countryOf,
    states: raw.states.map((name) => ({ name, key: placeKey(name) })),
    countries: raw.countries.map((c) => ({ name: c.name, key: placeKey(c.name), capitalKey: placeKey(c.capital) })),
    tree,
    byKey,
  };
}

let loading: Promise<PlaceIndex> | undefined;

/** The index, built once per process on first use (a failed build is retried on the next call). */
function placeIndex(): Promise<PlaceIndex> {
  loading ??= build().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts building the index ahead of the first request (optional). */
export function warmPlaces(): void {
  void placeIndex().catch(() => {});
}

function placeOf(index: PlaceIndex, i: number): Place {
  const city = index.names[i]!;
  const state = index.states[index.stateOf[i]!]!.name;
  const country = index.countries[index.countryOf[i]!]!.name;
  const parts = [city, state, country].filter((part, n, all) => all.indexOf(part) === n);
  return {
    city,
    state,
    country,
    formatted_address: parts.join(', '),
    latitude: index.latitudes[i]!,
    longitude: index.longitudes[i]!,
  };
}

/** How much further than the nearest place a capital or a state's namesake may be and still be chosen. */
const PREFER_WITHIN_KM = 3;
/** Beyond this there is no city to name (the sea, the desert): no answer rather than a wrong one. */
export const REVERSE_MAX_KM = 100;

/**
 * The city a point belongs to: the nearest city of the data set, except that a country's capital or a city
 * named like its state, at most 3 km further away, wins over the nearest district (a point in central Lisbon
 * is Lisbon, not one of its parishes). Null when no city is within 100 km.
 */
export async function nearestPlace(latitude: number, longitude: number): Promise<Place | null> {
  const index = await placeIndex();
  const ids = around(index.tree, longitude, latitude, 64, REVERSE_MAX_KM);
  const first = ids[0];
  if (first === undefined) return null;
  const km = (i: number) => distance(longitude, latitude, index.longitudes[i]!, index.latitudes[i]!);
  const limit = km(first) + PREFER_WITHIN_KM;
  const near = ids.filter((i) => km(i) <= limit);
  const isCapital = (i: number) => index.keys[i] === index.countries[index.countryOf[i]!]!.capitalKey;
  const isStateNamesake = (i: number) => index.keys[i] === index.states[index.stateOf[i]!]!.key;
  const chosen = near.find(isCapital) ?? near.find(isStateNamesake) ?? first;
  return placeOf(index, chosen);
}

/** First position in `byKey` whose key is >= `prefix`. */
function lowerBound(index: PlaceIndex, prefix: string): number {
  let lo = 0;
  let hi = index.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.keys[index.byKey[mid]!]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** At most this many name matches are ranked per search: a two-letter prefix matches thousands. */
const SCAN_LIMIT = 2000;

/**
 * Places whose name starts with the text before the first comma; words after it must start the state's or the
 * country's name ("Cairo, Egypt", "Springfield, Illinois"). Exact names first, then capitals, then state
 * namesakes, then shorter names.
 */
export async function searchPlaces(text: string, limit: number): Promise<Place[]> {
  const [head = '', ...rest] = text.split(',');
  const prefix = placeKey(head);
  if (prefix.length < 2) return [];
  const qualifiers = rest.map(placeKey).filter(Boolean);
  const index = await placeIndex();
  const matches: number[] = [];
  for (let n = lowerBound(index, prefix); n < index.size && matches.length < SCAN_LIMIT; n++) {
    const i = index.byKey[n]!;
    if (!index.keys[i]!.startsWith(prefix)) break;
    const state = index.states[index.stateOf[i]!]!.key;
    const country = index.countries[index.countryOf[i]!]!.key;
    if (qualifiers.every((q) => state.startsWith(q) || country.startsWith(q))) matches.push(i);
  }
  const rank = (i: number) =>
    (index.keys[i] === prefix ? 0 : 8) +
    (index.keys[i] === index.countries[index.countryOf[i]!]!.capitalKey ? 0 : 4) +
    (index.keys[i] === index.states[index.stateOf[i]!]!.key ? 0 : 2);
  matches.sort((a, b) => rank(a) - rank(b) || index.keys[a]!.length - index.keys[b]!.length || a - b);
  const seen = new Set<string>();
  const places: Place[] = [];
  for (const i of matches) {
    const place = placeOf(index, i);
    if (seen.has(place.formatted_address)) continue;
    seen.add(place.formatted_address);
    places.push(place);
    if (places.length >= limit) break;
  }
  return places;
}
