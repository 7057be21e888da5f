// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import { createTranslate } from '../../lib/i18n/translate.ts';
import { nestFormEntries } from '../../server/platform/form-fields.ts';
import { checkPropertyFields } from '../../server/services/property-posting-service.ts';
import { applyMessages, enhancePropertyForm, inputNameOf, type CheckFields } from './form-enhancer.ts';

const t = createTranslate('en', en);
/** The server's own check, called in-process instead of over HTTP, with messages translated as the API does. */
const serverCheck: CheckFields = async (form) => {
  const fields = checkPropertyFields(nestFormEntries(new FormData(form).entries()));
  return Object.fromEntries(Object.entries(fields).map(([k, list]) => [k, list.map((m) => t(m))]));
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function render(floors = '') {
  document.body.innerHTML = `
    <form id="property-form">
      <fieldset><legend>About</legend>
        <label for="field-title">Title</label><input id="field-title" name="title">
        <label for="field-price">Price</label><input id="field-price" name="price">
      </fieldset>
      <fieldset><legend>Location</legend>
        <label for="field-city">City</label><input id="field-city" name="city">
      </fieldset>
      <fieldset><legend>Floors</legend>
        <div class="floors">
          ${floors}
          <div data-floor-row>
            <label for="floor-9-title">Floor 9 title</label><input id="floor-9-title" name="floors[9][title]">
            <label for="floor-9-image">Floor 9 image</label><input id="floor-9-image" type="file" name="floors[9][image]">
          </div>
        </div>
      </fieldset>
      <div class="field field--check"><label><input type="checkbox" name="is_premium" value="1"> Premium</label></div>
      <button type="submit">Send</button>
    </form>`;
  const form = document.getElementById('property-form') as HTMLFormElement;
  enhancePropertyForm(form, t, serverCheck);
  return form;
}

const byName = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('property form enhancement', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('gives the server message for a field when it is left, and clears it once corrected', async () => {
    render();
    const price = byName('price');
    price.value = '-3';
    price.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await settle();
    expect(document.getElementById('field-price-error')?.textContent).toBe('Enter a price above zero.');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    price.value = '120000';
    price.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(document.getElementById('field-price-error')).toBeNull();
    expect(price.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows one section at a time and checks it before moving on', async () => {
    const form = render();
    const [about, location, floors] = [...form.querySelectorAll('fieldset')].filter((f) => f.parentElement === form);
    expect([about!.hidden, location!.hidden, floors!.hidden]).toEqual([false, true, true]);
    expect(button('Send').hidden).toBe(true);
    expect(document.body.textContent).toContain('Step 1 of 3');
    button('Next').click();
    await settle();
    expect(about!.hidden).toBe(false);
    expect(document.getElementById('field-title-error')?.textContent).toBe('This field is required.');
    // Fields of later sections (the city here) are not flagged yet.
    expect(document.getElementById('field-city-error')).toBeNull();
    byName('title').value = 'Sea view flat';
    byName('price').value = '1000';
    button('Next').click();
    await settle();
    expect([about!.hidden, location!.hidden]).toEqual([true, false]);
    button('Back').click();
    expect(about!.hidden).toBe(false);
  });

  it('starts each new section at its top with its name focused, not where the Next button was', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const form = render();
      const [about, location] = [...form.querySelectorAll('fieldset')].filter((f) => f.parentElement === form);
      byName('title').value = 'Sea view flat';
      byName('price').value = '1000';
      button('Next').click();
      await settle();
      expect(location!.hidden).toBe(false);
      expect(scrolled.at(-1)).toBe(location!.querySelector('legend'));
      expect(document.activeElement).toBe(location!.querySelector('legend'));
      button('Back').click();
      expect(scrolled.at(-1)).toBe(about!.querySelector('legend'));
      expect(document.activeElement).toBe(about!.querySelector('legend'));
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('adds a floor only after the current one is filled', () => {
    render(
      `<div data-floor-row><input type="hidden" name="floors[0][id]" value="4"><label for="floor-0-title">Floor 1 title</label><input id="floor-0-title" name="floors[0][title]" value="Ground"><input id="floor-0-image" type="file" name="floors[0][image]"></div>`,
    );
    expect(document.querySelectorAll('[data-floor-row]')).toHaveLength(1);
    button('Add a floor').click();
    const rows = document.querySelectorAll('[data-floor-row]');
    expect(rows).toHaveLength(2);
    expect(byName('floors[1][title]')).not.toBeNull();
    button('Add a floor').click();
    expect(document.querySelectorAll('[data-floor-row]')).toHaveLength(2);
    expect(document.querySelector('[role="alert"]')?.hasAttribute('hidden')).toBe(false);
  });
});

describe('messages from the server', () => {
  it('map field paths to input names', () => {
    expect(inputNameOf('parameters.0.value')).toBe('parameters[0][value]');
    expect(inputNameOf('price')).toBe('price');
  });

  it('mark only the controls inside the scope', () => {
    document.body.innerHTML =
      '<div id="a"><input id="field-price" name="price"></div><div id="b"><input id="field-city" name="city"></div>';
    const ok = applyMessages(document.getElementById('a')!, { price: ['Bad price'], city: ['Bad city'] });
    expect(ok).toBe(false);
    expect(document.getElementById('field-price-error')?.textContent).toBe('Bad price');
    expect(document.getElementById('field-city-error')).toBeNull();
  });
});
