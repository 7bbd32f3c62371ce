import type { TMailSearch } from '@app/contract/workspace/mail';
import { startOfDayIn } from '../../lib/zoned-time';
import type { StoredMail } from './stored';

type Folder = StoredMail['folder'];

/** A search as the stand-in applies it: every part must hold. */
interface MailConditions {
  words: string[];
  from: string[];
  to: string[];
  subject: string[];
  unread: boolean | null;
  hasAttachment: boolean;
  /** Drafts are left out unless asked for, as Gmail's search leaves them. */
  folders: Folder[];
  after: number | null;
  before: number | null;
}

/**
 * The stand-in's reading of a mail search: the filters of the contract, and `q` as Gmail reads
 * the most common of it: plain words (each must appear in the sender, subject or text), quoted
 * phrases, and `from:`, `to:`, `subject:`, `is:unread`/`is:read`, `in:inbox|sent|drafts`,
 * `has:attachment`, `after:`/`before:` (dates, in the person's zone). Case never matters.
 */
export function mailMatcher(query: TMailSearch, timeZone: string): (mail: StoredMail) => boolean {
  const dayStart = (date: string) => startOfDayIn(date.replace(/\//g, '-'), timeZone).getTime();
  const conditions: MailConditions = {
    words: [],
    from: query.from ? [query.from.toLowerCase()] : [],
    to: query.to ? [query.to.toLowerCase()] : [],
    subject: query.subject ? [query.subject.toLowerCase()] : [],
    unread: query.unread ?? null,
    hasAttachment: false,
    folders: ['inbox', 'sent'],
    after: query.after ? dayStart(query.after) : null,
    before: query.before ? dayStart(query.before) : null,
  };
  for (const [, prefix, quoted, bare] of (query.q ?? '').matchAll(/(?:([a-z]+):)?(?:"([^"]*)"|(\S+))/gi)) {
    const value = (quoted ?? bare ?? '').toLowerCase();
    if (!value) continue;
    if (!applyPrefix(conditions, prefix?.toLowerCase(), value, dayStart)) {
      conditions.words.push(prefix ? `${prefix.toLowerCase()}:${value}` : value);
    }
  }
  return (mail) => matches(mail, conditions);
}

/** False when the prefix is not one the stand-in knows: the token is then a plain word. */
function applyPrefix(
  conditions: MailConditions,
  prefix: string | undefined,
  value: string,
  dayStart: (date: string) => number,
): boolean {
  switch (prefix) {
    case 'from':
    case 'to':
    case 'subject':
      conditions[prefix].push(value);
      return true;
    case 'is':
      if (value !== 'unread' && value !== 'read') return false;
      conditions.unread = value === 'unread';
      return true;
    case 'in': {
      const folder = ({ inbox: 'inbox', sent: 'sent', drafts: 'drafts', draft: 'drafts' } as const)[value];
      if (!folder) return false;
      conditions.folders = [folder];
      return true;
    }
    case 'has':
      if (value !== 'attachment') return false;
      conditions.hasAttachment = true;
      return true;
    case 'after':
    case 'before':
      if (!/^\d{4}[/-]\d{2}[/-]\d{2}$/.test(value)) return false;
      conditions[prefix] = dayStart(value);
      return true;
    default:
      return false;
  }
}

function matches(mail: StoredMail, c: MailConditions): boolean {
  const date = Date.parse(mail.date);
  const sender = mail.from ? `${mail.from.name ?? ''} ${mail.from.email}`.toLowerCase() : '';
  const recipients = [...mail.to, ...mail.cc, ...mail.bcc]
    .map((a) => `${a.name ?? ''} ${a.email}`)
    .join(' ')
    .toLowerCase();
  const subject = mail.subject.toLowerCase();
  const everything = `${sender}\n${subject}\n${mail.text.toLowerCase()}`;
  return (
    c.folders.includes(mail.folder) &&
    (c.unread === null || mail.unread === c.unread) &&
    (!c.hasAttachment || mail.attachments.length > 0) &&
    (c.after === null || date >= c.after) &&
    (c.before === null || date < c.before) &&
    c.from.every((term) => sender.includes(term)) &&
    c.to.every((term) => recipients.includes(term)) &&
    c.subject.every((term) => subject.includes(term)) &&
    c.words.every((term) => everything.includes(term))
  );
}
