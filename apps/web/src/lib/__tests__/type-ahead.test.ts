import { afterEach, describe, expect, it } from 'vitest';
import { holdTypedKeys } from '../type-ahead';

function key(target: EventTarget, k: string) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holding typed keys while a control loads', () => {
  it('keeps printable keys, Backspace and Enter typed on the clicked control', () => {
    document.body.innerHTML = '<button id="b">+1</button>';
    const button = document.getElementById('b') as HTMLButtonElement;
    button.focus();
    const held = holdTypedKeys(button);
    for (const k of ['j', 'a', 'x', 'Backspace', 'p', 'Enter']) expect(key(button, k)).toBe(true);
    expect(held.take()).toBe('jap\n');
    // Taken: later keys go where they are typed.
    expect(key(button, 'z')).toBe(false);
  });

  it('lets go as soon as the person has moved to another field', () => {
    document.body.innerHTML = '<button id="b">+1</button><input id="i" />';
    const button = document.getElementById('b') as HTMLButtonElement;
    const input = document.getElementById('i') as HTMLInputElement;
    button.focus();
    const held = holdTypedKeys(button);
    expect(key(button, 'a')).toBe(true);
    input.focus();
    expect(key(input, '4')).toBe(false);
    button.focus();
    expect(key(button, 'b')).toBe(false);
    expect(held.take()).toBe('a');
  });
});
