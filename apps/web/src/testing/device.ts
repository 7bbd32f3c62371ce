import { vi } from 'vitest';

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/**
 * Makes jsdom look like a given device to `lib/is-mobile.ts`: user agent, viewport width and
 * touch points (jsdom has none). Undo with `vi.restoreAllMocks()`.
 */
export function emulateDevice({
  userAgent,
  width,
  touchPoints,
}: {
  userAgent: string;
  width: number;
  touchPoints: number;
}): void {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  if (!('maxTouchPoints' in window.navigator)) {
    Object.defineProperty(window.navigator, 'maxTouchPoints', { get: () => 0, configurable: true });
  }
  vi.spyOn(window.navigator, 'maxTouchPoints', 'get').mockReturnValue(touchPoints);
}

/** An iPhone at 390x844 (design §6's phone viewport). */
export const emulatePhone = () => emulateDevice({ userAgent: PHONE_USER_AGENT, width: 390, touchPoints: 5 });
export const emulateDesktop = () =>
  emulateDevice({ userAgent: DESKTOP_USER_AGENT, width: 1280, touchPoints: 0 });
