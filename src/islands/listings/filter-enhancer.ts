import { FILTER_KEYS } from '../../lib/listing-filter-keys.ts';
import { restorePersistedState, setFilterData } from '../../stores/app-state.ts';
import { enhanceLiveForm, fetchPageHtml, type FetchHtml } from '../forms/live-form.ts';

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
    onLoaded: (url) => save(Object.fromEntries([...url.searchParams.entries()].filter(([key]) => key !== 'page'))),
  });
  if (!hasFilter(new URLSearchParams(window.location.search)) && restored && Object.keys(restored).length > 0) {
    const url = new URL(form.action, window.location.href);
    for (const key of FILTER_KEYS) if (restored[key]) url.searchParams.set(key, restored[key]);
    // Not a step of the visitor's: the entry they opened is rewritten, so Back still leaves the page.
    if (hasFilter(url.searchParams)) void live.load(url, 'replace');
  }
  return live.cleanup;
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
