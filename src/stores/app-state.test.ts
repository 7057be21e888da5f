import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  $appState,
  $cache,
  $placeholderLogo,
  decodeAppState,
  emptyAppState,
  logout,
  mergeSettings,
  PERSIST_KEY,
  restorePersistedState,
  setFilterData,
  setLocation,
  setUser,
  syncServerUser,
} from './app-state.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $appState.set(emptyAppState());
  cleanTestStorage();
  vi.useRealTimers();
});

const stored = () => JSON.parse(getTestStorage()[PERSIST_KEY] ?? 'null');
const storedUser = () => $appState.get().user.data;

describe('persisted app state', () => {
  it('has the slices pages read, with empty defaults', () => {
    expect(emptyAppState()).toEqual({
      settings: { data: null, fcmToken: null },
      user: { data: null },
      cache: { filterData: null, locationData: null },
    });
  });

  it('falls back to defaults for corrupt or foreign storage', () => {
    expect(decodeAppState('not json')).toEqual(emptyAppState());
    expect(decodeAppState('null')).toEqual(emptyAppState());
    expect(decodeAppState('[1,2]')).toEqual(emptyAppState());
    expect(decodeAppState('{"user":{"data":{"id":"x"}},"cache":{"filterData":"many"}}')).toEqual(emptyAppState());
  });

  it('keeps the valid parts of an older shape', () => {
    const state = decodeAppState(
      JSON.stringify({
        language: { languages: [], selectedLanguage: 'ar' },
        cache: { locationData: { latitude: 1, longitude: 2 }, isProject: 'yes', categories: [1] },
      }),
    );
    expect(state.cache).toEqual({ filterData: null, locationData: { latitude: 1, longitude: 2 } });
    expect(state).not.toHaveProperty('language');
    expect(state.user.data).toBeNull();
  });

  it('drops unknown keys and values of the wrong type, field by field', () => {
    const state = decodeAppState(
      JSON.stringify({
        settings: { data: [1], fcmToken: 7, extra: 1 },
        cache: { filterData: { city: 'Porto' }, locationData: { latitude: 1 }, unknown: true },
        stray: true,
      }),
    );
    expect(state).toEqual({ ...emptyAppState(), cache: { ...emptyAppState().cache, filterData: { city: 'Porto' } } });
  });

  it('restores what the page stored, and starts clean when storage was tampered with', () => {
    setTestStorageKey(PERSIST_KEY, JSON.stringify({ user: { data: { id: 5, name: 'Bo' } } }));
    const stop = $appState.listen(() => {});
    expect(storedUser()).toEqual({ id: 5, name: 'Bo' });
    stop();
    setTestStorageKey(PERSIST_KEY, '{"user":');
    const stop2 = $appState.listen(() => {});
    expect($appState.get()).toEqual(emptyAppState());
    stop2();
  });

  it('writes every slice under the one root key, and logout clears only the user', () => {
    setUser({ id: 3, name: 'Ann' });
    setLocation({ latitude: 10, longitude: 20 });
    setFilterData({ category_id: 2 });
    expect(Object.keys(getTestStorage())).toEqual([PERSIST_KEY]);
    expect(stored().user.data).toEqual({ id: 3, name: 'Ann' });
    expect(stored().cache.filterData).toEqual({ category_id: 2 });
    logout();
    expect(stored().user.data).toBeNull();
    expect($cache.get().locationData).toEqual({ latitude: 10, longitude: 20 });
  });

  it('never keeps a session token, whoever hands one over', () => {
    setUser({ id: 3, name: 'Ann', token: 'secret', api_token: 'secret' });
    expect(getTestStorage()[PERSIST_KEY]).not.toContain('secret');
    expect(decodeAppState(JSON.stringify({ user: { data: { id: 1, name: 'X', token: 'old' } } })).user.data).toEqual({
      id: 1,
      name: 'X',
    });
  });

  it('mirrors the user the server rendered the page for', () => {
    setUser({ id: 3, name: 'Ann', email: 'ann@example.com' });
    syncServerUser({ id: 3, name: 'Ann B' });
    expect(storedUser()).toEqual({ id: 3, name: 'Ann B', email: 'ann@example.com' });
    syncServerUser({ id: 4, name: 'Cy' });
    expect(storedUser()).toEqual({ id: 4, name: 'Cy' });
    syncServerUser(null);
    expect(storedUser()).toBeNull();
  });

  it('merges the settings a page knows into those stored', () => {
    mergeSettings({ currency_symbol: '$', web_placeholder_logo: '/a.png' });
    mergeSettings({ appstore_id: '9' });
    expect($appState.get().settings).toMatchObject({
      data: { currency_symbol: '$', web_placeholder_logo: '/a.png', appstore_id: '9' },
    });
    expect($placeholderLogo.get()).toBe('/a.png');
    mergeSettings({ web_placeholder_logo: '  ' });
    expect($placeholderLogo.get()).toBe('/images/placeholder-logo.svg');
  });

  it('restores at once from localStorage, and never waits past the time-out', async () => {
    setUser({ id: 1, name: 'A' });
    await expect(restorePersistedState()).resolves.toMatchObject({ user: { data: { id: 1 } } });
    vi.useFakeTimers();
    const restored = restorePersistedState(5000);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(restored).resolves.toMatchObject({ user: { data: { id: 1 } } });
    expect(vi.getTimerCount()).toBe(0);
  });
});
