/** Mantine's orange fails WCAG AA contrast for text and for white on it; this darker one passes (>= 5.5:1). */
export const WARNING_COLOR = '#a63a0a';
/** Text on Mantine's light teal: teal.9 reaches only 4.3:1 there, this one 6.6:1. */
export const SUCCESS_TEXT_COLOR = '#065f46';
