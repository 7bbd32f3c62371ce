import type { TLanguage } from '@app/contract/messages';
import type { TMailAddress } from '@app/contract/workspace/mail';
import { newId } from '../../lib/ids';
import type { FeedChange } from '../change-feed/feed-adapter';
import { localCalendar } from '../icloud/local-homes';
import { sampleOwnerOf } from './owner';
import type { SampleWorkspaceRepo } from './repo';
import { ensureSeeded } from './seed';
import {
  eventItem,
  mailItem,
  readStored,
  type StoredEvent,
  type StoredMail,
  ZStoredContact,
  ZStoredEvent,
  ZStoredMail,
} from './stored';

/**
 * The world moving in local mode (issue 30, part 7): what a dev route does to a person's sample
 * workspace so follow-ups and reminders can be seen offline. A mail arrives (new, or a contact's
 * reply in the last thread the person had with them), or one of their events moves or is
 * cancelled. Only a person's own sample is touched: the caller names the owner.
 */

/** The connection a sample workspace belongs to, as the connections table keeps it. */
export interface SampleConnection {
  provider: 'google' | 'microsoft' | 'apple';
  providerAccountId: string;
  email: string;
}

/** The owner key of a connection's sample workspace, seeded if it was never opened. */
export async function openSample(
  store: SampleWorkspaceRepo,
  connection: SampleConnection,
  person: { language: TLanguage; timeZone: string; now: Date },
): Promise<string> {
  const owner = sampleOwnerOf(connection.provider, connection.providerAccountId);
  await ensureSeeded(store, {
    owner,
    email: connection.email,
    language: person.language,
    timeZone: person.timeZone,
    calendarId: connection.provider === 'apple' ? localCalendar(connection.providerAccountId).url : 'primary',
    now: person.now,
  });
  return owner;
}

const WORDS: Record<TLanguage, { reply: string; newSubject: string; newText: string }> = {
  en: {
    reply: 'Thanks, that works for me. Talk soon.',
    newSubject: 'Quick question',
    newText: 'Hi, do you have a moment this week to go over the plan?',
  },
  zh: {
    reply: '谢谢，这样可以。回头聊。',
    newSubject: '一个小问题',
    newText: '你好，这周有空一起过一下计划吗？',
  },
};

export interface Delivered {
  mailId: string;
  threadId: string;
  from: TMailAddress;
  subject: string;
}

/**
 * What the change feed says of a mail delivered into a sample mailbox (issue 31): the same
 * record a real mailbox's sync would give, so the work that follows mail runs offline too.
 */
export function mailArrived(
  delivered: Delivered,
  at: { connectionId: string; provider: SampleConnection['provider']; ownEmail: string; now: Date },
): FeedChange {
  return {
    kind: 'mail.arrived',
    message: {
      id: delivered.mailId,
      connectionId: at.connectionId,
      provider: at.provider,
      threadId: delivered.threadId,
      from: delivered.from,
      to: [{ email: at.ownEmail, name: null }],
      cc: [],
      subject: delivered.subject,
      snippet: '',
      date: at.now.toISOString(),
      unread: true,
      hasAttachments: false,
    },
  };
}

function matchesWho(who: string) {
  const needle = who.trim().toLowerCase();
  return (address: TMailAddress | null | undefined): boolean =>
    !!address &&
    (address.email.toLowerCase().includes(needle) || (address.name ?? '').toLowerCase().includes(needle));
}

async function mails(store: SampleWorkspaceRepo, owner: string): Promise<StoredMail[]> {
  return (await store.list(owner, 'mail', { newestFirst: true })).map((item) =>
    readStored(ZStoredMail, item),
  );
}

/** The contact's address as the sample knows it: its contacts first, then its mail. */
async function addressOf(
  store: SampleWorkspaceRepo,
  owner: string,
  who: string,
): Promise<TMailAddress | null> {
  const match = matchesWho(who);
  for (const item of await store.list(owner, 'contact')) {
    const contact = readStored(ZStoredContact, item);
    const email = contact.emails[0];
    if (
      email &&
      (match({ email, name: contact.name }) || contact.emails.some((e) => match({ email: e, name: null })))
    )
      return { email, name: contact.name };
  }
  for (const mail of await mails(store, owner)) {
    if (match(mail.from)) return mail.from;
    const to = mail.to.find(match);
    if (to) return to;
  }
  return null;
}

/**
 * A reply from the contact in the thread of the last mail the person sent them or got from them;
 * a new mail from them when there is no such thread. Null when no contact or mail names them.
 */
export async function replyFrom(
  store: SampleWorkspaceRepo,
  input: { owner: string; ownEmail: string; who: string; language: TLanguage; text?: string; now: Date },
): Promise<Delivered | null> {
  const match = matchesWho(input.who);
  const last = (await mails(store, input.owner)).find(
    (mail) => mail.folder !== 'drafts' && (match(mail.from) || mail.to.some(match) || mail.cc.some(match)),
  );
  if (!last) return deliverMail(store, { ...input });
  const from = match(last.from) ? last.from! : (last.to.find(match) ?? last.cc.find(match))!;
  const subject = /^(re|回复)\s*[:：]/i.test(last.subject) ? last.subject : `Re: ${last.subject}`;
  return put(store, input.owner, {
    threadId: last.threadId,
    from,
    to: { email: input.ownEmail, name: null },
    subject,
    text: input.text ?? WORDS[input.language].reply,
    now: input.now,
    references: [...last.references, ...(last.messageId ? [last.messageId] : [])],
  });
}

/**
 * A reply from one address in a given thread (issue 32: a sample person answering a scheduling
 * mail), with the thread's references; null when the person has no such thread.
 */
export async function replyInThread(
  store: SampleWorkspaceRepo,
  input: { owner: string; ownEmail: string; threadId: string; from: TMailAddress; text: string; now: Date },
): Promise<Delivered | null> {
  const last = (await mails(store, input.owner)).find((mail) => mail.threadId === input.threadId);
  if (!last) return null;
  const subject = /^(re|回复)\s*[:：]/i.test(last.subject) ? last.subject : `Re: ${last.subject}`;
  return put(store, input.owner, {
    threadId: last.threadId,
    from: input.from,
    to: { email: input.ownEmail, name: null },
    subject,
    text: input.text,
    now: input.now,
    references: [...last.references, ...(last.messageId ? [last.messageId] : [])],
  });
}

/** A new mail from the contact to the person, in a thread of its own. */
export async function deliverMail(
  store: SampleWorkspaceRepo,
  input: {
    owner: string;
    ownEmail: string;
    who: string;
    language: TLanguage;
    subject?: string;
    text?: string;
    now: Date;
  },
): Promise<Delivered | null> {
  const from = await addressOf(store, input.owner, input.who);
  if (!from) return null;
  const id = newId();
  return put(store, input.owner, {
    threadId: `thread-${id}`,
    from,
    to: { email: input.ownEmail, name: null },
    subject: input.subject ?? WORDS[input.language].newSubject,
    text: input.text ?? WORDS[input.language].newText,
    now: input.now,
    references: [],
  });
}

async function put(
  store: SampleWorkspaceRepo,
  owner: string,
  mail: {
    threadId: string;
    from: TMailAddress;
    to: TMailAddress;
    subject: string;
    text: string;
    now: Date;
    references: string[];
  },
): Promise<Delivered> {
  const id = newId();
  const stored: StoredMail = {
    id,
    threadId: mail.threadId,
    folder: 'inbox',
    from: mail.from,
    to: [mail.to],
    cc: [],
    bcc: [],
    subject: mail.subject,
    text: mail.text,
    date: mail.now.toISOString(),
    unread: true,
    attachments: [],
    messageId: `<${id}@mail.example.com>`,
    references: mail.references,
  };
  await store.put(owner, mailItem(stored), stored.date);
  return { mailId: id, threadId: stored.threadId, from: mail.from, subject: stored.subject };
}

export type EventChange = 'later' | 'cancel';

/**
 * Moves one of the person's events an hour later, or cancels it: the one named, else the next
 * timed one still to start. Null when there is none.
 */
export async function changeEvent(
  store: SampleWorkspaceRepo,
  input: { owner: string; change: EventChange; eventId?: string; now: Date },
): Promise<{ event: StoredEvent; cancelled: boolean } | null> {
  const events = (await store.list(input.owner, 'event')).map((item) => readStored(ZStoredEvent, item));
  const now = input.now.toISOString();
  const event = input.eventId
    ? events.find((e) => e.id === input.eventId)
    : events.find((e) => !e.allDay && e.start > now);
  if (!event) return null;
  if (input.change === 'cancel') {
    await store.delete(input.owner, 'event', event.id);
    return { event, cancelled: true };
  }
  const shift = (iso: string) => new Date(Date.parse(iso) + 60 * 60_000).toISOString();
  const moved: StoredEvent = event.allDay
    ? event
    : { ...event, start: shift(event.start), end: shift(event.end) };
  await store.put(input.owner, eventItem(moved), now);
  return { event: moved, cancelled: false };
}
