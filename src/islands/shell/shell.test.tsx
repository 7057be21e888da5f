// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, toast } from '../../stores/toasts.ts';
import { IslandI18nProvider } from '../i18n.tsx';
import { chatAndPushSupported, installDevtoolsBlock, installImageFallback } from './effects.ts';
import { Toasts } from './Toasts.tsx';
import { UnsupportedBanner } from './UnsupportedBanner.tsx';

const i18n = {
  lang: 'en',
  dir: 'ltr' as const,
  strings: {
    shell: {
      close: 'Close',
      notifications: 'Notifications',
      unsupported_browser: 'Chat and Notification features are not supported on this browser',
      dismiss: 'Dismiss',
      get_the_app: 'Get the app',
      browser_support: 'Browser support',
    },
  },
};
const withI18n = (ui: React.ReactNode) => render(<IslandI18nProvider i18n={i18n}>{ui}</IslandI18nProvider>);

afterEach(() => {
  cleanup();
  $toasts.set([]);
  vi.useRealTimers();
});

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());

  it('close by themselves after 5 seconds', () => {
    withI18n(<Toasts />);
    act(() => void toast.success('Saved'));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('close from their button, and errors are announced as alerts', () => {
    withI18n(<Toasts />);
    act(() => void toast.error('Payment failed'));
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Payment failed')).toBeNull();
  });

  function dragBy(element: HTMLElement, dx: number) {
    element.getBoundingClientRect = () => ({ width: 200 }) as DOMRect;
    fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(element, { clientX: 100 + dx, pointerId: 1 });
    fireEvent.pointerUp(element, { clientX: 100 + dx, pointerId: 1 });
  }

  it('stay when dragged less than 80% of their width, and go when dragged past it', () => {
    withI18n(<Toasts />);
    act(() => void toast.info('Hello'));
    const item = screen.getByTestId('toast');
    act(() => dragBy(item, 150));
    expect(screen.queryByText('Hello')).not.toBeNull();
    expect(item.style.transform).toBe('');
    act(() => dragBy(item, -160));
    expect(screen.queryByText('Hello')).toBeNull();
  });
});

describe('image fallback', () => {
  it('swaps a failed image for the placeholder at half opacity, once', () => {
    document.body.innerHTML =
      '<picture><source type="image/avif" srcset="/a.avif"><img id="i" src="/missing.webp" srcset="/m.webp 320w"></picture><img id="keep" data-no-fallback src="/x.png">';
    const stop = installImageFallback(document, '/placeholder.svg');
    const img = document.getElementById('i') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/placeholder.svg');
    expect(img.style.opacity).toBe('0.5');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(document.querySelectorAll('source')).toHaveLength(0);
    img.src = '/placeholder-broken.svg';
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/placeholder-broken.svg');
    const keep = document.getElementById('keep') as HTMLImageElement;
    keep.dispatchEvent(new Event('error'));
    expect(keep.getAttribute('src')).toBe('/x.png');
    stop();
  });
});

describe('devtools block', () => {
  it('blocks the context menu and developer shortcuts, not ordinary keys', () => {
    const stop = installDevtoolsBlock(window);
    const press = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { ...init, cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press({ key: 'F12' })).toBe(true);
    expect(press({ key: 'i', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press({ key: 'u', ctrlKey: true })).toBe(true);
    expect(press({ key: 'c', ctrlKey: true })).toBe(false);
    const menu = new MouseEvent('contextmenu', { cancelable: true });
    window.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
    stop();
    expect(press({ key: 'F12' })).toBe(false);
  });
});

describe('unsupported-browser banner', () => {
  it('appears where push or server-sent events are missing, links the app, and stays dismissed', () => {
    expect(chatAndPushSupported(window)).toBe(false);
    withI18n(<UnsupportedBanner appstoreId="12345" />);
    expect(screen.getByText('Chat and Notification features are not supported on this browser')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe(
      'https://apps.apple.com/app/id12345',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('unsupported-banner')).toBeNull();
    cleanup();
    withI18n(<UnsupportedBanner appstoreId="" />);
    expect(screen.queryByTestId('unsupported-banner')).toBeNull();
  });
});
