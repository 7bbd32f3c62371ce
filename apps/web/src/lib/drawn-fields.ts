import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A field on a screen drawn at build time takes typing before the app's code runs
 * (drawn-screen.ts). The app's first render replaces that screen; the app's field of the same
 * `name` then takes over what the drawn one held: its value, and the focus and caret if it had
 * them (decision 330). Nothing typed in between is lost: the replacement and the takeover happen
 * in one task (React's commit and its layout effects), with no event handled between them.
 */

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface DrawnField {
  element: FieldElement;
  focused: boolean;
}

const drawn = new Map<string, DrawnField>();

/** Remembers the drawn screen's named fields; start.tsx calls it before the app's first render. */
export function rememberDrawnFields(root: ParentNode | null): void {
  if (!root) return;
  for (const element of root.querySelectorAll<FieldElement>('input[name], textarea[name], select[name]')) {
    const field: DrawnField = { element, focused: element === document.activeElement };
    element.addEventListener('focus', () => {
      field.focused = true;
    });
    // A field removed while focused may report a blur as React removes it, in the task that
    // takes it over: a blur counts only once that task is over.
    element.addEventListener('blur', () => {
      queueMicrotask(() => {
        if (element.isConnected) field.focused = false;
      });
    });
    drawn.set(element.name, field);
  }
}

/** What a drawn field held when the app took it over. */
export interface TypedAhead {
  value: string;
  /** Where the caret was (null for a select, or when unknown). */
  caret: number | null;
  focused: boolean;
}

/**
 * What the drawn field `name` held, once (the next call answers null): null when the page had
 * no such field, or the field is still in the page (the app has not replaced the screen).
 */
export function takeDrawnField(name: string): TypedAhead | null {
  const field = drawn.get(name);
  if (!field) return null;
  drawn.delete(name);
  const { element, focused } = field;
  if (element.isConnected) return null;
  const caret = element instanceof HTMLSelectElement ? null : readCaret(element);
  return { value: element.value, caret, focused };
}

function readCaret(element: HTMLInputElement | HTMLTextAreaElement): number | null {
  try {
    return element.selectionEnd;
  } catch {
    return null;
  }
}

/**
 * Takes over the drawn field `name` as the app's field mounts: `adopt` gets what was typed there
 * (the component puts it in its state, cleaned and formatted as its own typing is), the field
 * gets the focus it had, and the caret goes where `caretIn` places it in the value shown (by
 * default, at the same offset). Returns the ref for the app's field.
 */
export function useDrawnField<T extends FieldElement>(
  name: string,
  adopt: (value: string) => void,
  caretIn: (shown: string, typed: TypedAhead) => number | null = (shown, typed) =>
    typed.caret === null ? null : Math.min(typed.caret, shown.length),
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const caretPending = useRef<TypedAhead | null>(null);
  // Declared first: on the render that the takeover causes, it finds the value adopted shown.
  useLayoutEffect(() => {
    const typed = caretPending.current;
    const element = ref.current;
    caretPending.current = null;
    if (typed?.focused && element && !(element instanceof HTMLSelectElement))
      placeCaret(element, typed, caretIn);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field mounts
  useLayoutEffect(() => {
    // A field without a name takes nothing over.
    const typed = name ? takeDrawnField(name) : null;
    const element = ref.current;
    if (!typed || !element) return;
    if (typed.value !== element.value) {
      adopt(typed.value);
      caretPending.current = typed;
      // For the render the adoption causes (React runs it before this): should the value shown
      // not change, no later render places the caret.
      queueMicrotask(() => {
        caretPending.current = null;
      });
    }
    if (typed.focused) {
      element.focus({ preventScroll: true });
      if (!(element instanceof HTMLSelectElement)) placeCaret(element, typed, caretIn);
    }
  }, []);
  return ref;
}

function placeCaret(
  element: HTMLInputElement | HTMLTextAreaElement,
  typed: TypedAhead,
  caretIn: (shown: string, typed: TypedAhead) => number | null,
): void {
  const at = caretIn(element.value, typed);
  if (at === null) return;
  try {
    element.setSelectionRange(at, at);
  } catch {
    // A field type without a caret (email, number): the browser keeps its own.
  }
}
