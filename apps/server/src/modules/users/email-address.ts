import { PHONE_EMAIL_DOMAIN } from '@app/contract/common';

/**
 * Whether mail can reach the person: someone who signed up by phone carries a placeholder
 * address under PHONE_EMAIL_DOMAIN until an account with a real one is linked.
 */
export function hasRealEmail(email: string): boolean {
  return email.includes('@') && !email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
}
