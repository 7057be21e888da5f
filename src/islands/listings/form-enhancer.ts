import { canAddFloor } from '../../lib/validation/floors.ts';
import { propertyFieldsSchema } from '../../lib/validation/property.ts';

type Translate = (key: string, values?: Record<string, string | number>) => string;
const shape = propertyFieldsSchema.shape as Record<
  string,
  { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }
>;

/** The message for one field as the server would give it, or null when the value is fine. */
export function fieldError(name: string, value: string, t: Translate): string | null {
  const schema = shape[name];
  if (!schema) return null;
  // Empty optional fields are "not given" (spec section 5), exactly as the server treats them.
  const result = schema.safeParse(value === '' ? undefined : value);
  if (result.success) return null;
  const message = result.error?.issues[0]?.message ?? 'validation.required';
  return /^[a-z_]+\.[a-z0-9_.]+$/.test(message) ? t(message) : message;
}

function showError(input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, message: string | null): void {
  const id = `${input.id}-error`;
  let note = input.ownerDocument.getElementById(id);
  if (message) {
    if (!note) {
      note = input.ownerDocument.createElement('p');
      note.id = id;
      note.className = 'field__error';
      input.insertAdjacentElement('afterend', note);
    }
    note.textContent = message;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute(
      'aria-describedby',
      [input.getAttribute('aria-describedby'), id].filter((v, i, all) => v && all.indexOf(v) === i).join(' '),
    );
  } else {
    note?.remove();
    input.removeAttribute('aria-invalid');
  }
}

/** Checks every named top-level field inside `scope`; returns whether all passed. */
export function validateWithin(scope: ParentNode, t: Translate): boolean {
  let ok = true;
  scope
    .querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'input[name], textarea[name], select[name]',
    )
    .forEach((input) => {
      if (!(input.name in shape) || input.type === 'file' || input.type === 'hidden') return;
      const message = fieldError(input.name, input.value, t);
      showError(input, message);
      if (message) ok = false;
    });
  return ok;
}

/**
 * Enhances the server-rendered property form: field-by-field messages on leaving a field, one section at a
 * time with Next and Back (checking the section before moving on), and floors added one by one, each only after
 * the current one is filled. Without JavaScript the plain form works as it is.
 */
export function enhancePropertyForm(form: HTMLFormElement, t: Translate): () => void {
  const field = (target: EventTarget | null) =>
    (target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement) &&
    target.name in shape &&
    target.type !== 'file'
      ? target
      : null;
  // A message appears when a field is left; while someone corrects it, it clears as soon as the value is right.
  // (Clearing on leaving would move the buttons below under the pointer that is about to click them.)
  const onBlur = (event: Event) => {
    const input = field(event.target);
    if (input) showError(input, fieldError(input.name, input.value, t));
  };
  const onInput = (event: Event) => {
    const input = field(event.target);
    if (input?.getAttribute('aria-invalid') === 'true' && !fieldError(input.name, input.value, t))
      showError(input, null);
  };
  form.addEventListener('focusout', onBlur);
  form.addEventListener('input', onInput);

  const steps = [...form.querySelectorAll<HTMLFieldSetElement>(':scope > fieldset')];
  const submit = form.querySelector<HTMLButtonElement>(':scope > button[type="submit"]');
  const extras = [...form.querySelectorAll<HTMLElement>(':scope > .field--check')];
  const nav = form.ownerDocument.createElement('div');
  nav.className = 'step-nav';
  const back = Object.assign(form.ownerDocument.createElement('button'), {
    type: 'button',
    className: 'button button--secondary',
    textContent: t('listing_form.back'),
  });
  const next = Object.assign(form.ownerDocument.createElement('button'), {
    type: 'button',
    className: 'button',
    textContent: t('listing_form.next'),
  });
  const progress = Object.assign(form.ownerDocument.createElement('p'), { className: 'field__hint' });
  progress.setAttribute('aria-live', 'polite');
  nav.append(progress, back, next);
  form.append(nav);
  let current = 0;
  // A re-shown form with errors opens at the first section that has one.
  const firstInvalid = steps.findIndex((s) => s.querySelector('[aria-invalid="true"], .field__error'));
  if (firstInvalid > 0) current = firstInvalid;

  const render = () => {
    steps.forEach((step, i) => (step.hidden = i !== current));
    const last = current === steps.length - 1;
    extras.forEach((el) => (el.hidden = !last));
    if (submit) submit.hidden = !last;
    back.hidden = current === 0;
    next.hidden = last;
    progress.textContent = t('listing_form.step_of', { step: current + 1, steps: steps.length });
  };
  back.addEventListener('click', () => {
    current = Math.max(0, current - 1);
    render();
    steps[current]?.querySelector('legend')?.scrollIntoView?.({ block: 'start' });
  });
  next.addEventListener('click', () => {
    if (!validateWithin(steps[current]!, t)) {
      steps[current]!.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    current = Math.min(steps.length - 1, current + 1);
    render();
    steps[current]?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  });
  if (steps.length > 1) render();
  else nav.remove();

  const cleanupFloors = enhanceFloors(form, t);
  return () => {
    form.removeEventListener('focusout', onBlur);
    form.removeEventListener('input', onInput);
    nav.remove();
    steps.forEach((step) => (step.hidden = false));
    extras.forEach((el) => (el.hidden = false));
    if (submit) submit.hidden = false;
    cleanupFloors();
  };
}

/** Floors one at a time: the blank row stays hidden until "Add a floor", which needs the current floor filled. */
function enhanceFloors(form: HTMLFormElement, t: Translate): () => void {
  const rows = [...form.querySelectorAll<HTMLElement>('[data-floor-row]')];
  const blank = rows.at(-1);
  if (!blank) return () => {};
  const template = blank.cloneNode(true) as HTMLElement;
  const container = blank.parentElement!;
  const filledRows = rows.slice(0, -1);
  if (filledRows.length > 0) blank.remove();
  const button = Object.assign(form.ownerDocument.createElement('button'), {
    type: 'button',
    className: 'button button--secondary',
    textContent: t('listing_form.add_floor'),
  });
  const note = Object.assign(form.ownerDocument.createElement('p'), {
    className: 'field__error',
    hidden: true,
    textContent: t('listing_form.fill_floor_first'),
  });
  note.setAttribute('role', 'alert');
  container.append(button, note);
  const floorState = () =>
    [...container.querySelectorAll<HTMLElement>('[data-floor-row]')].map((row) => ({
      title: row.querySelector<HTMLInputElement>('input[name$="[title]"]')?.value ?? '',
      image:
        row.querySelector<HTMLInputElement>('input[type="file"]')?.files?.length ||
        row.querySelector('input[name$="[id]"]')
          ? true
          : null,
    }));
  button.addEventListener('click', () => {
    if (!canAddFloor(floorState())) {
      note.hidden = false;
      return;
    }
    note.hidden = true;
    const index = container.querySelectorAll('[data-floor-row]').length;
    const row = template.cloneNode(true) as HTMLElement;
    row.querySelectorAll<HTMLInputElement>('input').forEach((input) => {
      input.name = input.name.replace(/floors\[\d+\]/, `floors[${index}]`);
      input.id = input.id.replace(/floor-\d+-/, `floor-${index}-`);
      input.value = '';
    });
    row.querySelectorAll('label').forEach((label) => {
      label.htmlFor = label.htmlFor.replace(/floor-\d+-/, `floor-${index}-`);
      label.textContent = label.textContent?.replace(/\d+/, String(index + 1)) ?? '';
    });
    button.before(row);
    row.querySelector('input')?.focus();
  });
  return () => {
    button.remove();
    note.remove();
  };
}
