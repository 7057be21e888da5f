// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import { createTranslate } from '../../lib/i18n/translate.ts';
import { enhancePropertyForm, fieldError } from './form-enhancer.ts';

const t = createTranslate('en', en);

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
  enhancePropertyForm(form, t);
  return form;
}

const byName = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('property form enhancement', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('gives the server message for a field when it is left', () => {
    render();
    const price = byName('price');
    price.value = '-3';
    price.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(document.getElementById('field-price-error')?.textContent).toBe('Enter a price above zero.');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    price.value = '120000';
    price.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(document.getElementById('field-price-error')).toBeNull();
    expect(price.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows one section at a time and checks it before moving on', () => {
    const form = render();
    const [about, location, floors] = [...form.querySelectorAll('fieldset')].filter((f) => f.parentElement === form);
    expect([about!.hidden, location!.hidden, floors!.hidden]).toEqual([false, true, true]);
    expect(button('Send').hidden).toBe(true);
    expect(document.body.textContent).toContain('Step 1 of 3');
    button('Next').click();
    expect(about!.hidden).toBe(false);
    expect(document.getElementById('field-title-error')?.textContent).toBe('This field is required.');
    byName('title').value = 'Sea view flat';
    byName('price').value = '1000';
    button('Next').click();
    expect([about!.hidden, location!.hidden]).toEqual([true, false]);
    button('Back').click();
    expect(about!.hidden).toBe(false);
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

describe('fieldError', () => {
  it('treats an empty optional field as not given, and an empty required one as missing', () => {
    expect(fieldError('video_link', '', t)).toBeNull();
    expect(fieldError('video_link', 'javascript:alert(1)', t)).toBe(
      'Enter a web address starting with http:// or https://.',
    );
    expect(fieldError('title', '', t)).toBe('This field is required.');
    expect(fieldError('unknown_field', 'x', t)).toBeNull();
  });
});
