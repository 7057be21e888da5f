import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeAppState, emptyAppState, PERSIST_KEY } from './app-state.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

describe('persisted app state', () => {
  it('falls back to defaults for corrupt or foreign storage', () => {
    expect(decodeAppState('not json')).toEqual(emptyAppState());
    expect(decodeAppState('{"user":{"data":{"id":"x"}},"cache":{"sliderDataLength":"many"}}')).toEqual(emptyAppState());
  });

  it('keeps the valid parts of an older shape', () => {
    const state = decodeAppState(
      JSON.stringify({ cache: { locationData: { latitude: 1, longitude: 2 }, unknown: true } }),
    );
    expect(state.cache.locationData).toEqual({ latitude: 1, longitude: 2 });
    expect(state.user.data).toBeNull();
  });

  it('writes every slice under the one root key, and logout clears only the user', async () => {
    const { $appState, setUser, setLocation, logout, $isLoggedIn } = await import('./app-state.ts');
    setTestStorageKey(PERSIST_KEY, JSON.stringify(emptyAppState()));
    setUser({ id: 3, name: 'Ann' });
    setLocation({ latitude: 10, longitude: 20 });
    expect($isLoggedIn.get()).toBe(true);
    expect(Object.keys(getTestStorage())).toEqual([PERSIST_KEY]);
    expect(JSON.parse(getTestStorage()[PERSIST_KEY]!).user.data).toEqual({ id: 3, name: 'Ann' });
    logout();
    expect($appState.get().user.data).toBeNull();
    expect($appState.get().cache.locationData).toEqual({ latitude: 10, longitude: 20 });
  });
});
