/**
 * Keys typed while a control's code is still arriving (the country popover): held from the
 * click until the control takes the focus, then handed over, so a quick typist loses nothing.
 * Printable keys and Backspace edit the held text; Enter is kept as a final line break. Holding
 * ends by itself after `maxMs`, should the code never arrive.
 */
export interface TypeAhead {
  /** What was typed (and a '\n' for an Enter); holding stops. */
  take(): string;
  stop(): void;
}

export function holdTypedKeys(maxMs = 10_000): TypeAhead {
  let text = '';
  const onKeyDown = (event: KeyboardEvent) => {
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
