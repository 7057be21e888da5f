import { useEffect } from 'react';
import { restorePersistedState, setFilterData } from '../../stores/app-state.ts';
import { fetchPageHtml as fetchHtml } from '../forms/live-form.ts';
import { enhanceFilterForm } from './filter-enhancer.ts';

interface Props {
  formId: string;
  resultsId: string;
}

/** Instant results for the server-rendered filter form; the filter is remembered in the cache store. */
export default function ListingFilters({ formId, resultsId }: Props) {
  useEffect(() => {
    const form = document.getElementById(formId);
    const results = document.getElementById(resultsId);
    if (!(form instanceof HTMLFormElement) || !results) return undefined;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    void restorePersistedState().then((state) => {
      if (cancelled) return;
      const stored = state.cache.filterData;
      const restored = stored
        ? Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : null;
      cleanup = enhanceFilterForm(form, results, { fetchHtml, save: setFilterData, restored });
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [formId, resultsId]);
  return null;
}
