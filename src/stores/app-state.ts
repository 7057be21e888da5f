import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { PERSIST_RESTORE_TIMEOUT_MS } from '../lib/cache-policy.ts';

/** The root localStorage key under which the spec's client state is persisted. */
export const PERSIST_KEY = 'marketplace';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const orNull = <T>(v: unknown, check: (v: unknown) => v is T): T | null => (check(v) ? v : null);
/**
 * The spec's local client state, as far as a page reads it (docs/decisions/047): the settings the shell merges
 * and the push token, the signed-in user's public profile, the last filters and the last map position. Lists,
 * languages and the rest of the spec's slices come with each server-rendered page instead.
 */
export interface AppState {
  settings: { data: Json | null; fcmToken: string | null };
  user: { data: ({ id: number; name: string } & Json) | null };
  cache: {
    filterData: Json | null;
    locationData: { latitude: number; longitude: number } | null;
  };
}
export type CacheState = AppState['cache'];

/*
 * Reads stored state field by field: every part falls back to its default, so storage written by an older
 * version, edited by hand or corrupted never breaks a page, and unknown keys are dropped. Hand-written rather than
 * a schema library because the app shell loads it on every interactive page. The user slice never holds the
 * session token: the browser's session lives in an httpOnly cookie (docs/decisions/005).
 */
export function parseAppState(raw: unknown): AppState {
  const root = isObject(raw) ? raw : {};
  const settings = isObject(root['settings']) ? root['settings'] : {};
  const user = isObject(root['user']) ? root['user'] : {};
  const userData = user['data'];
  const cache = isObject(root['cache']) ? root['cache'] : {};
  const location = cache['locationData'];
  return {
    settings: {
      data: orNull(settings['data'], isObject),
      fcmToken: orNull(settings['fcmToken'], isString),
    },
    user: {
      data:
        isObject(userData) && isNumber(userData['id']) && isString(userData['name'])
          ? (userData as AppState['user']['data'])
          : null,
    },
    cache: {
      filterData: orNull(cache['filterData'], isObject),
      locationData:
        isObject(location) && isNumber(location['latitude']) && isNumber(location['longitude'])
          ? { latitude: location['latitude'], longitude: location['longitude'] }
          : null,
    },
  };
}

export const emptyAppState = (): AppState => parseAppState({});

/** Session secrets that must never reach localStorage, whatever a caller hands us. */
const SECRET_USER_KEYS = ['token', 'api_token', 'access_token', 'refresh_token', 'password'];

export type PublicProfile = NonNullable<AppState['user']['data']>;

/** The user record as it may be persisted: the public profile, never a token (docs/decisions/005). */
export function publicProfile(user: PublicProfile | null): PublicProfile | null {
  if (!user) return null;
  const copy: PublicProfile = { ...user };
  for (const key of SECRET_USER_KEYS) delete copy[key];
  return copy;
}

export function decodeAppState(raw: string): AppState {
  try {
    const state = parseAppState(JSON.parse(raw));
    return { ...state, user: { data: publicProfile(state.user.data) } };
  } catch {
    return emptyAppState();
  }
}

export const $appState = persistentAtom<AppState>(PERSIST_KEY, emptyAppState(), {
  encode: JSON.stringify,
  decode: decodeAppState,
});

const $settings = computed($appState, (s) => s.settings);
export const $cache = computed($appState, (s) => s.cache);

/** Where failed images point: the site's placeholder logo, or the bundled default. */
export const DEFAULT_PLACEHOLDER_LOGO = '/images/placeholder-logo.svg';
export const $placeholderLogo = computed($settings, (s) => {
  const url = s.data?.['web_placeholder_logo'];
  return typeof url === 'string' && url.trim() ? url : DEFAULT_PLACEHOLDER_LOGO;
});

function update<K extends keyof AppState>(slice: K, patch: Partial<AppState[K]>) {
  const state = $appState.get();
  try {
    $appState.set({ ...state, [slice]: { ...state[slice], ...patch } });
  } catch (error) {
    // A full or blocked localStorage (private mode, quota) must not break the page; the value is just not kept.
    console.warn('client state not saved:', error instanceof Error ? error.message : error);
  }
}

/** Merges a few settings the page already knows (the placeholder logo, the currency). */
export function mergeSettings(patch: Record<string, unknown>) {
  const data = $appState.get().settings.data ?? {};
  // Every page load merges the same values: skip the write (and the other tabs' storage events) then.
  if (Object.entries(patch).every(([key, value]) => data[key] === value)) return;
  update('settings', { data: { ...data, ...patch } });
}
export const setFcmToken = (fcmToken: string | null) => update('settings', { fcmToken });

export const setUser = (data: PublicProfile | null) => update('user', { data: publicProfile(data) });
/** Logout clears the user slice (spec section 4). */
export const logout = () => update('user', { data: null });
/**
 * Mirrors the user the server rendered the page for: null signs the store out; the same user keeps any extra
 * profile fields stored earlier; a different user replaces the record.
 */
export function syncServerUser(user: { id: number; name: string } | null) {
  const stored = $appState.get().user.data;
  if (!user) {
    if (stored) logout();
    return;
  }
  if (stored?.id === user.id && stored.name === user.name) return;
  setUser(stored?.id === user.id ? { ...stored, ...user } : user);
}

export const setLocation = (locationData: CacheState['locationData']) => update('cache', { locationData });
export const setFilterData = (filterData: CacheState['filterData']) => update('cache', { filterData });

/**
 * Resolves once persisted state is available, or after the time-out (spec: 5 s). localStorage restores
 * synchronously, so this resolves at once today; the time-out keeps the contract if storage becomes asynchronous.
 */
export function restorePersistedState(timeoutMs = PERSIST_RESTORE_TIMEOUT_MS): Promise<AppState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.resolve().then(() => $appState.get()),
    new Promise<AppState>((resolve) => {
      timer = setTimeout(() => resolve($appState.get()), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
