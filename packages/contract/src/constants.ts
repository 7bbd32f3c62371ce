/** Business constants of spec §9, shared so server and web can never disagree. */

export const VERIFICATION_CODE_LENGTH = 5;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** For +1 (NANP) the national number is exactly this long. */
export const NANP_DIGITS = 10;

export const DELAYS_MS = {
  afterOAuth: 2000,
  afterVerification: 1500,
  mobileStatusRecheck: 1000,
} as const;

export const TOAST_MS = {
  verification: 3000,
  integrations: 5000,
  default: 4000,
  long: 6000,
} as const;

export const USAGE_CHART_DAYS = 15;
export const COST_PER_TOKEN_USD = 0.002;
export const FALLBACK_BILLING_PERIOD_DAYS = 30;
export const TRIAL_DAYS = 7;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Spec §5: +1 takes exactly 10 national digits; everything else 7 to 15. */
export function isValidNationalNumber(dialCode: string, digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  if (dialCode === '+1') return digits.length === NANP_DIGITS;
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS;
}
