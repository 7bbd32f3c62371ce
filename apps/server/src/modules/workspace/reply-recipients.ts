import type { TMailMessage } from '@app/contract/workspace/mail';

/**
 * Who a reply goes to, decided here and nowhere else (the assistant's recipient checks read the
 * same answer): the sender, or, when the person sent the original, its recipients; with reply-all
 * also everyone else on it. Never the person themselves, never anyone twice.
 */
export function replyRecipients(
  original: TMailMessage,
  self: string,
  options: { replyAll: boolean; to: string[]; cc: string[] },
): { to: string[]; cc: string[] } {
  const me = self.toLowerCase();
  const sender = original.from?.email ?? '';
  const fromMe = sender.toLowerCase() === me;
  const to = fromMe || !sender ? original.to.map((a) => a.email) : [sender];
  const cc = options.replyAll ? [...original.to, ...original.cc].map((a) => a.email) : [];
  const seen = new Set<string>([me]);
  const keep = (list: string[]) =>
    list.filter((email) => {
      const key = email.toLowerCase();
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const finalTo = keep([...to, ...options.to]);
  return { to: finalTo, cc: keep([...cc, ...options.cc]) };
}

export function replySubject(subject: string): string {
  return /^\s*(re|回复)\s*[:：]/i.test(subject) ? subject : `Re: ${subject}`;
}
