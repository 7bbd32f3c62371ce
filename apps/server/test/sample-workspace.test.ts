import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TMailSearch } from '@app/contract/workspace/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, migrateToLatest } from '../src/db/database';
import { DevOutbox } from '../src/providers/dev-outbox/repo';
import { ProviderError, type ProviderFailure } from '../src/providers/provider-errors';
import { LocalCalendarAdapter } from '../src/providers/sample-workspace/calendar';
import { LocalContactsAdapter } from '../src/providers/sample-workspace/contacts';
import { LocalMailboxAdapter } from '../src/providers/sample-workspace/mailbox';
import { sampleOwnerResolver } from '../src/providers/sample-workspace/owner';
import { SampleWorkspaceRepo } from '../src/providers/sample-workspace/repo';
import { sampleWorkspace } from '../src/providers/sample-workspace/seed';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { testConfig } from './helpers/build';

/** Thursday 26 November 2026, 07:00 in Sydney (AEDT, UTC+11), still Wednesday in UTC. */
const NOW = new Date('2026-11-25T20:00:00.000Z');
const SYDNEY = 'Australia/Sydney';
const HAN = /\p{Script=Han}/u;

let config: ReturnType<typeof testConfig>['config'];
let cleanup: () => Promise<void>;
let db: Db;
let store: SampleWorkspaceRepo;
let outbox: DevOutbox;

beforeAll(async () => {
  ({ config, cleanup } = testConfig());
  db = createDb(config.database);
  await migrateToLatest(db, config.database);
  store = new SampleWorkspaceRepo(db);
  outbox = new DevOutbox(db);
});
afterAll(async () => {
  await db.destroy();
  await cleanup();
});

/** Access tokens the fake issuer honours, and whose sample workspace each opens. */
const owners = new Map<string, string>();
let people = 0;

/** A new person with their own sample workspace (tests share the database, never an owner). */
function person(overrides: Partial<WorkspaceAccount> = {}): WorkspaceAccount {
  people += 1;
  const token = `token-${people}-${Math.random().toString(36).slice(2)}`;
  owners.set(token, `google:sub-${token}`);
  return {
    connectionId: `conn-${people}`,
    provider: 'google',
    email: `ada-${people}@example.com`,
    access: { kind: 'oauth', accessToken: token },
    timeZone: SYDNEY,
    language: 'en',
    ...overrides,
  };
}

const identify = async (account: WorkspaceAccount) =>
  account.access.kind === 'oauth' ? (owners.get(account.access.accessToken) ?? null) : null;

function adapters(on: { store: SampleWorkspaceRepo; outbox: DevOutbox } = { store, outbox }) {
  const deps = { ...on, identify, clock: { now: () => NOW } };
  return {
    calendar: new LocalCalendarAdapter(deps),
    mailbox: new LocalMailboxAdapter(deps),
    contacts: new LocalContactsAdapter(deps),
  };
}

const WEEK = { from: '2026-11-19T00:00:00.000Z', to: '2026-12-03T00:00:00.000Z', limit: 250 };
const search = (query: Partial<TMailSearch>): TMailSearch => ({ limit: 50, ...query });
const inSydney = (iso: string, part: 'date' | 'time' | 'weekday') =>
  new Intl.DateTimeFormat(part === 'date' ? 'en-CA' : 'en-GB', {
    timeZone: SYDNEY,
    ...(part === 'date'
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : part === 'time'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { weekday: 'short' }),
  }).format(new Date(iso));

async function failure(work: Promise<unknown>): Promise<ProviderFailure> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ProviderError) return error.kind;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('seeding', () => {
  it('makes the sample once, even for first calls that arrive together', async () => {
    const account = person();
    const owner = owners.get((account.access as { accessToken: string }).accessToken)!;
    const first = adapters();
    const second = adapters();
    await Promise.all([
      first.calendar.listEvents(account, WEEK),
      second.mailbox.search(account, search({})),
      first.contacts.search(account, { q: 'a', limit: 30 }),
      second.calendar.freeBusy(account, WEEK),
    ]);
    expect(await store.list(owner, 'contact')).toHaveLength(20);
    expect(await store.list(owner, 'mail')).toHaveLength(32);

    // The store itself: of two seeds at once, one writes.
    const other = `google:twice-${Date.now()}`;
    const items = sampleWorkspace({
      owner: other,
      email: 'twice@example.com',
      language: 'en',
      timeZone: 'UTC',
      calendarId: 'primary',
      now: NOW,
    });
    const results = await Promise.all([
      store.seedOnce(other, items, NOW.toISOString()),
      store.seedOnce(other, items, NOW.toISOString()),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(await store.list(other, 'event')).toHaveLength(items.filter((i) => i.kind === 'event').length);
  });

  it('lays the week out in the person’s own days: the stand-up at 09:30 in Sydney on weekdays', async () => {
    const account = person();
    const events = await adapters().calendar.listEvents(account, WEEK);
    const standUps = events.filter((e) => e.title === 'Team stand-up');
    // Three days ago to four days ahead of Thursday the 26th: Mon 23 to Mon 30, no weekend.
    expect(standUps.map((e) => inSydney(e.start, 'date'))).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
    for (const standUp of standUps) {
      expect(inSydney(standUp.start, 'time')).toBe('09:30');
      expect(standUp).toMatchObject({ recurring: true, allDay: false, timeZone: SYDNEY, provider: 'google' });
    }
    const allDay = events.filter((e) => e.allDay);
    expect(allDay).toEqual([
      expect.objectContaining({
        title: 'Team offsite',
        start: '2026-11-29',
        end: '2026-11-30',
        timeZone: null,
      }),
    ]);
    const contacts = await adapters().contacts.search(account, { q: 'example', limit: 30 });
    const known = new Set(contacts.flatMap((c) => c.emails));
    const review = events.find((e) => e.title === 'Project review')!;
    expect(review.attendees.length).toBeGreaterThan(1);
    for (const attendee of review.attendees) expect(known.has(attendee.email)).toBe(true);
    expect(events.find((e) => e.title === 'Dentist appointment')?.location).toMatch(/Harbour Dental/);
    expect(events.find((e) => e.title === 'Call with Daniel Weber')?.description).toMatch(/https:\/\/meet\./);
    expect(inSydney(events.find((e) => e.title === 'Call with Daniel Weber')!.start, 'date')).toBe(
      '2026-11-26',
    );
    // By start, whatever the kind.
    const starts = events.map((e) =>
      e.allDay ? Date.parse(`${e.start}T00:00:00+11:00`) : Date.parse(e.start),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('writes a Chinese sample for a person who reads Chinese', async () => {
    const account = person({ language: 'zh' });
    const { calendar, mailbox, contacts } = adapters();
    const events = await calendar.listEvents(account, WEEK);
    const mails = await mailbox.search(account, search({}));
    const people = await contacts.search(account, { q: 'example', limit: 30 });
    for (const text of [
      ...events.map((e) => e.title),
      ...mails.map((m) => m.subject),
      ...people.map((p) => p.name),
    ]) {
      expect(text).toMatch(HAN);
    }
    expect(mails.find((m) => m.unread && m.subject.includes('第三季度'))?.from?.name).toBe('王芳');
  });

  it('keeps contact details fictional: example domains and 555-01xx numbers only', async () => {
    const found = await adapters().contacts.search(person(), { q: 'e', limit: 30 });
    for (const contact of found) {
      for (const email of contact.emails) expect(email).toMatch(/@example\.(com|org|net)$/);
      for (const phone of contact.phones) expect(phone.replace(/\D/g, '')).toMatch(/^1\d{3}55501\d\d$/);
    }
  });
});

describe('LocalMailboxAdapter', () => {
  it('answers newest first over the last ten days, some unread, with the filters of the search', async () => {
    const account = person();
    const { mailbox } = adapters();
    const all = await mailbox.search(account, search({}));
    expect(all.length).toBeGreaterThanOrEqual(28);
    expect(all.map((m) => m.date)).toEqual([...all.map((m) => m.date)].sort().reverse());
    expect(Date.parse(all.at(-1)!.date)).toBeGreaterThan(NOW.getTime() - 10 * 86_400_000);

    const unread = await mailbox.search(account, search({ unread: true }));
    expect(unread.length).toBeGreaterThan(3);
    expect(unread.every((m) => m.unread)).toBe(true);
    expect((await mailbox.search(account, search({ unread: false }))).length).toBe(
      all.length - unread.length,
    );

    expect((await mailbox.search(account, search({ from: 'PRIYA' }))).map((m) => m.subject)).toEqual([
      'Quick question about the Q3 numbers',
    ]);
    expect(
      (await mailbox.search(account, search({ to: 'grace.kim@example.com' }))).map((m) => m.subject),
    ).toEqual(["Notes from Monday's planning"]);
    expect((await mailbox.search(account, search({ subject: 'receipt' }))).length).toBe(2);
    expect((await mailbox.search(account, search({ limit: 3 }))).map((m) => m.id)).toEqual(
      all.slice(0, 3).map((m) => m.id),
    );
    // Dates are the person's days: before the 24th in Sydney, after the 24th (inclusive).
    const before = await mailbox.search(account, search({ before: '2026-11-24' }));
    const after = await mailbox.search(account, search({ after: '2026-11-24' }));
    expect(before.length + after.length).toBe(all.length);
    expect(before.every((m) => inSydney(m.date, 'date') < '2026-11-24')).toBe(true);
    expect(after.every((m) => inSydney(m.date, 'date') >= '2026-11-24')).toBe(true);
  });

  it('reads q as words, phrases and Gmail’s prefixes', async () => {
    const account = person();
    const { mailbox } = adapters();
    const subjects = async (q: string) =>
      (await mailbox.search(account, search({ q }))).map((m) => m.subject);
    // Every word must appear, in the sender, the subject or the text.
    expect(await subjects('board deck Thursday')).toEqual(['Quick question about the Q3 numbers']);
    expect(await subjects('board deck Friday')).toEqual([]);
    expect(await subjects('"flat white"')).toEqual(['Your receipt from Corner Café']);
    expect(await subjects('from:sam is:unread')).toEqual(['Re: Catch up next week?']);
    expect(await subjects('from:sam.okafor@example.org')).toHaveLength(2);
    expect(await subjects('in:sent')).toEqual(['Re: Catch up next week?']);
    expect(await subjects('subject:"morning brief" is:read')).toHaveLength(2);
    expect(await subjects('has:attachment from:mei')).toEqual(['Slides for the project review']);
    expect(await subjects('Homewares after:2026/11/22')).toEqual(['Your order #48213 has shipped']);
  });

  it('reads a message and its thread without marking anything read', async () => {
    const account = person();
    const { mailbox } = adapters();
    const [question] = await mailbox.search(account, search({ q: 'from:priya is:unread' }));
    const message = await mailbox.read(account, question!.id);
    expect(message).toMatchObject({
      unread: true,
      subject: question!.subject,
      connectionId: account.connectionId,
    });
    expect(message.text).toMatch(/final Q3 revenue figures/);
    expect((await mailbox.read(account, question!.id)).unread).toBe(true);
    expect(await mailbox.search(account, search({ q: 'from:priya is:unread' }))).toHaveLength(1);
  });

  it('keeps a reply in its thread, threaded by Message-ID', async () => {
    const account = person();
    const { mailbox } = adapters();
    const [last] = await mailbox.search(account, search({ q: 'from:sam is:unread' }));
    const thread = await mailbox.thread(account, last!.threadId);
    expect(thread.messages.map((m) => m.from?.email)).toEqual([
      'sam.okafor@example.org',
      account.email,
      'sam.okafor@example.org',
    ]);
    const answered = await mailbox.read(account, last!.id);
    const sent = await mailbox.send(account, {
      to: ['sam.okafor@example.org'],
      cc: [],
      bcc: [],
      subject: 'Re: Catch up next week?',
      text: 'See you Wednesday!',
      replyTo: answered,
    });
    expect(sent.threadId).toBe(last!.threadId);
    const after = await mailbox.thread(account, last!.threadId);
    expect(after.messages).toHaveLength(4);
    const reply = after.messages.at(-1)!;
    expect(reply).toMatchObject({ id: sent.id, text: 'See you Wednesday!', unread: false });
    expect(reply.references).toEqual([...answered.references, answered.messageId]);
    expect((await mailbox.search(account, search({ q: 'in:sent' }))).map((m) => m.id)).toContain(sent.id);
  });

  it('sends to every recipient through the dev outbox, saying who sent it', async () => {
    const account = person();
    const { mailbox } = adapters();
    const subject = `Dinner plans ${account.email}`;
    const sent = await mailbox.send(account, {
      to: ['ben.carter@example.org', 'mei.chen@example.com'],
      cc: ['tom.ashford@example.com'],
      bcc: ['secret@example.net'],
      subject,
      text: 'Shall we meet at 7?',
      replyTo: null,
    });
    expect(sent.threadId).toBeTruthy();
    const entries = (await outbox.list({ limit: 500 })).filter((m) => m.subject === subject);
    expect(entries.map((m) => m.to).sort()).toEqual([
      'ben.carter@example.org',
      'mei.chen@example.com',
      'secret@example.net',
      'tom.ashford@example.com',
    ]);
    for (const entry of entries) {
      expect(entry.channel).toBe('email');
      expect(entry.body.split('\n')[0]).toBe(`From: ${account.email}`);
      expect(entry.body).toContain('Shall we meet at 7?');
      expect(entry.body).not.toContain('secret@example.net');
    }
    const stored = await mailbox.read(account, sent.id);
    expect(stored.to.map((a) => a.email)).toEqual(['ben.carter@example.org', 'mei.chen@example.com']);
  });

  it('keeps a draft in the drafts, unsent', async () => {
    const account = person();
    const { mailbox } = adapters();
    const subject = `Draft for ${account.email}`;
    const draft = await mailbox.createDraft(account, {
      to: ['raj.patel@example.com'],
      cc: [],
      bcc: [],
      subject,
      text: 'Thanks for the comments on the lease.',
      replyTo: null,
    });
    expect((await mailbox.read(account, draft.id)).subject).toBe(subject);
    expect((await outbox.list({ limit: 500 })).some((m) => m.subject === subject)).toBe(false);
    expect(await mailbox.search(account, search({ subject }))).toEqual([]);
    expect((await mailbox.search(account, search({ q: 'in:drafts' }))).map((m) => m.id)).toEqual([draft.id]);
  });

  it('answers not_found for a message, a thread or a reply it does not hold', async () => {
    const account = person();
    const { mailbox } = adapters();
    expect(await failure(mailbox.read(account, 'no-such-message'))).toBe('not_found');
    expect(await failure(mailbox.thread(account, 'no-such-thread'))).toBe('not_found');
    const [any] = await mailbox.search(account, search({ limit: 1 }));
    const message = await mailbox.read(account, any!.id);
    const reply = { to: ['x@example.com'], cc: [], bcc: [], subject: 'Re', text: 'hi' };
    expect(await failure(mailbox.send(account, { ...reply, replyTo: { ...message, id: 'gone' } }))).toBe(
      'not_found',
    );
  });
});

describe('LocalCalendarAdapter', () => {
  it('creates, updates and deletes events that a new adapter on the same database sees', async () => {
    const account = person();
    const created = await adapters().calendar.createEvent(account, {
      title: 'Coffee with Sam',
      when: {
        allDay: false,
        start: '2026-12-02T10:00:00+11:00',
        end: '2026-12-02T10:30:00+11:00',
        timeZone: SYDNEY,
      },
      location: 'Corner Café',
      description: null,
      attendees: [],
      sendUpdates: false,
      calendarId: null,
    });
    expect(created).toMatchObject({
      start: '2026-12-01T23:00:00.000Z',
      calendarId: 'primary',
      organizer: account.email,
    });

    const reopened = createDb(config.database);
    try {
      const fresh = adapters({ store: new SampleWorkspaceRepo(reopened), outbox: new DevOutbox(reopened) });
      const listed = await fresh.calendar.listEvents(account, WEEK);
      expect(listed.find((e) => e.id === created.id)).toMatchObject({
        title: 'Coffee with Sam',
        location: 'Corner Café',
      });
      await fresh.calendar.updateEvent(account, created.id, {
        title: 'Coffee and sketches',
        location: null,
        sendUpdates: false,
      });
    } finally {
      await reopened.destroy();
    }
    const after = await adapters().calendar.listEvents(account, WEEK);
    expect(after.find((e) => e.id === created.id)).toMatchObject({
      title: 'Coffee and sketches',
      location: null,
    });

    await adapters().calendar.deleteEvent(account, created.id, { sendUpdates: false });
    expect((await adapters().calendar.listEvents(account, WEEK)).some((e) => e.id === created.id)).toBe(
      false,
    );
  });

  it('invites each attendee through the dev outbox, naming the event and its time', async () => {
    const account = person();
    const { calendar } = adapters();
    const title = `Planning ${account.email}`;
    const created = await calendar.createEvent(account, {
      title,
      when: {
        allDay: false,
        start: '2026-11-27T03:00:00.000Z',
        end: '2026-11-27T04:00:00.000Z',
        timeZone: SYDNEY,
      },
      location: 'Room 4B',
      description: 'Bring the numbers.',
      attendees: ['priya.natarajan@example.com', 'stranger@example.net'],
      sendUpdates: true,
      calendarId: null,
    });
    expect(created.attendees).toEqual([
      { email: 'priya.natarajan@example.com', name: 'Priya Natarajan', response: 'needs_action' },
      { email: 'stranger@example.net', name: null, response: 'needs_action' },
    ]);
    const invitations = (await outbox.list({ limit: 500 })).filter((m) => m.subject?.includes(title));
    expect(invitations.map((m) => m.to).sort()).toEqual([
      'priya.natarajan@example.com',
      'stranger@example.net',
    ]);
    for (const invitation of invitations) {
      // 14:00 in Sydney on Friday the 27th.
      expect(invitation.subject?.startsWith(`Invitation: ${title} @ `)).toBe(true);
      expect(invitation.subject).toMatch(/ @ Fri, 27 Nov 2026, 2:00\s–\s3:00\spm \(Australia\/Sydney\)$/);
      expect(invitation.body.split('\n')[0]).toBe(`From: ${account.email}`);
      expect(invitation.body).toContain('Where: Room 4B');
    }
    await calendar.updateEvent(account, created.id, {
      attendees: ['priya.natarajan@example.com'],
      sendUpdates: true,
    });
    const changed = (await outbox.list({ limit: 500 })).filter((m) => m.subject?.includes(title));
    expect(changed.filter((m) => m.subject?.startsWith('Updated invitation: ')).map((m) => m.to)).toEqual([
      'priya.natarajan@example.com',
    ]);
    expect(changed.filter((m) => m.subject?.startsWith('Canceled event: ')).map((m) => m.to)).toEqual([
      'stranger@example.net',
    ]);
    await calendar.deleteEvent(account, created.id, { sendUpdates: true });
    const cancelled = (await outbox.list({ limit: 500 })).filter((m) =>
      m.subject?.startsWith(`Canceled event: ${title}`),
    );
    expect(cancelled.map((m) => m.to).sort()).toEqual([
      'priya.natarajan@example.com',
      'stranger@example.net',
    ]);
    // Without sendUpdates nobody hears of it.
    const quiet = `Quiet ${account.email}`;
    await calendar.createEvent(account, {
      title: quiet,
      when: { allDay: true, startDate: '2026-11-28', endDate: '2026-11-29' },
      location: null,
      description: null,
      attendees: ['priya.natarajan@example.com'],
      sendUpdates: false,
      calendarId: null,
    });
    expect((await outbox.list({ limit: 500 })).some((m) => m.subject?.includes(quiet))).toBe(false);
  });

  it('lists by overlap up to the limit, and gives merged busy time without all-day events', async () => {
    const account = person();
    const { calendar } = adapters();
    const at = (start: string, end: string) => ({ allDay: false as const, start, end, timeZone: SYDNEY });
    const base = { location: null, description: null, attendees: [], sendUpdates: false, calendarId: null };
    // Wednesday 2 December in Sydney, past the sample's week: two overlapping events, one after a gap.
    await calendar.createEvent(account, {
      ...base,
      title: 'A',
      when: at('2026-12-01T22:00:00Z', '2026-12-01T23:00:00Z'),
    });
    await calendar.createEvent(account, {
      ...base,
      title: 'B',
      when: at('2026-12-01T22:30:00Z', '2026-12-02T00:00:00Z'),
    });
    await calendar.createEvent(account, {
      ...base,
      title: 'C',
      when: at('2026-12-02T01:00:00Z', '2026-12-02T02:00:00Z'),
    });
    await calendar.createEvent(account, {
      ...base,
      title: 'All day',
      when: { allDay: true, startDate: '2026-12-02', endDate: '2026-12-03' },
    });
    const wednesday = { from: '2026-12-01T13:00:00.000Z', to: '2026-12-02T13:00:00.000Z' };
    expect(await calendar.freeBusy(account, wednesday)).toEqual([
      { start: '2026-12-01T22:00:00.000Z', end: '2026-12-02T00:00:00.000Z' },
      { start: '2026-12-02T01:00:00.000Z', end: '2026-12-02T02:00:00.000Z' },
    ]);
    const listed = await calendar.listEvents(account, { ...wednesday, limit: 10 });
    expect(listed.map((e) => e.title)).toEqual(['All day', 'A', 'B', 'C']);
    expect((await calendar.listEvents(account, { ...wednesday, limit: 2 })).map((e) => e.title)).toEqual([
      'All day',
      'A',
    ]);
    // An event that ends as the range starts is not in it.
    expect(
      (
        await calendar.listEvents(account, {
          from: '2026-12-02T02:00:00.000Z',
          to: '2026-12-02T03:00:00.000Z',
          limit: 10,
        })
      ).map((e) => e.title),
    ).toEqual(['All day']);
  });

  it('answers not_found for an event or a calendar it does not hold', async () => {
    const account = person();
    const { calendar } = adapters();
    expect(
      await failure(calendar.updateEvent(account, 'no-such-event', { title: 'x', sendUpdates: false })),
    ).toBe('not_found');
    expect(await failure(calendar.deleteEvent(account, 'no-such-event', { sendUpdates: false }))).toBe(
      'not_found',
    );
    const when = { allDay: true as const, startDate: '2026-11-28', endDate: '2026-11-29' };
    const event = { title: 'x', when, location: null, description: null, attendees: [], sendUpdates: false };
    expect(await failure(calendar.createEvent(account, { ...event, calendarId: 'work' }))).toBe('not_found');
  });

  it('answers protocol for a stored document it cannot read', async () => {
    const account = person();
    const { calendar } = adapters();
    await calendar.listEvents(account, WEEK);
    const owner = owners.get((account.access as { accessToken: string }).accessToken)!;
    await store.put(
      owner,
      { kind: 'event', id: 'broken', sortKey: '2026-11-26T00:00:00.000Z', data: '{"id":1}' },
      NOW.toISOString(),
    );
    expect(await failure(calendar.listEvents(account, WEEK))).toBe('protocol');
  });
});

describe('LocalContactsAdapter', () => {
  it('finds contacts by part of a name, an address or a number’s digits', async () => {
    const account = person();
    const { contacts } = adapters();
    const names = async (q: string) => (await contacts.search(account, { q, limit: 30 })).map((c) => c.name);
    expect(await names('natar')).toEqual(['Priya Natarajan']);
    expect(await names('SAM.OKAFOR@')).toEqual(['Sam Okafor']);
    expect(await names('example.org')).toContain('Jonas Lindqvist');
    expect(await names('lindqvist@example.net')).toEqual(['Jonas Lindqvist']);
    expect(await names('555 0102')).toEqual(['Sam Okafor']);
    expect(await names('(628) 555-0112')).toEqual(['Sam Okafor']);
    expect(await names('+14155550101')).toEqual(['Priya Natarajan']);
    expect(await names('nobody at all')).toEqual([]);
    expect(await contacts.search(account, { q: 'example', limit: 5 })).toHaveLength(5);
    const [priya] = await contacts.search(account, { q: 'Priya', limit: 1 });
    expect(priya).toMatchObject({
      connectionId: account.connectionId,
      provider: 'google',
      emails: ['priya.natarajan@example.com'],
      organization: 'Northwind Labs',
    });
  });
});

describe('the owner of a credential', () => {
  it('is refused as token_refused by every adapter when identify says no', async () => {
    const refused: WorkspaceAccount = { ...person(), access: { kind: 'oauth', accessToken: 'revoked' } };
    const { calendar, mailbox, contacts } = adapters();
    expect(await failure(calendar.listEvents(refused, WEEK))).toBe('token_refused');
    expect(await failure(calendar.freeBusy(refused, WEEK))).toBe('token_refused');
    expect(await failure(mailbox.search(refused, search({})))).toBe('token_refused');
    expect(await failure(mailbox.read(refused, 'mail-question'))).toBe('token_refused');
    expect(await failure(contacts.search(refused, { q: 'sam', limit: 10 }))).toBe('token_refused');
  });

  describe('sampleOwnerResolver', () => {
    let server: Server;
    let url: string;
    const seen: { path: string; authorization: string | undefined; method: string | undefined }[] = [];
    beforeAll(async () => {
      // The local issuer's userinfo, as it answers: its own token, 401 for any other.
      server = createServer((request, response) => {
        seen.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          method: request.method,
        });
        const token = request.headers.authorization?.replace(/^Bearer /, '');
        if (token === 'broken') return void response.writeHead(500).end();
        if (token === 'garbled')
          return void response.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
        if (token !== 'good-token') return void response.writeHead(401).end();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ sub: 'sub-ada', email: 'ada@example.com' }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const oauth = (provider: 'google' | 'microsoft', accessToken: string): WorkspaceAccount => ({
      ...person({ provider }),
      access: { kind: 'oauth', accessToken },
    });

    it('asks the local issuer whose access token it is', async () => {
      const resolve = sampleOwnerResolver(url, 2000);
      expect(await resolve(oauth('microsoft', 'good-token'))).toBe('microsoft:sub-ada');
      expect(seen.at(-1)).toEqual({
        path: '/dev/idp/microsoft/me',
        authorization: 'Bearer good-token',
        method: 'GET',
      });
      expect(await resolve(oauth('google', 'stale'))).toBeNull();
      await expect(resolve(oauth('google', 'broken'))).rejects.toMatchObject({ kind: 'unavailable' });
      await expect(resolve(oauth('google', 'garbled'))).rejects.toMatchObject({ kind: 'protocol' });
      // Through an adapter: a refused token is token_refused.
      const deps = { store, outbox, identify: resolve, clock: { now: () => NOW } };
      expect(
        await failure(new LocalContactsAdapter(deps).search(oauth('google', 'stale'), { q: 'a', limit: 1 })),
      ).toBe('token_refused');
      expect(
        (
          await new LocalContactsAdapter(deps).search(oauth('google', 'good-token'), { q: 'Priya', limit: 1 })
        )[0]?.name,
      ).toBe('Priya Natarajan');
    });

    it('opens an Apple ID with an app-specific password’s shape', async () => {
      const resolve = sampleOwnerResolver(url, 2000);
      const apple = (password: string): WorkspaceAccount => ({
        ...person({ provider: 'apple' }),
        access: {
          kind: 'dav',
          appleId: 'Ada@iCloud.example.com',
          password,
          homes: {
            caldav: { rootUrl: '', principalUrl: '', homeUrl: '' },
            carddav: { rootUrl: '', principalUrl: '', homeUrl: '' },
          },
        },
      });
      expect(await resolve(apple('abcd-efgh-ijkl-mnop'))).toBe('apple:ada@icloud.example.com');
      expect(await resolve(apple('ABCD-EFGH-IJKL-MNOP'))).toBeNull();
      expect(await resolve(apple('my password'))).toBeNull();
    });
  });
});
