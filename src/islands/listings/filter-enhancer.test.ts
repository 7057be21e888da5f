// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceFilterForm, formFilter, type FetchHtml } from './filter-enhancer.ts';

/** A stand-in for the server: the results region says which query it was rendered for. */
const page = (query: string) =>
  `<main><div id="results"><p role="status">results for ${query || 'everything'}</p>` +
  `<a data-live-link href="/properties?city=Porto">remove</a></div></main>`;

let fetched: string[];
let saved: Record<string, string>[];
let cleanup: () => void;
const fetchHtml: FetchHtml = (url) => {
  fetched.push(url);
  return Promise.resolve(page(new URL(url, 'http://localhost').search.slice(1)));
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function render(restored: Record<string, string> | null = null) {
  document.body.innerHTML = `
    <form id="filters" action="/properties" method="get">
      <label for="f-search">Search</label><input id="f-search" type="search" name="search">
      <label for="f-type">Type</label>
      <select id="f-type" name="property_type"><option value="">Any</option><option value="rent">Rent</option></select>
      <label for="f-city">City</label><input id="f-city" type="text" name="city">
      <label><input type="checkbox" name="promoted" value="1"> Promoted</label>
      <button type="submit">Apply</button>
    </form>
    <div id="results"><p role="status">first render</p></div>`;
  const form = document.getElementById('filters') as HTMLFormElement;
  cleanup = enhanceFilterForm(form, document.getElementById('results')!, {
    fetchHtml,
    save: (filter) => saved.push(filter),
    restored,
    typingDelay: 20,
  });
  return form;
}
const results = () => document.querySelector('#results [role="status"]')!.textContent;

beforeEach(() => {
  fetched = [];
  saved = [];
  window.history.replaceState(null, '', '/properties');
});
afterEach(() => cleanup());

describe('the filter form, enhanced', () => {
  it('reads only the filled fields', () => {
    const form = render();
    (form.elements.namedItem('city') as HTMLInputElement).value = '  Porto ';
    expect(formFilter(form)).toEqual({ city: 'Porto' });
  });

  it('updates the results, the address and the remembered filter when a choice changes', async () => {
    const form = render();
    const type = form.elements.namedItem('property_type') as HTMLSelectElement;
    type.value = 'rent';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(fetched).toEqual(['/properties?property_type=rent']);
    expect(results()).toBe('results for property_type=rent');
    expect(window.location.search).toBe('?property_type=rent');
    expect(saved.at(-1)).toEqual({ property_type: 'rent' });
  });

  it('waits for a pause in typing before searching', async () => {
    const form = render();
    const search = form.elements.namedItem('search') as HTMLInputElement;
    for (const value of ['s', 'se', 'sea']) {
      search.value = value;
      search.dispatchEvent(new Event('input', { bubbles: true }));
    }
    expect(fetched).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(fetched).toEqual(['/properties?search=sea']);
  });

  it('loads chip and page links in place and sets the form to match', async () => {
    const form = render();
    form.requestSubmit();
    await settle();
    document.querySelector<HTMLAnchorElement>('#results a[data-live-link]')!.click();
    await settle();
    expect(fetched.at(-1)).toBe('/properties?city=Porto');
    expect((form.elements.namedItem('city') as HTMLInputElement).value).toBe('Porto');
  });

  it('applies the remembered filter when the page opens without one, and not otherwise', async () => {
    render({ city: 'Lisbon', unrelated: 'x' });
    await settle();
    expect(fetched).toEqual(['/properties?city=Lisbon']);
    cleanup();
    fetched = [];
    window.history.replaceState(null, '', '/properties?property_type=rent');
    render({ city: 'Lisbon' });
    await settle();
    expect(fetched).toEqual([]);
  });

  it('stops listening when cleaned up', async () => {
    const form = render();
    cleanup();
    const spy = vi.fn();
    form.addEventListener('submit', spy);
    form.requestSubmit();
    await settle();
    expect(fetched).toEqual([]);
    cleanup = () => undefined;
  });
});
