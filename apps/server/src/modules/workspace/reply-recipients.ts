import type { TMailMessage } from '@app/contract/workspace/mail';
import { hasRealEmail } from '../users/email-address';

/**
 * Who a reply goes to, decided here and nowhere else (the assistant's recipient checks read the
 * same answer): the sender, or, when the person sent the original, its recipients; with reply-all
 * also everyone else on it. Never the person themselves (any of `self`: their connected accounts'
 * addresses, ownAddresses in mail.ts), never a phone sign-up's placeholder address (not a
 * mailbox), never anyone twice.
 */
export function replyRecipients(
  original: TMailMessage,
  self: readonly string[],
  options: { replyAll: boolean; to: string[]; cc: string[] },
): { to: string[]; cc: string[] } {
  const mine = new Set(self.map((address) => address.toLowerCase()));
  const sender = original.from?.email ?? '';
  const fromMe = mine.has(sender.toLowerCase());
  const to = fromMe || !sender ? original.to.map((a) => a.email) : [sender];
  const cc = options.replyAll ? [...original.to, ...original.cc].map((a) => a.email) : [];
  const seen = new Set<string>(mine);
  const keep = (list: string[]) =>
    list.filter((email) => {
      const key = email.toLowerCase();
      if (!key || seen.has(key) || !hasRealEmail(key)) return false;
      seen.add(key);
      return true;
    });
  const finalTo = keep([...to, ...options.to]);
  return { to: finalTo, cc: keep([...cc, ...options.cc]) };
}

export function replySubject(subject: string): string {
  return /^\s*(re|回复)\s*[:：]/i.test(subject) ? subject : `Re: ${subject}`;
}
