import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMobile, isMobileDevice, MOBILE_MAX_WIDTH_PX } from '@/lib/is-mobile';
import { DESKTOP_USER_AGENT as DESKTOP, emulateDevice, PHONE_USER_AGENT as IPHONE } from '@/testing/device';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('mobile detection (spec §9)', () => {
  it.each([
    ['an iPhone', IPHONE],
    ['an Android phone', ANDROID],
  ])('is mobile for %s, whatever the width', (_, userAgent) => {
    expect(isMobileDevice({ userAgent, width: 1280, touch: false })).toBe(true);
  });

  it('is mobile for a desktop user agent at 768 px or less with touch', () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(768);
    expect(isMobileDevice({ userAgent: DESKTOP, width: 768, touch: true })).toBe(true);
    expect(isMobileDevice({ userAgent: DESKTOP, width: 390, touch: true })).toBe(true);
  });

  it('is not mobile for a narrow desktop window without touch, or a wide touch screen', () => {
    expect(isMobileDevice({ userAgent: DESKTOP, width: 390, touch: false })).toBe(false);
    expect(isMobileDevice({ userAgent: DESKTOP, width: 769, touch: true })).toBe(false);
    expect(isMobileDevice({ userAgent: DESKTOP, width: 1440, touch: false })).toBe(false);
  });

  describe('isMobile reads this browser', () => {
    afterEach(() => vi.restoreAllMocks());

    it('from the user agent', () => {
      emulateDevice({ userAgent: IPHONE, width: 1280, touchPoints: 0 });
      expect(isMobile()).toBe(true);
      emulateDevice({ userAgent: DESKTOP, width: 1280, touchPoints: 0 });
      expect(isMobile()).toBe(false);
    });

    it('from the width and touch points', () => {
      emulateDevice({ userAgent: DESKTOP, width: 390, touchPoints: 5 });
      expect(isMobile()).toBe(true);
      emulateDevice({ userAgent: DESKTOP, width: 390, touchPoints: 0 });
      expect(isMobile()).toBe(false);
      emulateDevice({ userAgent: DESKTOP, width: 1024, touchPoints: 5 });
      expect(isMobile()).toBe(false);
    });
  });
});
