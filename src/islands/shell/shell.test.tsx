// @vitest-environment jsdom
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiActivity } from '../../stores/api-activity.ts';
import { $appState, $placeholderLogo, emptyAppState, setFcmToken, setUser } from '../../stores/app-state.ts';
import { $toasts, toast } from '../../stores/toasts.ts';
import { IslandI18nProvider } from '../i18n.tsx';
import {
  BANNER_DISMISSED_KEY,
  chatAndPushSupported,
  GEOLOCATION_ASKED_KEY,
  installDevtoolsBlock,
  installImageFallback,
  registerPushWorker,
  requestLocationOnce,
} from './effects.ts';
import { installProgressBar } from './progress-bar.ts';
import { Spinner } from './Spinner.tsx';
import { dragDismisses, Toasts } from './Toasts.tsx';
import { startShell, type ShellProps } from './start-shell.ts';
import { UnsupportedBanner } from './UnsupportedBanner.tsx';

const i18n = {
  lang: 'en',
  dir: 'ltr' as const,
  strings: {
    shell: {
      loading: 'Loading…',
      close: 'Close',
      notifications: 'Notifications',
      unsupported_browser: 'Chat and Notification features are not supported on this browser',
      dismiss: 'Dismiss',
      get_the_app: 'Get the app',
      browser_support: 'Browser support',
    },
  },
};
const withI18n = (ui: ReactNode) => render(<IslandI18nProvider i18n={i18n}>{ui}</IslandI18nProvider>);
const shellProps = (overrides: Partial<ShellProps> = {}): ShellProps => ({
  i18n,
  settings: { placeholderLogo: '', appstoreId: '' },
  blockDevtools: false,
  user: null,
  ...overrides,
});
/** jsdom lacks Push and service workers; this makes it a browser that supports chat and notifications. */
function supportChatAndPush() {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('EventSource', class {});
  vi.stubGlobal('Notification', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}
let stopShell: (() => void) | undefined;

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  stopShell?.();
  stopShell = undefined;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  cleanup();
  $toasts.set([]);
  $apiActivity.set(0);
  $appState.set(emptyAppState());
  cleanTestStorage();
  sessionStorage.clear();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The empty live region AppShell.astro renders, with the toasts mounted into it. */
function showToasts(): HTMLElement {
  const region = document.createElement('ol');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-label', 'Notifications');
  document.body.append(region);
  withI18n(<Toasts region={region} />);
  return region;
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());

  it("are shown in the page's live region, which was there before React", () => {
    const region = showToasts();
    expect(region.children).toHaveLength(0);
    act(() => void toast.success('Saved'));
    expect(screen.getByRole('list', { name: 'Notifications' })).toBe(region);
    expect(region.querySelector('li')?.textContent).toContain('Saved');
  });

  it('close by themselves after 5 seconds', () => {
    showToasts();
    act(() => void toast.success('Saved'));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('wait while pointed at or focused, then finish their time', () => {
    showToasts();
    act(() => void toast.info('Read me'));
    const item = screen.getByTestId('toast');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerEnter(item);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Read me')).not.toBeNull();
    fireEvent.pointerLeave(item);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Read me')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('close from their button, or with Escape from the keyboard', () => {
    showToasts();
    act(() => void toast.error('Payment failed'));
    act(() => void toast.info('Second'));
    const [first] = screen.getAllByRole('button', { name: 'Close' });
    fireEvent.click(first!);
    expect(screen.queryByText('Payment failed')).toBeNull();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('show a shell key as its text and anything else as given', () => {
    showToasts();
    act(() => void toast.info('shell.loading'));
    act(() => void toast.info('Saved. Thank you.'));
    expect(screen.getByText('Loading…')).not.toBeNull();
    expect(screen.getByText('Saved. Thank you.')).not.toBeNull();
  });

  function dragBy(element: HTMLElement, dx: number, from: Element = element) {
    element.getBoundingClientRect = () => ({ width: 200 }) as DOMRect;
    fireEvent.pointerDown(from, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(element, { clientX: 100 + dx / 2, pointerId: 1 });
    fireEvent.pointerMove(element, { clientX: 100 + dx, pointerId: 1 });
    fireEvent.pointerUp(element, { clientX: 100 + dx, pointerId: 1 });
  }

  it('snap back when dragged up to 80% of their width, either way', () => {
    showToasts();
    act(() => void toast.info('Hello'));
    const item = screen.getByTestId('toast');
    act(() => dragBy(item, 159)); // 79.5 %
    expect(screen.queryByText('Hello')).not.toBeNull();
    expect(item.style.transform).toBe('');
    act(() => dragBy(item, -160)); // exactly 80 %: not past it
    expect(screen.queryByText('Hello')).not.toBeNull();
  });

  it('go when dragged past 80% of their width, either way', () => {
    showToasts();
    act(() => void toast.info('Right'));
    act(() => dragBy(screen.getByTestId('toast'), 161)); // 80.5 %
    expect(screen.queryByText('Right')).toBeNull();
    act(() => void toast.info('Left'));
    act(() => dragBy(screen.getByTestId('toast'), -190));
    expect(screen.queryByText('Left')).toBeNull();
  });

  it('follow the pointer while dragged', () => {
    showToasts();
    act(() => void toast.info('Moving'));
    const item = screen.getByTestId('toast');
    item.getBoundingClientRect = () => ({ width: 200 }) as DOMRect;
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(item, { clientX: 150, pointerId: 1 });
    expect(item.style.transform).toBe('translateX(50px)');
    fireEvent.pointerCancel(item, { pointerId: 1 });
    expect(item.style.transform).toBe('');
  });

  it('do not start a drag from the close button', () => {
    showToasts();
    act(() => void toast.info('Stay'));
    const item = screen.getByTestId('toast');
    act(() => dragBy(item, 190, screen.getByRole('button', { name: 'Close' })));
    expect(screen.queryByText('Stay')).not.toBeNull();
  });

  it('keep the threshold rule in one place', () => {
    expect(dragDismisses(160, 200)).toBe(false);
    expect(dragDismisses(160.5, 200)).toBe(true);
    expect(dragDismisses(-161, 200)).toBe(true);
    expect(dragDismisses(10, 0)).toBe(false);
  });
});

describe('image fallback', () => {
  it('swaps a failed image for the placeholder at half opacity, once, and drops its other sources', () => {
    document.body.innerHTML =
      '<picture><source type="image/avif" srcset="/a.avif"><img id="i" src="/missing.webp" srcset="/m.webp 320w" sizes="50vw"></picture><img id="keep" data-no-fallback src="/x.png">';
    const stop = installImageFallback(document, () => '/placeholder.svg');
    const img = document.getElementById('i') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/placeholder.svg');
    expect(img.style.opacity).toBe('0.5');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(document.querySelectorAll('source')).toHaveLength(0);
    // The placeholder failing too does not loop.
    img.src = '/placeholder-broken.svg';
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/placeholder-broken.svg');
    const keep = document.getElementById('keep') as HTMLImageElement;
    keep.dispatchEvent(new Event('error'));
    expect(keep.getAttribute('src')).toBe('/x.png');
    stop();
    const late = document.createElement('img');
    late.src = '/late.png';
    document.body.append(late);
    late.dispatchEvent(new Event('error'));
    expect(late.getAttribute('src')).toBe('/late.png');
  });

  it('also swaps images that failed before the shell hydrated', async () => {
    document.body.innerHTML = '<img id="early" src="/gone.webp"><img id="fine" src="/ok.webp">';
    const early = document.getElementById('early') as HTMLImageElement;
    const fine = document.getElementById('fine') as HTMLImageElement;
    for (const img of [early, fine]) {
      Object.defineProperty(img, 'complete', { value: true });
      Object.defineProperty(img, 'naturalWidth', { value: img === fine ? 640 : 0 });
    }
    early.decode = () => Promise.reject(new Error('EncodingError'));
    fine.decode = vi.fn(() => Promise.resolve());
    const stop = installImageFallback(document, () => '/placeholder.svg');
    await Promise.resolve();
    await Promise.resolve();
    expect(early.getAttribute('src')).toBe('/placeholder.svg');
    expect(fine.getAttribute('src')).toBe('/ok.webp');
    expect(fine.decode).not.toHaveBeenCalled();
    stop();
  });

  it('uses the site placeholder from settings, else the bundled one', () => {
    expect($placeholderLogo.get()).toBe('/images/placeholder-logo.svg');
    $appState.set({
      ...emptyAppState(),
      settings: { data: { web_placeholder_logo: '/site-logo.png' }, fcmToken: null },
    });
    expect($placeholderLogo.get()).toBe('/site-logo.png');
  });
});

describe('devtools block', () => {
  const press = (init: KeyboardEventInit) => {
    const event = new KeyboardEvent('keydown', { ...init, cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const rightClick = () => {
    const menu = new MouseEvent('contextmenu', { cancelable: true });
    window.dispatchEvent(menu);
    return menu.defaultPrevented;
  };

  it('blocks the context menu and developer shortcuts, not ordinary keys', () => {
    const stop = installDevtoolsBlock(window);
    expect(press({ key: 'F12' })).toBe(true);
    expect(press({ key: 'I', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press({ key: 'J', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press({ key: 'C', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press({ key: 'u', ctrlKey: true })).toBe(true);
    expect(press({ key: 'i', metaKey: true, altKey: true })).toBe(true);
    expect(press({ key: 'c', ctrlKey: true })).toBe(false);
    expect(press({ key: 'v', ctrlKey: true })).toBe(false);
    expect(press({ key: 'u' })).toBe(false);
    expect(rightClick()).toBe(true);
    stop();
    expect(press({ key: 'F12' })).toBe(false);
    expect(rightClick()).toBe(false);
  });

  it('is on in the app shell only when the site asks for it', () => {
    stopShell = startShell(window, shellProps({ blockDevtools: false }), () => {});
    expect(rightClick()).toBe(false);
    expect(press({ key: 'F12' })).toBe(false);
    stopShell();
    stopShell = startShell(window, shellProps({ blockDevtools: true }), () => {});
    expect(rightClick()).toBe(true);
    expect(press({ key: 'F12' })).toBe(true);
  });
});

describe('unsupported-browser banner', () => {
  it('appears where push or server-sent events are missing, links the app, and stays dismissed', () => {
    // jsdom has neither service workers nor Push.
    expect(chatAndPushSupported(window)).toBe(false);
    withI18n(<UnsupportedBanner appstoreId="12345" />);
    const banner = screen.getByRole('complementary', { name: 'Browser support' });
    expect(banner.textContent).toContain('Chat and Notification features are not supported on this browser');
    expect(screen.getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe(
      'https://apps.apple.com/app/id12345',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('unsupported-banner')).toBeNull();
    expect(sessionStorage.getItem(BANNER_DISMISSED_KEY)).toBe('1');
    cleanup();
    withI18n(<UnsupportedBanner appstoreId="12345" />);
    expect(screen.queryByTestId('unsupported-banner')).toBeNull();
  });

  it('has no app link without an App Store id', () => {
    withI18n(<UnsupportedBanner appstoreId="" />);
    expect(screen.getByTestId('unsupported-banner')).not.toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('stays away in a browser with service workers, Push, EventSource and notifications', () => {
    supportChatAndPush();
    expect(chatAndPushSupported(window)).toBe(true);
    withI18n(<UnsupportedBanner appstoreId="12345" />);
    expect(screen.queryByTestId('unsupported-banner')).toBeNull();
  });
});

describe('progress bar', () => {
  beforeEach(() => vi.useFakeTimers());

  const install = () => (stopShell = installProgressBar(document, 'Loading…', $apiActivity));

  it('starts at 8% while API calls run and completes when they end', () => {
    install();
    expect(screen.queryByRole('progressbar')).toBeNull();
    $apiActivity.set(1);
    const bar = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(bar.getAttribute('aria-valuenow')).toBe('8');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    vi.advanceTimersByTime(1000);
    const trickled = Number(bar.getAttribute('aria-valuenow'));
    expect(trickled).toBeGreaterThan(8);
    expect(trickled).toBeLessThan(90);
    $apiActivity.set(0);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    vi.advanceTimersByTime(400);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('starts on a click that loads another page, not on one a script handles, that opens a tab or gets a file', () => {
    document.body.innerHTML =
      '<a id="next" href="/properties">Next</a><a id="tab" href="/faqs" target="_blank">Tab</a><a id="js" href="/x">JS</a>' +
      '<a id="file" href="/uploads/docs/deed.pdf">Deed</a><a id="receipt" href="/api/payment-receipt?id=1">Receipt</a>';
    install();
    document.getElementById('js')!.addEventListener('click', (e) => e.preventDefault());
    const click = (id: string) =>
      document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    click('js');
    click('tab');
    // Files download and leave the page where it is: a bar would never finish.
    click('file');
    click('receipt');
    vi.advanceTimersByTime(10);
    expect(screen.queryByRole('progressbar')).toBeNull();
    click('next');
    vi.advanceTimersByTime(10);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('8');
  });

  it('starts when a form is submitted to load a page, not when a script handles it', () => {
    document.body.innerHTML =
      '<form id="go" action="/search"></form><form id="js"></form><form id="tab" target="_blank"></form>';
    install();
    document.getElementById('js')!.addEventListener('submit', (e) => e.preventDefault());
    fireEvent.submit(document.getElementById('js')!);
    fireEvent.submit(document.getElementById('tab')!);
    vi.advanceTimersByTime(10);
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.submit(document.getElementById('go')!);
    vi.advanceTimersByTime(10);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('8');
    // Back/forward cache: the page comes back as it was left, without the bar.
    window.dispatchEvent(new Event('pageshow'));
    vi.advanceTimersByTime(400);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('spinner', () => {
  it('is announced as loading, or with its own label', () => {
    withI18n(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();
    render(<Spinner label="Loading the map" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the map');
  });
});

describe('start-up effects', () => {
  function fakeGeolocation() {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 38.7, longitude: -9.1 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    return getCurrentPosition;
  }

  it('asks for the position once per session and only when none is stored', async () => {
    const ask = fakeGeolocation();
    const save = vi.fn();
    await requestLocationOnce(window, { latitude: 1, longitude: 2 }, save);
    expect(ask).not.toHaveBeenCalled();
    await requestLocationOnce(window, null, save);
    expect(save).toHaveBeenCalledWith({ latitude: 38.7, longitude: -9.1 });
    expect(sessionStorage.getItem(GEOLOCATION_ASKED_KEY)).toBe('1');
    await requestLocationOnce(window, null, save);
    expect(ask).toHaveBeenCalledOnce();
  });

  it('ignores a refusal', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1 } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const save = vi.fn();
    await expect(requestLocationOnce(window, null, save)).resolves.toBeUndefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('registers the push worker at /sw.js only with a token and granted permission, and only logs problems', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const win = {
      navigator: { serviceWorker: { register } },
      Notification: { permission: 'granted' },
    } as unknown as Window & typeof globalThis;
    await registerPushWorker(win, null);
    expect(register).not.toHaveBeenCalled();
    await registerPushWorker(win, 'token-1');
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    (win.Notification as { permission: string }).permission = 'denied';
    await registerPushWorker(win, 'token-1');
    expect(register).toHaveBeenCalledOnce();
    register.mockRejectedValueOnce(new Error('sw failed'));
    (win.Notification as { permission: string }).permission = 'granted';
    await expect(registerPushWorker(win, 'token-1')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('mirrors the server user and settings into the stores, and stores the position', async () => {
    fakeGeolocation();
    setUser({ id: 7, name: 'Old', email: 'a@b.c' });
    setFcmToken(null);
    const settings = { placeholderLogo: '/logo.png', appstoreId: '42' };
    stopShell = startShell(window, shellProps({ settings, user: { id: 7, name: 'Ann' } }), () => {});
    await vi.waitFor(() => expect($appState.get().cache.locationData).not.toBeNull());
    const state = $appState.get();
    expect(state.user.data).toEqual({ id: 7, name: 'Ann', email: 'a@b.c' });
    expect(state.settings.data).toMatchObject({ web_placeholder_logo: '/logo.png', appstore_id: '42' });
    expect(state.cache.locationData).toEqual({ latitude: 38.7, longitude: -9.1 });
    stopShell();
    stopShell = startShell(window, shellProps({ settings }), () => {});
    expect($appState.get().user.data).toBeNull();
  });

  it('loads the React part only for a page with React islands, a browser that needs the banner, or a toast', () => {
    const mountUi = vi.fn();
    supportChatAndPush();
    stopShell = startShell(window, shellProps(), mountUi);
    expect(mountUi).not.toHaveBeenCalled();
    toast.info('shell.saved');
    toast.info('shell.saved');
    expect(mountUi).toHaveBeenCalledOnce();
    stopShell();

    $toasts.set([]);
    const withIsland = vi.fn();
    document.body.innerHTML = '<astro-island></astro-island>';
    stopShell = startShell(window, shellProps(), withIsland);
    expect(withIsland).toHaveBeenCalledOnce();
    stopShell();

    document.body.innerHTML = '';
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    const needsBanner = vi.fn();
    stopShell = startShell(window, shellProps(), needsBanner);
    expect(needsBanner).toHaveBeenCalledOnce();
    stopShell();
    sessionStorage.setItem(BANNER_DISMISSED_KEY, '1');
    const dismissed = vi.fn();
    stopShell = startShell(window, shellProps(), dismissed);
    expect(dismissed).not.toHaveBeenCalled();
  });
});
