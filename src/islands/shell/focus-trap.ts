/**
 * Tab and Shift+Tab kept among a modal box's controls: past the last back to the first (and the other way), and from
 * anywhere outside the box into it. A modal <dialog> already keeps the page behind it out of reach, but Tab would
 * still leave for the browser's own controls; a box made modal by script (the filter sheet) needs the whole rule.
 */
export function keepTabIn(event: KeyboardEvent, box: HTMLElement, controls: readonly HTMLElement[]): void {
  const first = controls[0];
  const last = controls.at(-1);
  if (event.key !== 'Tab' || !first || !last) return;
  const active = box.ownerDocument.activeElement;
  const outside = !box.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
