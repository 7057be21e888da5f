/**
 * The listing gallery's full-screen view (src/components/property/PropertyGallery.astro). Without JavaScript the
 * gallery is a swipeable strip whose photos link to their full-size files; this script opens those links in a
 * modal <dialog> instead: swipe or arrow through the photos, Escape or Close to leave, focus back where it was.
 * The dialog's position line is a polite live region, so a screen reader hears "Photo 3 of 12" as the photo
 * changes. Returns a cleanup function.
 */
/** The dialog's own controls, which Tab goes round: its buttons and its photo track. */
const CONTROLS = 'button, [tabindex="0"]';

export function installGalleryViewer(gallery: HTMLElement): () => void {
  const strip = gallery.querySelector<HTMLElement>('[data-gallery-strip]');
  const dialog = gallery.querySelector<HTMLDialogElement>('[data-gallery-viewer]');
  const track = dialog?.querySelector<HTMLElement>('[data-gallery-viewer-track]');
  const position = dialog?.querySelector<HTMLElement>('[data-gallery-position]');
  const openButton = gallery.querySelector<HTMLButtonElement>('[data-gallery-open]');
  if (!strip || !dialog || !track || !position || typeof dialog.showModal !== 'function') return () => {};

  const links = [...strip.querySelectorAll<HTMLAnchorElement>('a[data-gallery-index]')];
  const template = position.dataset['template'] ?? '{n} / {total}';
  const rtl = () => getComputedStyle(gallery).direction === 'rtl';
  const smooth = (): ScrollBehavior =>
    window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
  let current = 0;
  let opener: HTMLElement | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;
  // The slide a scroll this script started is heading for: the track passes other slides on its way (and a slow
  // phone may pause there), which must not be taken for a swipe that came to rest.
  let steeringTo: number | undefined;

  // The dialog shows the strip's own pictures, drawn as wide as the screen (the browser picks the larger file).
  track.replaceChildren(
    ...links.map((link, index) => {
      const slide = document.createElement('li');
      slide.className = 'gallery-viewer__slide';
      const picture = link.querySelector('picture, img')?.cloneNode(true) as HTMLElement | undefined;
      if (picture) {
        for (const source of picture.querySelectorAll('source, img')) source.setAttribute('sizes', '100vw');
        // Loaded when the dialog shows them, not with the page.
        picture.querySelector('img')?.removeAttribute('fetchpriority');
        picture.querySelector('img')?.setAttribute('loading', 'lazy');
        slide.append(picture);
      }
      slide.setAttribute('aria-hidden', 'true');
      slide.dataset['index'] = String(index);
      return slide;
    }),
  );

  /** Which slide a scroller shows: its scroll offset in slides (negative offsets in right-to-left pages). */
  const shownIn = (scroller: HTMLElement) => {
    const first = scroller.firstElementChild as HTMLElement | null;
    const next = first?.nextElementSibling as HTMLElement | null;
    const step = first && next ? Math.abs(next.offsetLeft - first.offsetLeft) : scroller.clientWidth;
    return step > 0 ? Math.round(Math.abs(scroller.scrollLeft) / step) : 0;
  };
  const scrollToSlide = (scroller: HTMLElement, index: number, behavior: ScrollBehavior) => {
    const slide = scroller.children[index] as HTMLElement | undefined;
    if (!slide) return;
    const start = (scroller.firstElementChild as HTMLElement).offsetLeft;
    // Right to left, later slides sit further left: the offset is negative, as the scroll position there is.
    scroller.scrollTo({ left: slide.offsetLeft - start, behavior });
  };

  const announce = (index: number) => {
    current = index;
    position.textContent = template.replace('{n}', String(index + 1)).replace('{total}', String(links.length));
    [...track.children].forEach((slide, i) => slide.setAttribute('aria-hidden', String(i !== index)));
  };
  const show = (index: number, behavior: ScrollBehavior) => {
    const target = Math.min(Math.max(index, 0), links.length - 1);
    announce(target);
    steeringTo = target;
    scrollToSlide(track, target, behavior);
  };

  const open = (index: number, from: HTMLElement) => {
    opener = from;
    dialog.showModal();
    show(index, 'instant');
  };
  const onLinkClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-gallery-index]');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open(Number(link.dataset['galleryIndex']), link);
  };
  const onOpenClick = () => open(shownIn(strip), openButton!);
  // A modal dialog keeps the page behind it out of reach, but Tab would still leave for the browser's own controls.
  // Written here rather than taken from focus-trap.ts: a module shared with another script would move this one out
  // of the listing page into files loaded with it, where it now ships inline.
  const keepFocusIn = (event: KeyboardEvent) => {
    const controls = [...dialog.querySelectorAll<HTMLElement>(CONTROLS)];
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab') return keepFocusIn(event);
    const forward = rtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl() ? 'ArrowRight' : 'ArrowLeft';
    const moves: Record<string, number> = {
      [forward]: current + 1,
      [back]: current - 1,
      Home: 0,
      End: links.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to, smooth());
  };
  const onDialogClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-gallery-step], [data-gallery-close]');
    if (!button) return;
    if (button.hasAttribute('data-gallery-close')) dialog.close();
    else show(current + Number(button.dataset['galleryStep']), smooth());
  };
  // A swipe moves the track itself: once it rests, the photo it rests on is the current one.
  const onTrackRest = () => {
    const shown = shownIn(track);
    if (steeringTo !== undefined) {
      if (shown === steeringTo) steeringTo = undefined;
      return;
    }
    if (shown !== current) announce(shown);
  };
  const onSwipeStart = () => {
    steeringTo = undefined;
  };
  // Browsers without `scrollend` take a pause in scroll events for the rest.
  const restEvent = 'onscrollend' in window ? 'scrollend' : 'scroll';
  const onTrackScroll =
    restEvent === 'scrollend'
      ? onTrackRest
      : () => {
          clearTimeout(settle);
          settle = setTimeout(onTrackRest, 150);
        };
  const onClose = () => {
    clearTimeout(settle);
    steeringTo = undefined;
    scrollToSlide(strip, current, 'instant');
    // The link of the photo last shown, or the button that opened the view: where a keyboard user left off.
    const back = opener === openButton ? openButton : (links[current] ?? opener);
    back?.focus();
    opener = null;
  };

  // One signal takes every listener away again.
  const listeners = new AbortController();
  const signal = listeners.signal;
  strip.addEventListener('click', onLinkClick, { signal });
  openButton?.addEventListener('click', onOpenClick, { signal });
  if (openButton) openButton.hidden = false;
  dialog.addEventListener('keydown', onKeyDown, { signal });
  dialog.addEventListener('click', onDialogClick, { signal });
  dialog.addEventListener('close', onClose, { signal });
  track.addEventListener(restEvent, onTrackScroll, { passive: true, signal });
  track.addEventListener('pointerdown', onSwipeStart, { passive: true, signal });
  track.addEventListener('wheel', onSwipeStart, { passive: true, signal });
  gallery.dataset['enhanced'] = '';
  return () => {
    listeners.abort();
    clearTimeout(settle);
    if (openButton) openButton.hidden = true;
    track.replaceChildren();
    delete gallery.dataset['enhanced'];
  };
}

export function installGalleryViewers(doc: Document): void {
  for (const gallery of doc.querySelectorAll<HTMLElement>('[data-gallery]')) installGalleryViewer(gallery);
}
