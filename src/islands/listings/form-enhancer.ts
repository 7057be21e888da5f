import { canAddFloor } from '../../lib/validation/floors.ts';

type Translate = (key: string, values?: Record<string, string | number>) => string;
/** Field path -> messages, as the server reports them (`price`, `parameters.0.value`). */
export type FieldMessages = Record<string, string[]>;
export type CheckFields = (form: HTMLFormElement) => Promise<FieldMessages>;

/** The form's text (files left out) checked by the server's own rules, which answer in the page's language. */
export const checkWithServer: CheckFields = async (form) => {
  const text = new FormData();
  for (const [key, value] of new FormData(form).entries()) if (typeof value === 'string') text.append(key, value);
  const response = await fetch('/api/validate-property', { method: 'POST', body: text, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { data?: { fields?: FieldMessages } } | null;
  return body?.data?.fields ?? {};
};

/** `parameters.0.value` -> `parameters[0][value]`: the server names each field as the form sent it. */
export function inputNameOf(path: string): string {
  const [head, ...rest] = path.split('.');
  return head + rest.map((part) => `[${part}]`).join('');
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

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const controlsIn = (scope: ParentNode) =>
  [...scope.querySelectorAll<Control>('input[name], textarea[name], select[name]')].filter(
    (c) => c.type !== 'file' && c.type !== 'hidden',
  );

/** A button the script adds: type="button", so pressing it never submits the form. */
const scriptButton = (doc: Document, className: string, text: string) =>
  Object.assign(doc.createElement('button'), { type: 'button', className, textContent: text });

/** Shows the messages that belong to controls inside `scope` and clears the others; true when none is left. */
export function applyMessages(scope: ParentNode, messages: FieldMessages): boolean {
  const byName = new Map(Object.entries(messages).map(([path, list]) => [inputNameOf(path), list[0] ?? '']));
  let ok = true;
  for (const control of controlsIn(scope)) {
    const message = byName.get(control.name) ?? null;
    showError(control, message);
    if (message) ok = false;
  }
  return ok;
}

/**
 * Enhances the server-rendered property form: field-by-field messages on leaving a field, one section at a
 * time with Next and Back (checking the section before moving on), and floors added one by one, each only after
 * the current one is filled. Without JavaScript the plain form works as it is.
 */
export function enhancePropertyForm(
  form: HTMLFormElement,
  t: Translate,
  check: CheckFields = checkWithServer,
): () => void {
  const control = (target: EventTarget | null): Control | null =>
    (target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement) &&
    target.type !== 'file' &&
    target.type !== 'hidden' &&
    form.contains(target)
      ? target
      : null;
  // A message appears when a field is left; while someone corrects it, it clears as soon as the value is right.
  // (Clearing only on leaving would move the buttons below under the pointer that is about to click them.)
  const recheck = async (input: Control, onlyClear: boolean) => {
    const messages = await check(form);
    const message = messages[Object.keys(messages).find((path) => inputNameOf(path) === input.name) ?? ''];
    if (!message) showError(input, null);
    else if (!onlyClear) showError(input, message[0] ?? null);
  };
  const onBlur = (event: Event) => {
    const input = control(event.target);
    if (input) void recheck(input, false);
  };
  const onInput = (event: Event) => {
    const input = control(event.target);
    if (input?.getAttribute('aria-invalid') === 'true') void recheck(input, true);
  };
  form.addEventListener('focusout', onBlur);
  form.addEventListener('input', onInput);

  const steps = [...form.querySelectorAll<HTMLFieldSetElement>(':scope > fieldset')];
  const submit = form.querySelector<HTMLButtonElement>(':scope > button[type="submit"]');
  const extras = [...form.querySelectorAll<HTMLElement>(':scope > .field--check')];
  const nav = form.ownerDocument.createElement('div');
  nav.className = 'step-nav';
  const back = scriptButton(form.ownerDocument, 'button button--secondary', t('listing_form.back'));
  const next = scriptButton(form.ownerDocument, 'button', t('listing_form.next'));
  const progress = Object.assign(form.ownerDocument.createElement('p'), { className: 'field__hint' });
  progress.setAttribute('aria-live', 'polite');
  nav.append(progress, back, next);
  form.append(nav);
  let current = 0;
  // A re-shown form with errors opens at the first section that has one.
  const firstInvalid = steps.findIndex((s) => s.querySelector('[aria-invalid="true"], .field__error'));
  if (firstInvalid > 0) current = firstInvalid;

  /**
   * A new section starts at its top, its name focused (announced, and the keyboard carries on from there): the
   * page stays where the Next button was otherwise, at the bottom of a phone's screen. Its first control is not
   * focused, which would open a phone's keyboard over the section (and may be disabled, as the place search is
   * until its map loads).
   */
  const showStep = () => {
    const legend = steps[current]?.querySelector('legend');
    if (!legend) return;
    legend.tabIndex = -1;
    legend.focus({ preventScroll: true });
    legend.scrollIntoView?.({ block: 'start' });
  };
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
    showStep();
  });
  next.addEventListener('click', async () => {
    next.disabled = true;
    try {
      if (!applyMessages(steps[current]!, await check(form))) {
        steps[current]!.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return;
      }
    } finally {
      next.disabled = false;
    }
    current = Math.min(steps.length - 1, current + 1);
    render();
    showStep();
  });
  if (steps.length > 1) {
    render();
    // Hiding the other sections shortens the page under a reader who scrolled the whole form while it loaded
    // (or whose browser kept a scroll position): the section shown must not be left above the screen.
    const legend = steps[current]!.querySelector('legend');
    if (legend && legend.getBoundingClientRect().top < 0) legend.scrollIntoView?.({ block: 'start' });
  } else nav.remove();

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
  const button = scriptButton(form.ownerDocument, 'button button--secondary', t('listing_form.add_floor'));
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
