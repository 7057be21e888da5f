// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installSiteMenu } from './site-menu.ts';

describe('installSiteMenu', () => {
  let cleanup: () => void;
  let menu: HTMLDetailsElement;
  let toggle: HTMLElement;

  beforeEach(() => {
    document.body.innerHTML = `
      <header><details data-site-menu><summary>Menu</summary><nav><a href="/agents">Agents</a></nav></details></header>
      <main><p>Page</p><a href="/faqs">FAQs</a></main>`;
    menu = document.querySelector('details')!;
    toggle = document.querySelector('summary')!;
    cleanup = installSiteMenu(document);
    menu.open = true;
  });
  afterEach(() => cleanup());

  it('closes on Escape and puts the focus back on its button', () => {
    document.querySelector<HTMLAnchorElement>('nav a')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on a click or focus outside it, and stays open for those inside', () => {
    document.querySelector('nav')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(true);
    document.querySelector('main p')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(false);
    menu.open = true;
    document.querySelector<HTMLAnchorElement>('main a')!.focus();
    expect(menu.open).toBe(false);
  });

  it('leaves other keys and a closed menu alone, and stops listening on cleanup', () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(menu.open).toBe(true);
    menu.open = false;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.activeElement).not.toBe(toggle);
    cleanup();
    menu.open = true;
    document.querySelector('main p')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(true);
    expect(menu.hasAttribute('data-enhanced')).toBe(false);
    cleanup = () => {};
  });

  it('does nothing on a page without the menu', () => {
    document.body.innerHTML = '<main></main>';
    expect(() => installSiteMenu(document)()).not.toThrow();
  });
});
