/** Spec §9: a narrow screen counts as a phone only when it is also a touch screen. */
export const MOBILE_MAX_WIDTH_PX = 768;

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|webOS|BlackBerry|IEMobile|Windows Phone|Opera Mini|Mobi/i;

export interface DeviceTraits {
  userAgent: string;
  /** The viewport's width in CSS pixels. */
  width: number;
  touch: boolean;
}

/** Spec §9: a mobile user agent, or a width of at most 768 px with touch. */
export function isMobileDevice({ userAgent, width, touch }: DeviceTraits): boolean {
  return MOBILE_USER_AGENT.test(userAgent) || (width <= MOBILE_MAX_WIDTH_PX && touch);
}

/** Touch points where the browser counts them (all current ones); older ones by their touch events. */
function hasTouch(): boolean {
  const points: number | undefined = window.navigator.maxTouchPoints;
  return typeof points === 'number' ? points > 0 : 'ontouchstart' in window;
}

/** This browser's traits, read now (the width changes as a window is resized or a phone turned). */
export function currentDeviceTraits(): DeviceTraits {
  return {
    userAgent: window.navigator.userAgent,
    width: window.innerWidth,
    touch: hasTouch(),
  };
}

export function isMobile(): boolean {
  // Rendered ahead at build time (prerender.tsx) there is no browser: the dialogs that ask are
  // closed in that render, and the app's own render asks the browser again.
  if (typeof window === 'undefined') return false;
  return isMobileDevice(currentDeviceTraits());
}
