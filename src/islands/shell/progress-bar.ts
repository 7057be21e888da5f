import type { ReadableAtom } from 'nanostores';
import { PROGRESS_MINIMUM } from '../../lib/cache-policy.ts';

/** Paths that answer with files or JSON (often as downloads, which leave the page where it is), never pages. */
const isFilePath = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/uploads/');

/** Is this click going to load another page of ours? */
function isNavigatingClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download'))
    return false;
  const url = new URL(link.href, location.href);
  return (
    url.origin === location.origin &&
    !isFilePath(url.pathname) &&
    !(url.pathname === location.pathname && url.search === location.search && url.hash)
  );
}

/** Is this form submission going to load a page in this tab? */
function isNavigatingSubmit(event: SubmitEvent): boolean {
  if (event.defaultPrevented) return false;
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return false;
  const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
  const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
  const target = submitter?.getAttribute('formtarget') ?? form.getAttribute('target') ?? '';
  return method !== 'dialog' && (target === '' || target === '_self');
}

/**
 * Route-change and request progress (spec section 2): a bar along the top that starts at 8 % when a page load or
 * an API call begins, trickles towards 90 % and completes when the work ends. Plain DOM rather than a React
 * component, so a page without React islands does not load React for it. Returns a cleanup function.
 */
export function installProgressBar(doc: Document, label: string, activity: ReadableAtom<number>): () => void {
  const win = doc.defaultView ?? window;
  let navigating = false;
  let busy = false;
  let progress: number | null = null;
  let bar: HTMLElement | null = null;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;

  const show = (next: number | null) => {
    progress = next;
    if (progress === null) {
      bar?.remove();
      bar = null;
      return;
    }
    if (!bar) {
      bar = doc.createElement('div');
      bar.className = 'shell-progress';
      bar.setAttribute('role', 'progressbar');
      bar.setAttribute('aria-label', label);
      bar.setAttribute('aria-valuemin', '0');
      bar.setAttribute('aria-valuemax', '100');
      const fill = doc.createElement('div');
      fill.className = 'shell-progress__bar';
      bar.append(fill);
      doc.body.append(bar);
    }
    bar.setAttribute('aria-valuenow', String(Math.round(progress * 100)));
    (bar.firstElementChild as HTMLElement).style.transform = `scaleX(${progress})`;
  };

  const update = () => {
    const nowBusy = navigating || activity.get() > 0;
    if (nowBusy === busy) return;
    busy = nowBusy;
    clearInterval(trickle);
    clearTimeout(hide);
    if (busy) {
      show(progress === null || progress >= 1 ? PROGRESS_MINIMUM : progress);
      // Trickles ever more slowly towards 90 %: the real end is unknown until it comes.
      trickle = setInterval(
        () => show((progress ?? PROGRESS_MINIMUM) + (0.9 - (progress ?? PROGRESS_MINIMUM)) * 0.1),
        250,
      );
    } else if (progress !== null) {
      show(1);
      hide = setTimeout(() => show(null), 300);
    }
  };
  const navigate = () => {
    navigating = true;
    update();
  };

  // Decided after every other handler has run, so one that calls preventDefault() later still counts.
  const onClick = (event: MouseEvent) => setTimeout(() => isNavigatingClick(event) && navigate());
  const onSubmit = (event: SubmitEvent) => setTimeout(() => isNavigatingSubmit(event) && navigate());
  // Back/forward cache restores the page as it was when left: reset.
  const onPageShow = () => {
    navigating = false;
    update();
  };
  doc.addEventListener('click', onClick);
  doc.addEventListener('submit', onSubmit);
  win.addEventListener('pageshow', onPageShow);
  const stopListening = activity.listen(update);
  update();
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('submit', onSubmit);
    win.removeEventListener('pageshow', onPageShow);
    stopListening();
    clearInterval(trickle);
    clearTimeout(hide);
    show(null);
  };
}
