import { DEFAULT_COUNTRY } from '@app/contract/countries';
import * as phoneRules from '@app/contract/phone';
import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneNumberField } from '@/components/phone-number-field';
import { rememberDrawnFields, takeDrawnField, useDrawnField } from '../drawn-fields';
import { untilCodeRuns } from '../drawn-screen';

// Decision 330: what is typed into a screen drawn at build time is taken over by the app's
// render that replaces it. Here the "drawn" screen is plain HTML in a container, replaced by
// React the way start.tsx replaces #root.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

/** A drawn screen with the given markup; `type` is typed into the field `name`, focused or not. */
function drawn(html: string, typed?: { name: string; value: string; caret?: number; focused?: boolean }) {
  container = document.createElement('div');
  container.innerHTML = `<div data-drawn>${html}</div>`;
  document.body.append(container);
  if (typed) {
    const field = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${typed.name}"]`)!;
    field.value = typed.value;
    if (typed.focused) field.focus();
    if (typed.caret !== undefined) field.setSelectionRange(typed.caret, typed.caret);
  }
  rememberDrawnFields(container);
}

function replace(tree: React.ReactNode) {
  act(() => {
    root = createRoot(container);
    root.render(<MantineProvider>{tree}</MantineProvider>);
  });
}

function Message() {
  const [value, setValue] = useState('');
  const ref = useDrawnField<HTMLTextAreaElement>('message', setValue);
  return (
    <textarea ref={ref} name="message" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
  );
}

describe('a drawn field taken over by the app', () => {
  it('keeps the value, the focus and the caret', () => {
    drawn('<textarea name="message"></textarea>', {
      name: 'message',
      value: 'Where is it?',
      caret: 5,
      focused: true,
    });
    replace(<Message />);
    const field = container.querySelector('textarea')!;
    expect(container.querySelector('[data-drawn]')).toBeNull();
    expect(field.value).toBe('Where is it?');
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(5);
  });

  it('gives no focus the drawn field did not have', () => {
    drawn('<textarea name="message"></textarea>', { name: 'message', value: 'Hi' });
    replace(<Message />);
    expect(container.querySelector('textarea')!.value).toBe('Hi');
    expect(document.activeElement).toBe(document.body);
  });

  it('a field left before the app came is not focused again', async () => {
    drawn('<textarea name="message"></textarea><a href="/x">x</a>', {
      name: 'message',
      value: 'Hi',
      focused: true,
    });
    container.querySelector<HTMLTextAreaElement>('textarea')!.blur();
    await Promise.resolve();
    replace(<Message />);
    expect(document.activeElement).toBe(document.body);
  });

  it('is taken once, and only once the drawn screen is gone', () => {
    drawn('<textarea name="message"></textarea>', { name: 'message', value: 'Hi' });
    expect(takeDrawnField('message')).toBeNull();
    drawn('<textarea name="message"></textarea>', { name: 'message', value: 'Hi' });
    replace(<Message />);
    expect(takeDrawnField('message')).toBeNull();
  });

  it('the phone field formats what was typed and keeps the caret after the same digits', () => {
    drawn('<input type="tel" name="phone">', { name: 'phone', value: '4155550210', caret: 3, focused: true });
    function Phone() {
      const [digits, setDigits] = useState('');
      return (
        <PhoneNumberField
          id="phone"
          name="phone"
          label="Mobile number"
          rules={phoneRules}
          country={DEFAULT_COUNTRY}
          digits={digits}
          onDigitsChange={setDigits}
          onCountryChange={() => undefined}
        />
      );
    }
    replace(<Phone />);
    const field = container.querySelector<HTMLInputElement>('input[type="tel"]')!;
    expect(field.value).toBe('(415) 555-0210');
    expect(document.activeElement).toBe(field);
    // "415|" becomes "(415|) 555-0210".
    expect(field.selectionStart).toBe(4);
  });
});

describe('a screen drawn at build time, until its code runs', () => {
  it('keeps fields and links live, makes buttons and the language radios inert, and forms send nothing', () => {
    const html = untilCodeRuns(
      '<form class="f"><input type="tel" name="phone" value=""/><textarea name="m"></textarea>' +
        '<select name="p"></select><button type="submit">Next</button></form>' +
        '<label class="m_1 mantine-SegmentedControl-label" for="r"><input type="radio" id="r"/>中文</label>' +
        '<a href="/privacy">Privacy</a><button>Menu</button>',
    );
    expect(html).toBe(
      '<form method="dialog" class="f"><input type="tel" name="phone" value=""/><textarea name="m"></textarea>' +
        '<select name="p"></select><button inert="" type="submit">Next</button></form>' +
        '<label inert="" class="m_1 mantine-SegmentedControl-label" for="r"><input inert="" type="radio" id="r"/>中文</label>' +
        '<a href="/privacy">Privacy</a><button inert="">Menu</button>',
    );
  });
});
