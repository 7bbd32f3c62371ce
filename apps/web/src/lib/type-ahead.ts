/**
 * Keys typed while a control's code is still arriving (the country popover): held from the
 * click until the control takes the focus, then handed over, so a quick typist loses nothing.
 * Printable keys and Backspace edit the held text; Enter is kept as a final line break. Only
 * keys typed while the focus is still on `origin` (or nowhere: Safari does not focus a clicked
 * button) are held: once the person has moved on to another field, holding stops and their
 * typing goes where they are. It also ends by itself after `maxMs`, should the code never arrive.
 */
export interface TypeAhead {
  /** What was typed (and a '\n' for an Enter); holding stops. */
  take(): string;
  stop(): void;
}

export function holdTypedKeys(origin: Element | null, maxMs = 10_000): TypeAhead {
  let text = '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (!focusStillOn(origin)) return stop();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) text += event.key;
    else if (event.key === 'Enter') text += '\n';
    else if (event.key === 'Backspace') text = text.slice(0, -1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const stop = () => {
    clearTimeout(timer);
    document.removeEventListener('keydown', onKeyDown, true);
  };
  document.addEventListener('keydown', onKeyDown, true);
  const timer = setTimeout(stop, maxMs);
  return {
    take() {
      stop();
      const taken = text;
      text = '';
      return taken;
    },
    stop,
  };
}

/** Whether the focus is still where a click left it: on `origin`, or on nothing. */
export function focusStillOn(origin: Element | null): boolean {
  const active = document.activeElement;
  return active === origin || active === null || active === document.body;
}
