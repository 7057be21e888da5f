/**
 * The header's menu (src/components/layout/SiteHeader.astro) is a <details> that opens and closes without
 * JavaScript. On pages with the app shell it also closes as a menu is expected to: on Escape (focus back on its
 * button), on a click or focus outside it. Returns a cleanup function.
 */
export function installSiteMenu(doc: Document): () => void {
  const menu = doc.querySelector<HTMLDetailsElement>('details[data-site-menu]');
  const toggle = menu?.querySelector('summary');
  if (!menu || !toggle) return () => {};

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    toggle.focus();
  };
  const closeFromOutside = (event: Event) => {
    if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
  };
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('click', closeFromOutside);
  doc.addEventListener('focusin', closeFromOutside);
  menu.dataset['enhanced'] = '';
  return () => {
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('click', closeFromOutside);
    doc.removeEventListener('focusin', closeFromOutside);
    delete menu.dataset['enhanced'];
  };
}
