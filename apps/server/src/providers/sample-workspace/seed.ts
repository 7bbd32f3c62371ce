import { createHash } from 'node:crypto';
import type { TLanguage } from '@app/contract/messages';
import type { TAttendee } from '@app/contract/workspace/calendar';
import type { TMailAddress } from '@app/contract/workspace/mail';
import { addDays, dateIn, instantOf, weekdayOf } from '../../lib/zoned-time';
import type { SampleItem, SampleWorkspaceRepo } from './repo';
import {
  CONTACT_KEYS,
  type ContactKey,
  type EventKey,
  type MailKey,
  SAMPLE_WORDS,
  type SampleWords,
} from './sample-words';
import {
  contactItem,
  eventItem,
  mailItem,
  type StoredContact,
  type StoredEvent,
  type StoredMail,
} from './stored';

/** Whose sample is made, and where and when they live. */
export interface SampleOwner {
  owner: string;
  /** The account's own address: the organiser of its meetings, the recipient of its mail. */
  email: string;
  language: TLanguage;
  timeZone: string;
  /** The id the account's one calendar goes by. */
  calendarId: string;
  now: Date;
}

/** In the fictional 555-01xx range, so no sample number rings anyone. */
const PHONES: Record<ContactKey, string[]> = {
  priya: ['+1 415 555 0101'],
  sam: ['+1 415 555 0102', '+1 628 555 0112'],
  mei: ['+1 415 555 0103'],
  daniel: ['+1 212 555 0104'],
  lucia: ['+1 312 555 0105'],
  tom: ['+1 415 555 0106'],
  aisha: ['+1 206 555 0107'],
  jonas: ['+1 503 555 0108'],
  grace: ['+1 415 555 0109', '+1 628 555 0119'],
  marcus: ['+1 206 555 0110'],
  olivia: ['+1 312 555 0111'],
  hiroshi: ['+1 808 555 0113'],
  fatima: ['+1 617 555 0114'],
  ben: ['+1 415 555 0115'],
  elena: ['+1 305 555 0116'],
  noah: ['+1 415 555 0117'],
  chloe: ['+1 512 555 0118'],
  raj: ['+1 212 555 0120'],
  sofia: ['+1 303 555 0121'],
  dental: ['+1 415 555 0199'],
};

interface TimedPlan {
  key: EventKey;
  day: number;
  at: string;
  minutes: number;
  attendees?: [ContactKey, TAttendee['response']][];
}

/** The week around today: -3 is three days ago, +4 four days ahead, in the person's days. */
const TIMED: TimedPlan[] = [
  { key: 'dinner', day: -3, at: '19:00', minutes: 120 },
  { key: 'lunch', day: -2, at: '12:30', minutes: 60 },
  { key: 'oneOnOne', day: -1, at: '15:00', minutes: 30, attendees: [['priya', 'accepted']] },
  { key: 'call', day: 0, at: '11:00', minutes: 30, attendees: [['daniel', 'accepted']] },
  {
    key: 'review',
    day: 1,
    at: '14:00',
    minutes: 60,
    attendees: [
      ['priya', 'accepted'],
      ['mei', 'tentative'],
      ['tom', 'needs_action'],
    ],
  },
  { key: 'dentist', day: 2, at: '16:30', minutes: 45 },
  { key: 'gym', day: 4, at: '18:00', minutes: 60 },
];
const ALL_DAY: { key: EventKey; day: number; days: number } = { key: 'offsite', day: 3, days: 1 };
const STANDUP = { at: '09:30', minutes: 15, fromDay: -3, toDay: 4 };

type Sender = ContactKey | 'me' | 'sender';

interface MailPlan {
  key: MailKey;
  from: Sender;
  daysAgo: number;
  hoursAgo: number;
  unread?: boolean;
  cc?: ContactKey[];
}

/** About 30 mails over the last 10 days, newest first; the thread with Sam is three of them. */
const MAILS: MailPlan[] = [
  { key: 'question', from: 'priya', daysAgo: 0, hoursAgo: 1, unread: true },
  { key: 'callAgenda', from: 'daniel', daysAgo: 0, hoursAgo: 2 },
  { key: 'briefToday', from: 'sender', daysAgo: 0, hoursAgo: 3, unread: true },
  { key: 'dentistReminder', from: 'dental', daysAgo: 0, hoursAgo: 5 },
  { key: 'booksDue', from: 'olivia', daysAgo: 1, hoursAgo: 1, unread: true },
  { key: 'threadLast', from: 'sam', daysAgo: 1, hoursAgo: 3, unread: true },
  { key: 'briefYesterday', from: 'sender', daysAgo: 1, hoursAgo: 3 },
  { key: 'reviewSlides', from: 'mei', daysAgo: 1, hoursAgo: 5 },
  { key: 'cafeReceipt', from: 'sender', daysAgo: 1, hoursAgo: 7 },
  { key: 'orderShipped', from: 'sender', daysAgo: 2, hoursAgo: 2 },
  { key: 'threadReply', from: 'me', daysAgo: 2, hoursAgo: 6 },
  { key: 'running', from: 'sender', daysAgo: 2, hoursAgo: 9 },
  { key: 'photos', from: 'ben', daysAgo: 2, hoursAgo: 11, unread: true },
  { key: 'schoolEvening', from: 'fatima', daysAgo: 3, hoursAgo: 2 },
  { key: 'threadFirst', from: 'sam', daysAgo: 3, hoursAgo: 4 },
  { key: 'rideReceipt', from: 'sender', daysAgo: 3, hoursAgo: 8 },
  { key: 'newSignIn', from: 'sender', daysAgo: 4, hoursAgo: 1 },
  { key: 'briefEarlier', from: 'sender', daysAgo: 4, hoursAgo: 3 },
  { key: 'hotelBooking', from: 'sofia', daysAgo: 4, hoursAgo: 5 },
  { key: 'engineeringBlog', from: 'sender', daysAgo: 4, hoursAgo: 8, unread: true },
  { key: 'weekendReads', from: 'sender', daysAgo: 5, hoursAgo: 2 },
  { key: 'planningNotes', from: 'tom', daysAgo: 5, hoursAgo: 4, cc: ['priya', 'grace', 'noah'] },
  { key: 'orderConfirmed', from: 'sender', daysAgo: 5, hoursAgo: 7 },
  { key: 'teamLunch', from: 'grace', daysAgo: 6, hoursAgo: 3, cc: ['priya', 'mei', 'tom', 'noah'] },
  { key: 'libraryNews', from: 'sender', daysAgo: 6, hoursAgo: 5 },
  { key: 'phoneBill', from: 'sender', daysAgo: 6, hoursAgo: 9, unread: true },
  { key: 'invoice', from: 'aisha', daysAgo: 7, hoursAgo: 3 },
  { key: 'contractComments', from: 'raj', daysAgo: 7, hoursAgo: 6 },
  { key: 'gardening', from: 'sender', daysAgo: 8, hoursAgo: 4, unread: true },
  { key: 'plumbingQuote', from: 'marcus', daysAgo: 8, hoursAgo: 6 },
  { key: 'powerPaid', from: 'sender', daysAgo: 9, hoursAgo: 2 },
  { key: 'floorPlans', from: 'elena', daysAgo: 9, hoursAgo: 5 },
];
/** The thread's messages, oldest first: a question, the person's answer, the reply. */
const THREAD: MailKey[] = ['threadFirst', 'threadReply', 'threadLast'];
const THREAD_ID = 'thread-catch-up';

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * An owner's first sample workspace: about 20 contacts, a week of events around today in their
 * zone, and about 30 mails of the last 10 days, in their language. Only the moment it is made
 * moves it: the rest is fixed, but for a few minutes per owner on each mail's time, so two
 * samples side by side do not look cloned.
 */
export function sampleWorkspace(owner: SampleOwner): SampleItem[] {
  const words = SAMPLE_WORDS[owner.language];
  return [
    ...sampleContacts(words).map(contactItem),
    ...sampleEvents(owner, words).map(eventItem),
    ...sampleMails(owner, words).map(mailItem),
  ];
}

function sampleContacts(words: SampleWords): StoredContact[] {
  return CONTACT_KEYS.map((key) => ({
    id: `contact-${key}`,
    name: words.contacts[key].name,
    emails: words.contacts[key].emails,
    phones: PHONES[key],
    organization: words.contacts[key].organization,
  }));
}

function sampleEvents(owner: SampleOwner, words: SampleWords): StoredEvent[] {
  const today = dateIn(owner.now, owner.timeZone);
  const base = {
    calendarId: owner.calendarId,
    allDay: false,
    timeZone: owner.timeZone,
    location: null,
    description: null,
    attendees: [],
    organizer: owner.email,
    recurring: false,
  };
  const timed = (key: EventKey, date: string, at: string, minutes: number) => {
    const startsAt = instantOf(`${date}T${at}`, owner.timeZone);
    const start = startsAt.toISOString();
    const end = new Date(startsAt.getTime() + minutes * 60_000).toISOString();
    const { title, location, description } = words.events[key];
    return { ...base, title, location: location ?? null, description: description ?? null, start, end };
  };
  const events: StoredEvent[] = [];
  for (let day = STANDUP.fromDay; day <= STANDUP.toDay; day += 1) {
    const date = addDays(today, day);
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6) continue;
    // Stored one occurrence each, as a provider expands a series in a range.
    events.push({
      ...timed('standup', date, STANDUP.at, STANDUP.minutes),
      id: `standup-${date}`,
      recurring: true,
    });
  }
  for (const plan of TIMED) {
    const date = addDays(today, plan.day);
    events.push({
      ...timed(plan.key, date, plan.at, plan.minutes),
      id: `${plan.key}-${date}`,
      attendees: (plan.attendees ?? []).map(([key, response]) => ({
        email: words.contacts[key].emails[0]!,
        name: words.contacts[key].name,
        response,
      })),
    });
  }
  const first = addDays(today, ALL_DAY.day);
  const { title, location } = words.events[ALL_DAY.key];
  events.push({
    ...base,
    id: `${ALL_DAY.key}-${first}`,
    title,
    location: location ?? null,
    start: first,
    end: addDays(first, ALL_DAY.days),
    allDay: true,
    timeZone: null,
  });
  return events;
}

function sampleMails(owner: SampleOwner, words: SampleWords): StoredMail[] {
  const seed = createHash('sha256').update(owner.owner).digest();
  const me: TMailAddress = { email: owner.email, name: null };
  const contact = (key: ContactKey): TMailAddress => ({
    email: words.contacts[key].emails[0]!,
    name: words.contacts[key].name,
  });
  const messageIdOf = (key: MailKey) => `<${key}.${seed.subarray(0, 4).toString('hex')}@mail.example.com>`;
  return MAILS.map((plan, index): StoredMail => {
    const text = words.mails[plan.key];
    const minutes = (seed[index % seed.length] ?? 0) % 50;
    const date = new Date(
      owner.now.getTime() - ((plan.daysAgo * 24 + plan.hoursAgo) * 60 + minutes) * 60_000,
    ).toISOString();
    const from =
      plan.from === 'me'
        ? me
        : plan.from === 'sender'
          ? { email: text.sender!.email, name: text.sender!.name }
          : contact(plan.from);
    const inThread = THREAD.indexOf(plan.key);
    const earlier = inThread > 0 ? THREAD.slice(0, inThread).map(messageIdOf) : [];
    return {
      id: `mail-${plan.key}`,
      threadId: inThread >= 0 ? THREAD_ID : `thread-${plan.key}`,
      folder: plan.from === 'me' ? 'sent' : 'inbox',
      from,
      to: plan.from === 'me' ? [contact('sam')] : [me],
      cc: (plan.cc ?? []).map(contact),
      bcc: [],
      subject: text.subject,
      text: text.text,
      date,
      unread: plan.unread ?? false,
      attachments: text.attachment
        ? [
            {
              name: text.attachment,
              mimeType: MIME_TYPES[text.attachment.split('.').pop() ?? ''] ?? 'application/octet-stream',
              size: 20_000 + (seed[(index + 7) % seed.length] ?? 0) * 1000,
            },
          ]
        : [],
      messageId: messageIdOf(plan.key),
      references: earlier,
    };
  });
}

/**
 * Makes the owner's sample on their first call. Two first calls at once may both build it;
 * the store writes one of them (see SampleWorkspaceRepo.seedOnce).
 */
export async function ensureSeeded(store: SampleWorkspaceRepo, owner: SampleOwner): Promise<void> {
  if (await store.isSeeded(owner.owner)) return;
  await store.seedOnce(owner.owner, sampleWorkspace(owner), owner.now.toISOString());
}
