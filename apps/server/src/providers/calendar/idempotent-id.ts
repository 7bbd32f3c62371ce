import { createHash } from 'node:crypto';

/**
 * The provider-side name of a write that must happen once (decision 587): the same caller key
 * always gives the same 64 lowercase hex digits. Hex is inside Google's base32hex alphabet for a
 * client-chosen event id (a–v, 0–9, 5–1024 long), a valid Graph `transactionId` and a CalDAV
 * UID and object name, so a retried create finds what the first one wrote instead of writing it
 * again. Longer than Google's own 26-digit ids, so it never names one of theirs.
 */
export function idempotentId(key: string): string {
  return createHash('sha256').update(`event:${key}`, 'utf8').digest('hex');
}
