/**
 * The list page's filter chips (ListingBrowser.astro) as a bottom sheet on a phone. Without JavaScript each chip is a
 * link to its section of the filter form, which CSS shows as a sheet while it is the page's target; with it, a chip
 * opens the sheet as a modal dialog at its section: focus stays inside, Escape, the close link or a tap on the
 * dimmed page closes it, and focus returns to the chip. On wide screens the form is in view and the chips hidden,
 * so nothing is enhanced there. Returns a cleanup function.
 */
import { keepTabIn } from '../shell/focus-trap.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary';
const CONTROL = 'input:not([type="hidden"]), select, textarea, summary';

export function enhanceFilterSheet(form: HTMLFormElement): () => void {
  const sheet = form.querySelector<HTMLElement>('#filter-sheet');
  const chips = [...form.querySelectorAll<HTMLAnchorElement>('a[data-sheet-chip]')];
  if (!sheet || chips.length === 0) return () => {};
  const doc = form.ownerDocument;
  const backdrop = doc.createElement('div');
  backdrop.className = 'filter-sheet-backdrop';
  backdrop.hidden = true;
  sheet.before(backdrop);
  let opener: HTMLAnchorElement | null = null;

  // The sheet is a sheet only where the layout makes it one (phone widths): a fixed box.
  const isSheet = () => getComputedStyle(sheet).position === 'fixed';
  const focusables = () =>
    [...sheet.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);

  function open(chip: HTMLAnchorElement) {
    const section = doc.getElementById(chip.hash.slice(1));
    opener = chip;
    sheet!.classList.add('is-open');
    sheet!.setAttribute('role', 'dialog');
    sheet!.setAttribute('aria-modal', 'true');
    form.classList.add('has-open-sheet');
    backdrop.hidden = false;
    for (const c of chips) c.setAttribute('aria-expanded', String(c === chip));
    if (section instanceof HTMLDetailsElement) section.open = true;
    const first = section?.querySelector<HTMLElement>(CONTROL) ?? focusables()[0];
    section?.scrollIntoView({ block: 'nearest' });
    first?.focus();
    doc.addEventListener('keydown', onKeyDown);
  }

  function close() {
    if (!sheet!.classList.contains('is-open')) return;
    sheet!.classList.remove('is-open');
    sheet!.removeAttribute('role');
    sheet!.removeAttribute('aria-modal');
    form.classList.remove('has-open-sheet');
    backdrop.hidden = true;
    for (const c of chips) c.setAttribute('aria-expanded', 'false');
    doc.removeEventListener('keydown', onKeyDown);
    opener?.focus();
    opener = null;
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    keepTabIn(event, sheet!, focusables());
  }

  const onChipClick = (event: MouseEvent) => {
    if (!isSheet()) return;
    event.preventDefault();
    open(event.currentTarget as HTMLAnchorElement);
  };
  const onCloseClick = (event: MouseEvent) => {
    if (!(event.target as Element).closest?.('[data-sheet-close]')) return;
    event.preventDefault();
    close();
  };
  // Applying the filters shows the results behind the sheet.
  const onSubmit = () => close();

  for (const chip of chips) {
    chip.setAttribute('aria-expanded', 'false');
    chip.addEventListener('click', onChipClick);
  }
  sheet.addEventListener('click', onCloseClick);
  backdrop.addEventListener('click', close);
  form.addEventListener('submit', onSubmit);
  return () => {
    close();
    for (const chip of chips) chip.removeEventListener('click', onChipClick);
    sheet.removeEventListener('click', onCloseClick);
    form.removeEventListener('submit', onSubmit);
    backdrop.remove();
  };
}
