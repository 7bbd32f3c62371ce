import { randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@app/contract/constants';
import { hmac, safeEqual } from '../../lib/secrets';
import { secondsUntilWindowFrees } from '../../lib/window-limit';

/** Design §5 limits. */
export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_AFTER_SECONDS = 30;
export const MAX_SENDS_PER_HOUR = 5;
export const MAX_ATTEMPTS_PER_CODE = 5;
export const MAX_SENDS_PER_IP_PER_HOUR = 20;
/** The window the per-number send limit counts in. */
export const SEND_WINDOW_MS = 60 * 60 * 1000;

/**
 * How long until the number may be sent another code, given its send times in the last
 * hour (newest first): null when it may now; otherwise the seconds and which limit holds it.
 */
export function nextSendWait(
  sendsNewestFirst: string[],
  now: Date,
): { seconds: number; reason: 'resend' | 'hourly' } | null {
  const last = sendsNewestFirst[0];
  if (last) {
    const seconds = Math.ceil((Date.parse(last) + RESEND_AFTER_SECONDS * 1000 - now.getTime()) / 1000);
    if (seconds > 0) return { seconds, reason: 'resend' };
  }
  const seconds = secondsUntilWindowFrees(sendsNewestFirst, MAX_SENDS_PER_HOUR, SEND_WINDOW_MS, now);
  return seconds === null ? null : { seconds, reason: 'hourly' };
}

/** Uniform over 00000-99999, from the OS CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** Keyed by number too, so one code's hash says nothing about another number's. */
export function hashCode(key: Buffer, phone: string, code: string): string {
  return hmac(key, `${phone}:${code}`);
}

export function codeMatches(key: Buffer, phone: string, code: string, storedHash: string): boolean {
  return safeEqual(hashCode(key, phone, code), storedHash);
}
