import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
// zod/mini: the same schemas, tree-shaken, so the shell island stays small.
import * as z from 'zod/mini';
import { PERSIST_RESTORE_TIMEOUT_MS } from '../lib/cache-policy.ts';

/** The root localStorage key under which the spec's client state is persisted. */
export const PERSIST_KEY = 'marketplace';

const locationSchema = z.object({ latitude: z.number(), longitude: z.number() });
const nullable = <T extends z.ZodMiniType>(schema: T) => z.catch(z.nullable(schema), null);

/*
 * The spec's local client state. Every part parses with a default, so storage written by an older version,
 * edited by hand or corrupted never breaks a page. The user slice never holds the session token: the browser's
 * session lives in an httpOnly cookie (docs/decisions/005).
 */
export const appStateSchema = z.object({
  settings: z.catch(
    z.object({
      data: nullable(z.record(z.string(), z.unknown())),
      lastFetch: nullable(z.number()),
      fcmToken: nullable(z.string()),
    }),
    { data: null, lastFetch: null, fcmToken: null },
  ),
  user: z.catch(z.object({ data: nullable(z.catchall(z.object({ id: z.number(), name: z.string() }), z.unknown())) }), {
    data: null,
  }),
  language: z.catch(
    z.object({
      languages: z.catch(z.array(z.object({ code: z.string(), name: z.string(), isRtl: z.boolean() })), []),
      selectedLanguage: nullable(z.string()),
    }),
    { languages: [], selectedLanguage: null },
  ),
  cache: z.catch(
    z.object({
      categories: z.catch(z.array(z.unknown()), []),
      newUserChatData: nullable(z.record(z.string(), z.unknown())),
      filterData: nullable(z.record(z.string(), z.unknown())),
      articleCategoryId: nullable(z.number()),
      sliderDataLength: z.catch(z.number(), 0),
      isProject: z.catch(z.boolean(), false),
      locationData: nullable(locationSchema),
    }),
    {
      categories: [],
      newUserChatData: null,
      filterData: null,
      articleCategoryId: null,
      sliderDataLength: 0,
      isProject: false,
      locationData: null,
    },
  ),
});
export type AppState = z.output<typeof appStateSchema>;
export type CacheState = AppState['cache'];

export const emptyAppState = (): AppState => appStateSchema.parse({});

export function decodeAppState(raw: string): AppState {
  try {
    return appStateSchema.parse(JSON.parse(raw));
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
export const $isLoggedIn = computed($user, (u) => u.data !== null);

function update<K extends keyof AppState>(slice: K, patch: Partial<AppState[K]>) {
  const state = $appState.get();
  $appState.set({ ...state, [slice]: { ...state[slice], ...patch } });
}

export const setSettings = (data: Record<string, unknown>, at = Date.now()) =>
  update('settings', { data, lastFetch: at });
export const setFcmToken = (fcmToken: string | null) => update('settings', { fcmToken });
export const setUser = (data: AppState['user']['data']) => update('user', { data });
/** Logout clears the user slice (spec section 4). */
export const logout = () => update('user', { data: null });
export const setLanguage = (selectedLanguage: string) => update('language', { selectedLanguage });
export const setLocation = (locationData: CacheState['locationData']) => update('cache', { locationData });
export const setFilterData = (filterData: CacheState['filterData']) => update('cache', { filterData });
export const updateCache = (patch: Partial<CacheState>) => update('cache', patch);

/**
 * Resolves once persisted state is available, or after the time-out. localStorage restores synchronously, so
 * this resolves at once today; the time-out keeps the contract if storage ever becomes asynchronous.
 */
export function restorePersistedState(timeoutMs = PERSIST_RESTORE_TIMEOUT_MS): Promise<AppState> {
  return Promise.race([
    Promise.resolve($appState.get()),
    new Promise<AppState>((resolve) => setTimeout(() => resolve($appState.get()), timeoutMs)),
  ]);
}
