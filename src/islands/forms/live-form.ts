/** A page as fetched: its HTML, and the address it was served at after any redirect (a search the server reread). */
export interface FetchedPage {
  html: string;
  url: string;
}

/** Fetches a page; the page itself renders the region, so islands never duplicate server markup. */
export type FetchHtml = (url: string, signal: AbortSignal) => Promise<FetchedPage>;

/** Same-origin fetch of a page. */
export const fetchPageHtml: FetchHtml = async (url, signal) => {
  const response = await fetch(url, { signal, headers: { accept: 'text/html' }, credentials: 'same-origin' });
  // A 4xx page still carries the region (with its messages): show it like a success.
  if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
  return { html: await response.text(), url: response.url || url };
};

export interface LiveFormOptions {
  fetchHtml: FetchHtml;
  /** Milliseconds to wait after typing before loading. */
  typingDelay?: number;
  /** After a new state is shown (and the address updated), with the page it came from. */
  onLoaded?: (url: URL, page: Document) => void;
  /**
   * A `role="status"` element outside the region (the result count), refreshed from the page by its id. It stays
   * the same element, so screen readers announce its new text; one inside the region would be replaced instead.
   */
  status?: HTMLElement;
}

/**
 * What a load does to the session history: a new entry (what a person did, as a plain form submit or link would),
 * the current entry rewritten (typing on in the same field, an automatic load), or nothing (Back or Forward, whose
 * entry is already current).
 */
export type HistoryMode = 'push' | 'replace' | 'none';

export interface LiveForm {
  load(url: URL, history?: HistoryMode): Promise<void>;
  cleanup(): void;
}

const TYPED = new Set(['text', 'search', 'number', 'email', 'tel', 'url']);

/** The form's non-empty values, as the query string of the page (empty optional fields are left out). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries())
    if (typeof value === 'string' && value.trim() !== '') values[key] = value.trim();
  return values;
}

/** The form set to the query; the field being typed in keeps its text unless the whole state is another one. */
function setFormValues(form: HTMLFormElement, params: URLSearchParams, keepFocused: boolean) {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
    if (element.type === 'hidden' || (keepFocused && element === document.activeElement)) continue;
    const value = params.get(element.name) ?? '';
    if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = value === element.value;
    else element.value = value;
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * The form's field messages as the page rendered them for the new state: a control marked invalid (aria-invalid,
 * its wrapper's `field--invalid`) with its note `<id>-error`, or cleared. The form itself is not swapped (that
 * would lose what is being typed), so without this a message for a field would only appear after a full reload.
 */
function syncFieldMessages(form: HTMLFormElement, page: Document) {
  for (const control of Array.from(form.elements).filter(isControl)) {
    if (!control.id) continue;
    const fresh = page.getElementById(control.id);
    if (!fresh) continue;
    for (const name of ['aria-invalid', 'aria-describedby']) {
      const value = fresh.getAttribute(name);
      if (value === null) control.removeAttribute(name);
      else control.setAttribute(name, value);
    }
    if (control.parentElement && fresh.parentElement)
      control.parentElement.classList.toggle(
        'field--invalid',
        fresh.parentElement.classList.contains('field--invalid'),
      );
    const noteId = `${control.id}-error`;
    const note = form.ownerDocument.getElementById(noteId);
    const freshNote = page.getElementById(noteId);
    if (!freshNote) {
      note?.remove();
      continue;
    }
    const copy = form.ownerDocument.importNode(freshNote, true);
    if (note) note.replaceWith(copy);
    else control.after(copy);
  }
}

const shownAddress = () => window.location.pathname + window.location.search;

/** Moves focus to what replaced the focused element, so keyboard and screen reader users keep their place. */
function keepFocusNear(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * Makes a server-rendered GET form live: as the visitor changes it, the same page is fetched with the new query,
 * one region of it is swapped in and the address updated (shareable). Links inside the region marked
 * `data-live-link` load the same way. Each change and link is a history entry, and Back and Forward show the entry's
 * results again, as they would without JavaScript, where the form simply submits.
 */
export function enhanceLiveForm(
  form: HTMLFormElement,
  region: HTMLElement,
  { fetchHtml, typingDelay = 400, onLoaded, status }: LiveFormOptions,
): LiveForm {
  const path = new URL(form.action, window.location.href).pathname;
  let controller: AbortController | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  // The field whose typing made the current history entry: more typing there rewrites it instead of adding one
  // entry per pause.
  let typingEntry: Element | null = null;
  // The query of the latest load, shown or on its way: Back or Forward past a fragment (#main) keeps it and loads
  // nothing, while two quick Backs load the second entry even before the first has arrived.
  let wanted = shownAddress();

  async function load(url: URL, history: HistoryMode = 'push') {
    controller?.abort();
    const current = (controller = new AbortController());
    const asked = url.pathname + url.search;
    wanted = asked;
    region.setAttribute('aria-busy', 'true');
    try {
      const fetched = await fetchHtml(asked, current.signal);
      // The server may answer with another address (a city typed among the words becomes the city filter): the
      // address bar and the form then show that one.
      const landed = new URL(fetched.url, window.location.href);
      const address = landed.pathname + landed.search;
      const redirected = address !== asked;
      wanted = address;
      const page = new DOMParser().parseFromString(fetched.html, 'text/html');
      const next = page.getElementById(region.id);
      if (!next) throw new Error('region missing');
      // A link clicked inside the region (a page number, a filter chip) is about to disappear with it.
      const focusWasInside = region.contains(document.activeElement);
      region.innerHTML = next.innerHTML;
      if (status) status.textContent = page.getElementById(status.id)?.textContent ?? '';
      if (focusWasInside) keepFocusNear(status ?? region);
      // Submitting what is already shown (Enter after a pause in typing) adds no entry, as a link to itself would not.
      if (history === 'push' && address !== shownAddress()) window.history.pushState(null, '', address);
      else if (history !== 'none') window.history.replaceState(null, '', address);
      // Back and Forward bring a whole earlier state, the text of the focused field included, as does a redirect.
      setFormValues(form, landed.searchParams, history !== 'none' && !redirected);
      syncFieldMessages(form, page);
      onLoaded?.(landed, page);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      // The page still works as a form: fall back to a normal navigation (into the entry Back or Forward chose).
      if (history === 'push') window.location.assign(asked);
      else window.location.replace(asked);
    } finally {
      // A newer load may have started meanwhile; the region is busy until that one ends.
      if (controller === current) region.removeAttribute('aria-busy');
    }
  }

  const apply = (typedIn: Element | null = null) => {
    const url = new URL(path, window.location.href);
    for (const [key, value] of Object.entries(formValues(form))) url.searchParams.set(key, value);
    const history = typedIn && typedIn === typingEntry ? 'replace' : 'push';
    typingEntry = typedIn;
    void load(url, history);
  };
  const typed = (event: Event) => TYPED.has((event.target as HTMLInputElement).type);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    clearTimeout(typingTimer);
    apply();
  };
  // Choices apply at once; typed text waits for a pause.
  const onChange = (event: Event) => {
    if (!typed(event)) apply();
  };
  const onInput = (event: Event) => {
    if (!typed(event)) return;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => apply(event.target as Element), typingDelay);
  };
  const onRegionClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.('a[data-live-link]');
    if (!(link instanceof HTMLAnchorElement) || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    typingEntry = null;
    void load(new URL(link.href, window.location.href));
  };
  // Back or Forward to another query of this page: show its results (the browser has already set the address).
  const onPopState = () => {
    if (window.location.pathname !== path || shownAddress() === wanted) return;
    clearTimeout(typingTimer);
    typingEntry = null;
    void load(new URL(window.location.href), 'none');
  };

  form.addEventListener('submit', onSubmit);
  form.addEventListener('change', onChange);
  form.addEventListener('input', onInput);
  region.addEventListener('click', onRegionClick);
  window.addEventListener('popstate', onPopState);

  return {
    load,
    cleanup() {
      controller?.abort();
      clearTimeout(typingTimer);
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('change', onChange);
      form.removeEventListener('input', onInput);
      region.removeEventListener('click', onRegionClick);
      window.removeEventListener('popstate', onPopState);
    },
  };
}

/** Enhances every form marked `data-live-region` (the id of its result region): calculators and converters. */
export function enhanceLiveForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-live-region]')) {
    const region = doc.getElementById(form.dataset['liveRegion'] ?? '');
    if (!region) continue;
    enhanceLiveForm(form, region, { fetchHtml: fetchPageHtml });
    // Tests wait for this before they type (tests/e2e/support/hydration.ts).
    form.dataset['enhanced'] = '';
  }
}
