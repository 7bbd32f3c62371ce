// The benchmark's seeded people, derived from their number alone, so the seeding script and the
// load generator agree without a file between them: user i has a fixed id, phone number and
// session token (only the token's SHA-256 is stored, as for a real sign-in).
import { createHash } from 'node:crypto';

/** US numbers in the 555 exchange of a few area codes: valid for libphonenumber, 10,000 each. */
const AREA_CODES = ['201', '202', '203', '205', '206', '207', '208', '209', '210', '212', '213', '214'];
export const MAX_USERS = AREA_CODES.length * 10_000;

/** A UUID-shaped id (version 7 layout, like the app's own), unique per i. */
export function userId(i) {
  return `b0000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;
}

export function phoneNumber(i) {
  const area = AREA_CODES[Math.floor(i / 10_000)];
  if (!area) throw new Error(`no phone number for user ${i} (at most ${MAX_USERS})`);
  return `+1${area}555${String(i % 10_000).padStart(4, '0')}`;
}

/** The bearer token of user i's session (43 characters, like the app's 256-bit tokens). */
export function sessionToken(i) {
  return createHash('sha256').update(`relay-bench-session:${i}`).digest('base64url');
}

/**
 * People past the ordinary ones, for the scale cases, all on Starter: one with a day of usage,
 * one with a month (the chart's 15 days and the whole billing period filled) and one with a year.
 */
export const DAY_USER = MAX_USERS - 3;
export const MONTH_USER = MAX_USERS - 2;
export const YEAR_USER = MAX_USERS - 1;
export const USAGE_DAYS = { [DAY_USER]: 1, [MONTH_USER]: 30, [YEAR_USER]: 365 };
