import { createHash, randomBytes } from 'node:crypto';

/**
 * A MessageSid of Twilio's shape (SM and 32 hexadecimal digits), which the webhook requires:
 * the same for the same seed (a retried webhook), a fresh one without.
 */
export function messageSid(seed?: string): string {
  const hex =
    seed === undefined ? randomBytes(16).toString('hex') : createHash('md5').update(seed).digest('hex');
  return `SM${hex}`;
}
