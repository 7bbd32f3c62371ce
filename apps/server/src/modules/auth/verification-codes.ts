import { randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@app/contract/constants';
import { hmac, safeEqual } from '../../lib/secrets';

/** Design §5 limits. */
export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_AFTER_SECONDS = 30;
export const MAX_SENDS_PER_HOUR = 5;
export const MAX_ATTEMPTS_PER_CODE = 5;
export const MAX_SENDS_PER_IP_PER_HOUR = 20;

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
