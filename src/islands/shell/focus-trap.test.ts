// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { keepTabIn } from './focus-trap.ts';

let box: HTMLElement;
let controls: HTMLButtonElement[];
let outside: HTMLButtonElement;

const tab = (shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true });
  keepTabIn(event, box, controls);
  return event;
};

beforeEach(() => {
  document.body.innerHTML = `<button id="outside">Page</button>
    <div id="box"><button>First</button><button>Middle</button><button>Last</button></div>`;
  box = document.getElementById('box')!;
  controls = [...box.querySelectorAll('button')];
  outside = document.getElementById('outside') as HTMLButtonElement;
});

describe('keepTabIn', () => {
  it('goes from the last control back to the first, and from the first back to the last', () => {
    controls[2]!.focus();
    expect(tab().defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(controls[0]);
    expect(tab(true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(controls[2]);
  });

  it('leaves Tab alone between the box’s own controls', () => {
    controls[1]!.focus();
    expect(tab().defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(controls[1]);
  });

  it('brings focus from outside the box into it', () => {
    outside.focus();
    tab();
    expect(document.activeElement).toBe(controls[0]);
    outside.focus();
    tab(true);
    expect(document.activeElement).toBe(controls[2]);
  });
});
