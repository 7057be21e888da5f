/**
 * Asks before the page is left while a form holds changes not yet saved (a console link, reload, closing the tab):
 * the browser's own "Leave site?" question. Saving the form is leaving on purpose, so it is not asked then. A form
 * shown again after a refused save holds unsaved edits from the start (`data-warn-unsaved="changed"`).
 */
export function warnBeforeLeavingUnsaved(form: HTMLFormElement): void {
  let changed = form.dataset['warnUnsaved'] === 'changed';
  const mark = () => {
    changed = true;
  };
  form.addEventListener('input', mark);
  form.addEventListener('change', mark);
  form.addEventListener('submit', () => {
    changed = false;
  });
  window.addEventListener('beforeunload', (event) => {
    if (!changed) return;
    event.preventDefault();
    // Older browsers ask only when a return value is set.
    event.returnValue = '';
  });
}
