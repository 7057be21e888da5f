// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceFilterForm, formFilter, type FetchHtml } from './filter-enhancer.ts';

/** A stand-in for the server: the count says which query the page was rendered for. */
const page = (query: string) =>
  `<main><p id="count" role="status">results for ${query || 'everything'}</p>` +
  `<div id="results"><a data-live-link href="/properties?city=Porto">remove</a></div></main>`;

let fetched: string[];
let saved: Record<string, string>[];
let cleanup: () => void;
const fetchHtml: FetchHtml = (url) => {
  fetched.push(url);
  return Promise.resolve({ html: page(new URL(url, 'http://localhost').search.slice(1)), url });
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function render(restored: Record<string, string> | null = null, fetcher: FetchHtml = fetchHtml) {
  document.body.innerHTML = `
    <form id="filters" action="/properties" method="get">
      <label for="f-search">Search</label><input id="f-search" type="search" name="search">
      <label for="f-type">Type</label>
      <select id="f-type" name="property_type"><option value="">Any</option><option value="rent">Rent</option></select>
      <label for="f-city">City</label><input id="f-city" type="text" name="city">
      <label><input type="checkbox" name="promoted" value="1"> Promoted</label>
      <button type="submit">Apply</button>
    </form>
    <p id="count" role="status">first render</p>
    <div id="results"><a data-live-link href="/properties?city=Porto">remove</a></div>`;
  const form = document.getElementById('filters') as HTMLFormElement;
  cleanup = enhanceFilterForm(form, document.getElementById('results')!, {
    fetchHtml: fetcher,
    save: (filter) => saved.push(filter),
    restored,
    typingDelay: 20,
    status: document.getElementById('count')!,
  });
  return form;
}
const results = () => document.getElementById('count')!.textContent;

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

  it('shows the address and the form of the page the server answered with, when it rereads the search', async () => {
    // As /properties does with a city typed among the words: it redirects to the same search with the city filter.
    const rereading: FetchHtml = (url) => {
      fetched.push(url);
      const landed = url.includes('search=flat+in+Porto') ? '/properties?city=Porto&search=flat' : url;
      return Promise.resolve({ html: page(new URL(landed, 'http://localhost').search.slice(1)), url: landed });
    };
    const form = render(null, rereading);
    const search = form.elements.namedItem('search') as HTMLInputElement;
    search.value = 'flat in Porto';
    form.requestSubmit();
    await settle();
    expect(fetched).toEqual(['/properties?search=flat+in+Porto']);
    expect(window.location.search).toBe('?city=Porto&search=flat');
    expect((form.elements.namedItem('city') as HTMLInputElement).value).toBe('Porto');
    expect(search.value).toBe('flat');
    expect(results()).toBe('results for city=Porto&search=flat');
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

  it('adds a history entry for each change and link, one for a run of typing in a field, none for a resubmit', async () => {
    const form = render();
    const start = window.history.length;
    const type = form.elements.namedItem('property_type') as HTMLSelectElement;
    type.value = 'rent';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(window.history.length).toBe(start + 1);
    document.querySelector<HTMLAnchorElement>('#results a[data-live-link]')!.click();
    await settle();
    expect(window.history.length).toBe(start + 2);
    const search = form.elements.namedItem('search') as HTMLInputElement;
    for (const value of ['sea', 'seaside']) {
      search.value = value;
      search.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(fetched.at(-1)).toBe('/properties?search=seaside&city=Porto');
    expect(window.location.search).toBe('?search=seaside&city=Porto');
    expect(window.history.length).toBe(start + 3);
    form.requestSubmit();
    await settle();
    expect(window.history.length).toBe(start + 3);
  });

  it('shows the results of the entry Back and Forward go to, with the form set to match', async () => {
    const form = render();
    const type = form.elements.namedItem('property_type') as HTMLSelectElement;
    type.value = 'rent';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    const city = form.elements.namedItem('city') as HTMLInputElement;
    city.value = 'Porto';
    form.requestSubmit();
    await settle();
    expect(results()).toBe('results for property_type=rent&city=Porto');
    const backTo = (search: string) =>
      new Promise<void>((resolve) => {
        window.addEventListener('popstate', () => resolve(), { once: true });
        window.history.back();
      }).then(async () => {
        await settle();
        expect(window.location.search).toBe(search);
      });
    await backTo('?property_type=rent');
    expect(fetched.at(-1)).toBe('/properties?property_type=rent');
    expect(results()).toBe('results for property_type=rent');
    expect(city.value).toBe('');
    await backTo('');
    expect(results()).toBe('results for everything');
    expect(type.value).toBe('');
  });

  it('shows the entry of the last Back when a second Back comes before the first one’s results', async () => {
    const pending = new Map<string, () => void>();
    const slowFetch: FetchHtml = (url, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        pending.set(url, () => resolve({ html: page(new URL(url, 'http://localhost').search.slice(1)), url }));
      });
    const form = render(null, slowFetch);
    const type = form.elements.namedItem('property_type') as HTMLSelectElement;
    // Three entries: the list, the list for rent, the list again (the filter cleared).
    for (const [value, address] of [
      ['rent', '/properties?property_type=rent'],
      ['', '/properties'],
    ] as const) {
      type.value = value;
      type.dispatchEvent(new Event('change', { bubbles: true }));
      await settle();
      pending.get(address)!();
      await settle();
    }
    expect(window.location.search).toBe('');
    const back = () =>
      new Promise<void>((resolve) => {
        window.addEventListener('popstate', () => resolve(), { once: true });
        window.history.back();
      });
    await back();
    await back();
    expect(window.location.search).toBe('');
    // The first Back's results, arriving after the second Back, are not the ones shown.
    pending.get('/properties?property_type=rent')!();
    pending.get('/properties')!();
    await settle();
    expect(results()).toBe('results for everything');
  });

  it('keeps the count one live region, and gives focus to it when the clicked link is replaced', async () => {
    render();
    const count = document.getElementById('count');
    const link = document.querySelector<HTMLAnchorElement>('#results a[data-live-link]')!;
    link.focus();
    link.click();
    await settle();
    expect(document.getElementById('count')).toBe(count);
    expect(results()).toBe('results for city=Porto');
    expect(link.isConnected).toBe(false);
    expect(document.activeElement).toBe(count);
    // Focus in the form stays where it is.
    const city = document.getElementById('f-city') as HTMLInputElement;
    city.focus();
    city.form!.requestSubmit();
    await settle();
    expect(document.activeElement).toBe(city);
  });

  it('keeps the results busy until the newest of overlapping loads is shown', async () => {
    const pending: (() => void)[] = [];
    const slowFetch: FetchHtml = (url, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        pending.push(() => resolve({ html: page(new URL(url, 'http://localhost').search.slice(1)), url }));
      });
    const form = render(null, slowFetch);
    const region = document.getElementById('results')!;
    const type = form.elements.namedItem('property_type') as HTMLSelectElement;
    type.value = 'rent';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    type.value = '';
    type.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    // The first load was aborted by the second; the region is still busy with the second.
    expect(region.getAttribute('aria-busy')).toBe('true');
    pending[1]!();
    await settle();
    expect(region.hasAttribute('aria-busy')).toBe(false);
    expect(results()).toBe('results for everything');
  });

  it('applies the remembered filter when the page opens without one, and not otherwise', async () => {
    const start = window.history.length;
    render({ city: 'Lisbon', unrelated: 'x' });
    await settle();
    expect(fetched).toEqual(['/properties?city=Lisbon']);
    // In place of the entry opened, so Back still leaves the page.
    expect(window.history.length).toBe(start);
    expect(window.location.search).toBe('?city=Lisbon');
    cleanup();
    fetched = [];
    window.history.replaceState(null, '', '/properties?property_type=rent');
    render({ city: 'Lisbon' });
    await settle();
    expect(fetched).toEqual([]);
  });

  it("marks a field invalid with the page's message for it, and clears it once the page has none", async () => {
    // The page marks the city invalid when the query asks for it (as /properties does for a reversed price range).
    const withMessages: FetchHtml = (url) => {
      const bad = url.includes('city=bad');
      return Promise.resolve({
        html:
          `<form><div class="filter-form__field${bad ? ' field--invalid' : ''}"><input id="f-city" name="city"` +
          (bad ? ' aria-invalid="true" aria-describedby="f-city-error"' : '') +
          `>${bad ? '<p class="field__error" id="f-city-error">Not a city.</p>' : ''}</div></form>` +
          page(''),
        url,
      });
    };
    const form = render(null, withMessages);
    const city = form.elements.namedItem('city') as HTMLInputElement;
    city.value = 'bad';
    form.requestSubmit();
    await settle();
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(city.getAttribute('aria-describedby')).toBe('f-city-error');
    expect(city.nextElementSibling?.textContent).toBe('Not a city.');
    city.value = 'Porto';
    form.requestSubmit();
    await settle();
    expect(city.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('f-city-error')).toBeNull();
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
