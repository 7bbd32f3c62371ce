import { ProviderError } from '../provider-errors';
import type { OutgoingMail } from './mailbox';
import { encodeHeaderText } from './mime-words';

/** A recipient we write into a header: a plain address, nothing that could split into two. */
const ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+$/;
/** A Message-ID as it may stand in In-Reply-To and References. */
const MESSAGE_ID = /^<[^<>\s]+>$/;

/**
 * The RFC 5322 message Gmail's `raw` carries, base64url, plus the thread a reply belongs in.
 * Every header is built here from checked parts, so nothing the person or a sender wrote can
 * add a header: a value with a line break is refused before anything is sent.
 */
export function gmailRaw(
  from: string,
  mail: OutgoingMail,
  now = new Date(),
): { raw: string; threadId: string | undefined } {
  const reply = mail.replyTo;
  const subject = reply && !/^re:/i.test(mail.subject.trim()) ? `Re: ${mail.subject}` : mail.subject;
  const headers: [string, string][] = [
    ['From', address(from)],
    ...addressHeader('To', mail.to),
    ...addressHeader('Cc', mail.cc),
    // Gmail delivers to Bcc and takes the header out of what others receive.
    ...addressHeader('Bcc', mail.bcc),
    ['Subject', encodeHeaderText(singleLine(subject))],
    ['Date', rfc5322Date(now)],
  ];
  if (reply) {
    const answered = reply.messageId ? messageId(reply.messageId) : null;
    const references = [...new Set([...reply.references.map(messageId), ...(answered ? [answered] : [])])];
    if (answered) headers.push(['In-Reply-To', answered]);
    if (references.length > 0) headers.push(['References', references.join('\r\n ')]);
  }
  headers.push(
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=UTF-8'],
    ['Content-Transfer-Encoding', 'base64'],
  );
  const body = Buffer.from(mail.text.replace(/\r\n|\r|\n/g, '\r\n'), 'utf8').toString('base64');
  const lines = body.match(/.{1,76}/g) ?? [];
  const message = `${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${lines.join('\r\n')}\r\n`;
  return { raw: Buffer.from(message, 'utf8').toString('base64url'), threadId: reply?.threadId };
}

function addressHeader(name: string, addresses: string[]): [string, string][] {
  // One address a line: fifty recipients on one line would pass the 998-character limit.
  return addresses.length > 0 ? [[name, addresses.map(address).join(',\r\n ')]] : [];
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

/** `Mon, 23 Nov 2026 09:30:00 +0000`. */
function rfc5322Date(now: Date): string {
  return now.toUTCString().replace(/GMT$/, '+0000');
}
