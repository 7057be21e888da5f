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
const isLanguage = (v: unknown): v is AppState['language']['languages'][number] =>
  isObject(v) && isString(v['code']) && isString(v['name']) && typeof v['isRtl'] === 'boolean';

/** The spec's local client state. */
export interface AppState {
  settings: { data: Json | null; lastFetch: number | null; fcmToken: string | null };
  user: { data: ({ id: number; name: string } & Json) | null };
  language: {
    languages: { code: string; name: string; isRtl: boolean }[];
    selectedLanguage: string | null;
  };
  cache: {
    categories: unknown[];
    newUserChatData: Json | null;
    filterData: Json | null;
    articleCategoryId: number | null;
    sliderDataLength: number;
    isProject: boolean;
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
  const language = isObject(root['language']) ? root['language'] : {};
  const languages = language['languages'];
  const cache = isObject(root['cache']) ? root['cache'] : {};
  const location = cache['locationData'];
  return {
    settings: {
      data: orNull(settings['data'], isObject),
      lastFetch: orNull(settings['lastFetch'], isNumber),
      fcmToken: orNull(settings['fcmToken'], isString),
    },
    user: {
      data:
        isObject(userData) && isNumber(userData['id']) && isString(userData['name'])
          ? (userData as AppState['user']['data'])
          : null,
    },
    language: {
      languages:
        Array.isArray(languages) && languages.every(isLanguage)
          ? languages.map((l) => ({ code: l.code, name: l.name, isRtl: l.isRtl }))
          : [],
      selectedLanguage: orNull(language['selectedLanguage'], isString),
    },
    cache: {
      categories: Array.isArray(cache['categories']) ? cache['categories'] : [],
      newUserChatData: orNull(cache['newUserChatData'], isObject),
      filterData: orNull(cache['filterData'], isObject),
      articleCategoryId: orNull(cache['articleCategoryId'], isNumber),
      sliderDataLength: isNumber(cache['sliderDataLength']) ? cache['sliderDataLength'] : 0,
      isProject: typeof cache['isProject'] === 'boolean' ? cache['isProject'] : false,
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

export const $settings = computed($appState, (s) => s.settings);
export const $user = computed($appState, (s) => s.user);
export const $language = computed($appState, (s) => s.language);
export const $cache = computed($appState, (s) => s.cache);
/** Logged in = a user record is present (the server rendered the truth; the store mirrors it). */
export const $isLoggedIn = computed($user, (u) => u.data !== null);

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

/** Stores a fresh web-settings reply. */
export const setSettings = (data: Record<string, unknown>, at = Date.now()) =>
  update('settings', { data, lastFetch: at });
/** Merges a few settings the page already knows, without pretending web-settings was fetched. */
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

export const setLanguages = (languages: AppState['language']['languages']) => update('language', { languages });
export const setLanguage = (selectedLanguage: string) => update('language', { selectedLanguage });
export const setLocation = (locationData: CacheState['locationData']) => update('cache', { locationData });
export const setFilterData = (filterData: CacheState['filterData']) => update('cache', { filterData });
export const setCategories = (categories: CacheState['categories']) => update('cache', { categories });
export const setNewUserChatData = (newUserChatData: CacheState['newUserChatData']) =>
  update('cache', { newUserChatData });
export const updateCache = (patch: Partial<CacheState>) => update('cache', patch);

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
