import { FILTER_KEYS } from '../../features/search/filter-keys.ts';
import { restorePersistedState, setFilterData } from '../../stores/app-state.ts';
import { enhanceLiveForm, fetchPageHtml, type FetchHtml } from '../forms/live-form.ts';
import { enhanceFilterSheet } from './filter-sheet.ts';

export { formValues as formFilter } from '../forms/live-form.ts';
export type { FetchHtml };

export interface FilterEnhancerOptions {
  fetchHtml: FetchHtml;
  /** Remembers the filter (the spec's cache.filterData). */
  save: (filter: Record<string, string>) => void;
  /** The filter remembered from an earlier visit, applied when the page was opened without one. */
  restored: Record<string, string> | null;
  /** Milliseconds to wait after typing before searching. */
  typingDelay?: number;
  /** The result count's live region, outside the results (see live-form.ts). */
  status?: HTMLElement;
}

const hasFilter = (params: URLSearchParams) => FILTER_KEYS.some((key) => params.has(key));

/**
 * Parts of the page outside the results that show the search (the chips' values, the map link), marked
 * `data-live-sync` with an id: brought up to date from the page of each new state. The element itself stays, so
 * focus on a chip is kept.
 */
function syncOutside(doc: Document, page: Document) {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-live-sync][id]')) {
    const fresh = page.getElementById(element.id);
    if (!fresh) continue;
    element.innerHTML = fresh.innerHTML;
    element.className = fresh.className;
    const href = fresh.getAttribute('href');
    if (href !== null) element.setAttribute('href', href);
  }
}

/**
 * Controls of the form placed elsewhere on the page by their `form` attribute (the sort beside the count): their
 * changes do not reach the form's own listeners, so they submit it; their submit button is only for pages without
 * JavaScript.
 */
function enhanceOutsideControls(form: HTMLFormElement): () => void {
  const outside = [...form.elements].filter((element) => !form.contains(element));
  const submit = () => form.requestSubmit();
  for (const element of outside) {
    if (element instanceof HTMLButtonElement) element.hidden = true;
    else element.addEventListener('change', submit);
  }
  return () => {
    for (const element of outside) {
      if (element instanceof HTMLButtonElement) element.hidden = false;
      else element.removeEventListener('change', submit);
    }
  };
}

/**
 * The /properties filter form, live (see live-form.ts), with the filter remembered between visits and applied again
 * when the list is opened without one. Returns a cleanup function.
 */
export function enhanceFilterForm(
  form: HTMLFormElement,
  results: HTMLElement,
  { fetchHtml, save, restored, typingDelay, status }: FilterEnhancerOptions,
): () => void {
  const live = enhanceLiveForm(form, results, {
    fetchHtml,
    ...(typingDelay === undefined ? {} : { typingDelay }),
    status,
    onLoaded: (url, page) => {
      syncOutside(form.ownerDocument, page);
      save(Object.fromEntries([...url.searchParams.entries()].filter(([key]) => key !== 'page')));
    },
  });
  const outsideCleanup = enhanceOutsideControls(form);
  const sheetCleanup = enhanceFilterSheet(form);
  if (!hasFilter(new URLSearchParams(window.location.search)) && restored && Object.keys(restored).length > 0) {
    const url = new URL(form.action, window.location.href);
    for (const key of FILTER_KEYS) if (restored[key]) url.searchParams.set(key, restored[key]);
    // Not a step of the visitor's: the entry they opened is rewritten, so Back still leaves the page.
    if (hasFilter(url.searchParams)) void live.load(url, 'replace');
  }
  return () => {
    sheetCleanup();
    outsideCleanup();
    live.cleanup();
  };
}

/**
 * Enhances the list page's filter form, marked `data-live-results` (the id of its results region) and
 * `data-live-status` (the id of its result count), once the filter remembered from an earlier visit has been read
 * from storage.
 */
export function enhanceListingFilters(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-live-results]')) {
    const results = doc.getElementById(form.dataset['liveResults'] ?? '');
    if (!results) continue;
    const status = doc.getElementById(form.dataset['liveStatus'] ?? '') ?? undefined;
    void restorePersistedState().then((state) => {
      const stored = state.cache.filterData;
      const restored = stored
        ? Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : null;
      enhanceFilterForm(form, results, { fetchHtml: fetchPageHtml, save: setFilterData, restored, status });
      // Tests wait for this before they filter (tests/e2e/support/hydration.ts).
      form.dataset['enhanced'] = '';
    });
  }
}
