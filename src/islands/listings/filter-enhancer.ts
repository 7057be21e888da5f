import { FILTER_KEYS } from '../../lib/listing-filter-keys.ts';
import { enhanceLiveForm, type FetchHtml } from '../forms/live-form.ts';

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
}

const hasFilter = (params: URLSearchParams) => FILTER_KEYS.some((key) => params.has(key));

/**
 * The /properties filter form, live (see live-form.ts), with the filter remembered between visits and applied again
 * when the list is opened without one. Returns a cleanup function.
 */
export function enhanceFilterForm(
  form: HTMLFormElement,
  results: HTMLElement,
  { fetchHtml, save, restored, typingDelay }: FilterEnhancerOptions,
): () => void {
  const live = enhanceLiveForm(form, results, {
    fetchHtml,
    ...(typingDelay === undefined ? {} : { typingDelay }),
    onLoaded: (url) => save(Object.fromEntries([...url.searchParams.entries()].filter(([key]) => key !== 'page'))),
  });
  if (!hasFilter(new URLSearchParams(window.location.search)) && restored && Object.keys(restored).length > 0) {
    const url = new URL(form.action, window.location.href);
    for (const key of FILTER_KEYS) if (restored[key]) url.searchParams.set(key, restored[key]);
    if (hasFilter(url.searchParams)) void live.load(url);
  }
  return live.cleanup;
}
