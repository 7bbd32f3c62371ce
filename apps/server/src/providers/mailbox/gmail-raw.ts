import MailComposer from 'nodemailer/lib/mail-composer';
import { ProviderError } from '../provider-errors';
import type { OutgoingMail } from './mailbox';

/** A recipient we write into a header: a plain address, nothing that could split into two. */
const ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+$/;
/** A Message-ID as it may stand in In-Reply-To and References. */
const MESSAGE_ID = /^<[^<>\s]+>$/;

/**
 * The RFC 5322 message Gmail's `raw` carries, base64url, plus the thread a reply belongs in.
 * nodemailer's MailComposer writes it (encoded-words, folding, the body's transfer encoding);
 * every part it is given is checked here first, so nothing the person or a sender wrote can add
 * a header: a value with a line break, or an address that is not plain, is refused before
 * anything is sent.
 */
export async function gmailRaw(
  from: string,
  mail: OutgoingMail,
  now = new Date(),
): Promise<{ raw: string; threadId: string | undefined }> {
  const reply = mail.replyTo;
  const subject = reply && !/^re:/i.test(mail.subject.trim()) ? `Re: ${mail.subject}` : mail.subject;
  const answered = reply?.messageId ? messageId(reply.messageId) : null;
  const references = reply
    ? [...new Set([...reply.references.map(messageId), ...(answered ? [answered] : [])])]
    : [];
  const root = new MailComposer({
    from: address(from),
    to: mail.to.map(address),
    cc: mail.cc.map(address),
    bcc: mail.bcc.map(address),
    subject: singleLine(subject),
    date: now,
    ...(answered ? { inReplyTo: answered } : {}),
    ...(references.length > 0 ? { references } : {}),
    text: mail.text.replace(/\r\n|\r|\n/g, '\r\n'),
    // Headers' encoded-words in base64 (B), as before; the body exactly as written, in base64
    // whatever it holds (plain ASCII would otherwise go as 7bit with a line break added).
    textEncoding: 'base64',
    headers: { 'Content-Transfer-Encoding': 'base64' },
    newline: '\r\n',
  }).compile();
  // Gmail delivers to Bcc and takes the header out of what others receive.
  root.keepBcc = true;
  const message = await root.build();
  return { raw: message.toString('base64url'), threadId: reply?.threadId };
}

function address(value: string): string {
  const plain = singleLine(value).trim();
  if (!ADDRESS.test(plain)) throw refused(`not a plain address: ${plain.slice(0, 100)}`);
  return plain;
}

function messageId(value: string): string {
  const trimmed = singleLine(value).trim();
  const wrapped = trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
  if (!MESSAGE_ID.test(wrapped)) throw refused('a malformed Message-ID');
  return wrapped;
}

function singleLine(value: string): string {
  if (/[\r\n]/.test(value)) throw refused('a header value with a line break');
  return value;
}

function refused(what: string): ProviderError {
  return new ProviderError('rejected', `Mail not sent: ${what}`);
}
