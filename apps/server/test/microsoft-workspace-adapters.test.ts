import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZWorkspaceEvent } from '@app/contract/workspace/calendar';
import { ZContact } from '@app/contract/workspace/contacts';
import { ZMailMessage, ZMailSearch, ZMailSummary } from '@app/contract/workspace/mail';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wallTimeOf } from '../src/lib/zoned-time';
import { GraphCalendarAdapter } from '../src/providers/calendar/graph-calendar';
import { graphInstant } from '../src/providers/calendar/graph-datetime';
import { toIana, toWindows } from '../src/providers/calendar/windows-zones';
import { GraphContactsAdapter } from '../src/providers/contacts/graph-contacts';
import type { OutgoingMail } from '../src/providers/mailbox/mailbox';
import { OutlookMailAdapter } from '../src/providers/mailbox/outlook';
import { isProviderError, type ProviderFailure } from '../src/providers/provider-errors';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { type FakeEvent, type FakeMessage, GraphFake } from './helpers/graph-fake';

const account: WorkspaceAccount = {
  connectionId: 'conn-ms',
  provider: 'microsoft',
  email: 'ada@contoso.example',
  access: { kind: 'oauth', accessToken: GraphFake.TOKEN },
  timeZone: 'Europe/London',
  language: 'en',
};

const graph = new GraphFake();
let calendar: GraphCalendarAdapter;
let mail: OutlookMailAdapter;
let contacts: GraphContactsAdapter;

beforeAll(async () => {
  await graph.start();
  const options = { baseUrl: graph.url, timeoutMs: 2000 };
  calendar = new GraphCalendarAdapter(options);
  mail = new OutlookMailAdapter(options);
  contacts = new GraphContactsAdapter(options);
});
afterAll(() => graph.stop());

beforeEach(() => {
  graph.requests.length = 0;
  graph.pageSize = 2;
  graph.nextLinkBase = null;
  graph.refusedCalendars = new Set();
  graph.calendars = [
    { id: 'cal-work', name: 'Calendar', isDefaultCalendar: true },
    { id: 'cal-family', name: 'Family', isDefaultCalendar: false },
    { id: 'cal-shared', name: "Grace's calendar", isDefaultCalendar: false },
  ];
  graph.events = new Map([
    ['cal-work', workEvents()],
    ['cal-family', familyEvents()],
    ['cal-shared', []],
  ]);
  graph.messages = messages();
  graph.sent = [];
  graph.contacts = addressBook();
});

/** A Graph time as calendarView writes it with `Prefer: outlook.timezone="UTC"`. */
const utc = (dateTime: string) => ({ dateTime: `${dateTime}.0000000`, timeZone: 'UTC' });

function workEvents(): FakeEvent[] {
  return [
    {
      // 09:30 in Berlin (CET, UTC+1) is 08:30 UTC.
      id: 'AAMkAD-berlin',
      subject: 'Planning with the Berlin office',
      isAllDay: false,
      start: utc('2026-12-01T08:30:00'),
      end: utc('2026-12-01T09:30:00'),
      originalStartTimeZone: 'W. Europe Standard Time',
      originalEndTimeZone: 'W. Europe Standard Time',
      body: { contentType: 'html', content: '<p>Agenda: <b>budget</b></p>' },
      bodyPreview: 'Agenda: budget',
      location: { displayName: 'Room 4' },
      organizer: { emailAddress: { address: 'grace@contoso.example', name: 'Grace Hopper' } },
      attendees: [
        {
          emailAddress: { address: 'ada@contoso.example', name: 'Ada' },
          type: 'required',
          status: { response: 'tentativelyAccepted' },
        },
        {
          emailAddress: { address: 'alan@contoso.example', name: 'Alan' },
          type: 'required',
          status: { response: 'notResponded' },
        },
        {
          emailAddress: { address: 'kurt@contoso.example', name: '' },
          type: 'optional',
          status: { response: 'declined' },
        },
      ],
    },
    // A weekly 09:00 in Los Angeles: 16:00 UTC while daylight time lasts, 17:00 UTC after
    // 2026-11-01, when it ends.
    {
      id: 'AAMkAD-weekly-1',
      subject: 'Weekly sync',
      isAllDay: false,
      type: 'occurrence',
      start: utc('2026-10-26T16:00:00'),
      end: utc('2026-10-26T16:30:00'),
      originalStartTimeZone: 'Pacific Standard Time',
      showAs: 'tentative',
    },
    {
      id: 'AAMkAD-weekly-2',
      subject: 'Weekly sync',
      isAllDay: false,
      type: 'occurrence',
      start: utc('2026-11-02T17:00:00'),
      end: utc('2026-11-02T17:30:00'),
      originalStartTimeZone: 'Pacific Standard Time',
      showAs: 'tentative',
    },
    {
      id: 'AAMkAD-cancelled',
      subject: 'Cancelled: offsite',
      isAllDay: false,
      isCancelled: true,
      start: utc('2026-11-24T10:00:00'),
      end: utc('2026-11-24T11:00:00'),
      originalStartTimeZone: 'UTC',
    },
    {
      id: 'AAMkAD-lunch',
      subject: 'Lunch',
      isAllDay: false,
      start: utc('2026-11-24T12:00:00'),
      end: utc('2026-11-24T13:00:00'),
      originalStartTimeZone: 'tzone://Microsoft/Utc',
      showAs: 'free',
    },
  ];
}

function familyEvents(): FakeEvent[] {
  return [
    {
      // All-day events come midnight to midnight whatever zone was asked for.
      id: 'AAMkAD-birthday',
      subject: "Grandma's birthday",
      isAllDay: true,
      start: utc('2026-11-24T00:00:00'),
      end: utc('2026-11-25T00:00:00'),
      originalStartTimeZone: 'AUS Eastern Standard Time',
      showAs: 'oof',
    },
    {
      id: 'AAMkAD-school',
      subject: 'School play',
      isAllDay: false,
      start: utc('2026-11-24T17:00:00'),
      end: utc('2026-11-24T18:30:00'),
      originalStartTimeZone: 'GMT Standard Time',
      showAs: 'busy',
    },
  ];
}

const range = { from: '2026-10-20T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' };

function messages(): FakeMessage[] {
  const base = {
    ccRecipients: [],
    hasAttachments: false,
    isRead: true,
  };
  return [
    {
      ...base,
      id: 'AAMkAD-m1',
      conversationId: "AAQkAD-conv-it's",
      subject: 'Quarterly report',
      from: { emailAddress: { address: 'grace@contoso.example', name: 'Grace Hopper' } },
      toRecipients: [{ emailAddress: { address: 'ada@contoso.example', name: 'Ada' } }],
      bodyPreview: 'Here is the report',
      html: '<p>Here is the <a href="https://example.com/r">report</a></p>',
      text: 'Here is the report\nSee attached.',
      receivedDateTime: '2026-11-18T09:00:00Z',
      isRead: false,
      hasAttachments: true,
      internetMessageId: '<m1@contoso.example>',
      internetMessageHeaders: [
        { name: 'Message-ID', value: '<m1@contoso.example>' },
        { name: 'References', value: '<m0@contoso.example>\r\n <older@contoso.example>' },
      ],
      attachments: [
        {
          id: 'att-1',
          name: 'report.pdf',
          contentType: 'application/pdf',
          size: 52_000,
          isInline: false,
          contentBytes: 'JVBERi0=',
        },
        {
          id: 'att-2',
          name: 'logo.png',
          contentType: 'image/png',
          size: 900,
          isInline: true,
          contentBytes: 'iVBORw0=',
        },
      ],
    },
    {
      ...base,
      id: 'AAMkAD-m2',
      conversationId: "AAQkAD-conv-it's",
      subject: 'RE: Quarterly report',
      from: { emailAddress: { address: 'ada@contoso.example', name: 'Ada' } },
      toRecipients: [{ emailAddress: { address: 'grace@contoso.example', name: 'Grace Hopper' } }],
      bodyPreview: 'Thanks',
      html: '<p>Thanks</p>',
      text: 'Thanks',
      receivedDateTime: '2026-11-19T08:00:00Z',
      internetMessageId: '<m2@contoso.example>',
    },
    {
      ...base,
      id: 'AAMkAD-m3',
      conversationId: 'AAQkAD-conv-lunch',
      subject: 'Lunch on Friday?',
      from: { emailAddress: { address: 'alan@contoso.example', name: 'Alan Turing' } },
      toRecipients: [{ emailAddress: { address: 'ada@contoso.example', name: 'Ada' } }],
      ccRecipients: [{ emailAddress: { address: 'kurt@contoso.example', name: 'Kurt' } }],
      bodyPreview: 'Shall we?',
      html: '<p>Shall we?</p>',
      text: 'Shall we?',
      receivedDateTime: '2026-11-17T12:00:00Z',
      isRead: false,
    },
    {
      ...base,
      id: 'AAMkAD-m4',
      conversationId: 'AAQkAD-conv-old',
      subject: 'Old news from Grace',
      from: { emailAddress: { address: 'grace@contoso.example', name: 'Grace Hopper' } },
      toRecipients: [{ emailAddress: { address: 'ada@contoso.example', name: 'Ada' } }],
      bodyPreview: 'Old',
      html: '<p>Old</p>',
      text: 'Old',
      receivedDateTime: '2026-10-01T12:00:00Z',
    },
  ];
}

function addressBook() {
  const none = { businessPhones: [], homePhones: [], mobilePhone: null, companyName: null };
  return [
    {
      ...none,
      id: 'c-1',
      displayName: 'Grace Hopper',
      givenName: 'Grace',
      surname: 'Hopper',
      emailAddresses: [{ address: 'grace@navy.example', name: 'Grace Hopper' }],
      mobilePhone: '+1 (202) 555-0142',
      companyName: 'US Navy',
    },
    {
      ...none,
      id: 'c-2',
      displayName: 'Alan Turing',
      emailAddresses: [{ address: 'alan@bletchley.example' }],
      businessPhones: ['0161 496 0000'],
    },
    {
      ...none,
      id: 'c-3',
      displayName: 'Ada Lovelace',
      emailAddresses: [{ address: 'ada@analytical.example' }],
    },
    { ...none, id: 'c-4', displayName: 'Kurt Gödel', emailAddresses: [], homePhones: ['+43 1 555 1234'] },
    {
      ...none,
      id: 'c-5',
      displayName: 'Hedy Lamarr',
      emailAddresses: [{ address: 'hedy@grace-films.example' }],
    },
  ];
}

async function failure(
  work: Promise<unknown>,
): Promise<{ kind: ProviderFailure; retryAfterSeconds: number | null }> {
  try {
    await work;
  } catch (error) {
    if (isProviderError(error)) return { kind: error.kind, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('Windows zones', () => {
  it('reads Windows names, Graph UTC spellings and IANA names as IANA zones', () => {
    expect(toIana('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(toIana('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(toIana('AUS Eastern Standard Time')).toBe('Australia/Sydney');
    expect(toIana('GMT Standard Time')).toBe('Europe/London');
    expect(toIana('UTC')).toBe('UTC');
    expect(toIana('tzone://Microsoft/Utc')).toBe('UTC');
    expect(toIana('Europe/Paris')).toBe('Europe/Paris');
    expect(toIana('tzone://Microsoft/Custom')).toBeNull();
    expect(toIana('Customized Time Zone')).toBeNull();
    expect(toIana('')).toBeNull();
  });

  it('names IANA zones the Windows way, null where Windows has no name', () => {
    expect(toWindows('Australia/Sydney')).toBe('AUS Eastern Standard Time');
    expect(toWindows('Europe/Berlin')).toBe('W. Europe Standard Time');
    expect(toWindows('America/Los_Angeles')).toBe('Pacific Standard Time');
    expect(toWindows('Asia/Kolkata')).toBe('India Standard Time');
    expect(toWindows('Europe/Kyiv')).toBe('FLE Standard Time');
    expect(toWindows('UTC')).toBe('UTC');
    expect(toWindows('Not/AZone')).toBeNull();
  });

  it('reads a Graph time in the zone it is given in, seven fractional digits and all', () => {
    expect(
      graphInstant({ dateTime: '2026-12-01T09:30:00.0000000', timeZone: 'W. Europe Standard Time' }),
    ).toBe('2026-12-01T08:30:00.000Z');
    expect(
      graphInstant({ dateTime: '2026-07-01T09:30:00.1234567', timeZone: 'W. Europe Standard Time' }),
    ).toBe('2026-07-01T07:30:00.123Z');
    expect(graphInstant({ dateTime: '2026-11-02T09:00:00', timeZone: 'America/Los_Angeles' })).toBe(
      '2026-11-02T17:00:00.000Z',
    );
    expect(graphInstant({ dateTime: '2026-12-01T09:30:00.0000000', timeZone: 'UTC' })).toBe(
      '2026-12-01T09:30:00.000Z',
    );
    expect(
      graphInstant({ dateTime: '2026-12-01T09:30:00', timeZone: 'tzone://Microsoft/Custom' }),
    ).toBeNull();
    expect(wallTimeOf(new Date('2026-12-01T22:00:00.000Z'), 'Australia/Sydney')).toBe('2026-12-02T09:00:00');
  });
});

describe('GraphCalendarAdapter', () => {
  it('lists every calendar, in UTC, each event in the zone it was written in', async () => {
    const events = await calendar.listEvents(account, { ...range, limit: 50 });
    for (const event of events) ZWorkspaceEvent.parse(event);

    expect(events.map((event) => event.id)).toEqual([
      'AAMkAD-weekly-1',
      'AAMkAD-weekly-2',
      'AAMkAD-birthday',
      'AAMkAD-lunch',
      'AAMkAD-school',
      'AAMkAD-berlin',
    ]);
    const berlin = events.find((event) => event.id === 'AAMkAD-berlin')!;
    expect(berlin).toEqual({
      id: 'AAMkAD-berlin',
      connectionId: 'conn-ms',
      provider: 'microsoft',
      calendarId: 'cal-work',
      calendar: 'Calendar',
      title: 'Planning with the Berlin office',
      start: '2026-12-01T08:30:00.000Z',
      end: '2026-12-01T09:30:00.000Z',
      allDay: false,
      timeZone: 'Europe/Berlin',
      location: 'Room 4',
      description: 'Agenda: budget',
      attendees: [
        { email: 'ada@contoso.example', name: 'Ada', response: 'tentative' },
        { email: 'alan@contoso.example', name: 'Alan', response: 'needs_action' },
        { email: 'kurt@contoso.example', name: null, response: 'declined' },
      ],
      organizer: 'grace@contoso.example',
      recurring: false,
    });
    // Both occurrences stay at 09:00 in Los Angeles across the change back to standard time.
    const weekly = events.filter((event) => event.title === 'Weekly sync');
    expect(weekly.map((event) => [event.start, event.timeZone, event.recurring])).toEqual([
      ['2026-10-26T16:00:00.000Z', 'America/Los_Angeles', true],
      ['2026-11-02T17:00:00.000Z', 'America/Los_Angeles', true],
    ]);
    expect(weekly.map((event) => wallTimeOf(new Date(event.start), event.timeZone!))).toEqual([
      '2026-10-26T09:00:00',
      '2026-11-02T09:00:00',
    ]);
    expect(events.find((event) => event.id === 'AAMkAD-birthday')).toMatchObject({
      start: '2026-11-24',
      end: '2026-11-25',
      allDay: true,
      timeZone: null,
      calendarId: 'cal-family',
      calendar: 'Family',
    });
    expect(events.find((event) => event.id === 'AAMkAD-lunch')?.timeZone).toBe('UTC');
    expect(events.find((event) => event.id === 'AAMkAD-school')?.timeZone).toBe('Europe/London');

    const views = graph.seen('GET', /\/calendarView$/);
    expect(views.length).toBeGreaterThanOrEqual(4);
    for (const view of views) {
      expect(view.headers.authorization).toBe(`Bearer ${GraphFake.TOKEN}`);
      expect(view.headers.prefer).toContain('outlook.timezone="UTC"');
      expect(view.headers.prefer).toContain('outlook.body-content-type="text"');
      expect(view.headers.prefer).toContain('IdType="ImmutableId"');
      expect(view.query.get('startDateTime')).toBe(range.from);
      expect(view.query.get('endDateTime')).toBe(range.to);
    }
  });

  it('follows next links for calendars and events, and stops at the limit', async () => {
    const events = await calendar.listEvents(account, { ...range, limit: 3 });
    expect(events.map((event) => event.id)).toEqual([
      'AAMkAD-weekly-1',
      'AAMkAD-weekly-2',
      'AAMkAD-birthday',
    ]);
    // Three calendars at two a page: the second page came from the next link.
    expect(graph.seen('GET', /^\/me\/calendars$/).map((request) => request.query.get('$skip'))).toEqual([
      null,
      '2',
    ]);
    const work = graph.seen('GET', /cal-work\/calendarView$/);
    expect(work.map((request) => request.query.get('$skip'))).toEqual([null, '2']);
  });

  it('refuses a next link to another origin, which would carry the token there', async () => {
    const elsewhere = createServer((_req, res) => {
      hits += 1;
      res.end('{"value":[]}');
    });
    let hits = 0;
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      graph.nextLinkBase = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/v1.0`;
      expect((await failure(calendar.listEvents(account, { ...range, limit: 50 }))).kind).toBe('protocol');
      expect((await failure(contacts.search(account, { q: 'grace', limit: 10 }))).kind).toBe('protocol');
      expect(hits).toBe(0);
    } finally {
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  it('leaves out a shared calendar it may not read, but not the default one', async () => {
    graph.refusedCalendars = new Set(['cal-shared']);
    const events = await calendar.listEvents(account, { ...range, limit: 50 });
    expect(events).toHaveLength(6);
    expect(graph.seen('GET', /cal-shared\/calendarView$/)).toHaveLength(1);

    graph.refusedCalendars = new Set(['cal-work']);
    expect((await failure(calendar.listEvents(account, { ...range, limit: 50 }))).kind).toBe('scope_missing');
  });

  it('gives busy time of every calendar, tentative and out of office included, free left out', async () => {
    graph.pageSize = 10;
    const busy = await calendar.freeBusy(account, {
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-25T12:00:00.000Z',
    });
    // The all-day out-of-office blocks the person's own day (London, UTC in November), which
    // swallows the school play; the free lunch is not busy time.
    expect(busy).toEqual([{ start: '2026-11-24T00:00:00.000Z', end: '2026-11-25T00:00:00.000Z' }]);

    const weekly = await calendar.freeBusy(account, range);
    expect(weekly).toContainEqual({ start: '2026-10-26T16:00:00.000Z', end: '2026-10-26T16:30:00.000Z' });
    expect(weekly).toContainEqual({ start: '2026-11-02T17:00:00.000Z', end: '2026-11-02T17:30:00.000Z' });
    expect(weekly.some((interval) => interval.start.startsWith('2026-11-24T12'))).toBe(false);
    for (const view of graph.seen('GET', /\/calendarView$/))
      expect(view.headers.prefer).toContain('outlook.timezone="UTC"');
  });

  it('creates an event in Sydney as wall-clock time in its Windows zone', async () => {
    const event = await calendar.createEvent(account, {
      title: 'Call with Sydney',
      when: {
        allDay: false,
        start: '2026-12-01T22:00:00.000Z',
        end: '2026-12-01T23:00:00.000Z',
        timeZone: 'Australia/Sydney',
      },
      location: 'Teams',
      description: 'Line one\nLine two',
      attendees: ['grace@contoso.example'],
      sendUpdates: true,
      calendarId: null,
    });
    const [post] = graph.seen('POST', /^\/me\/events$/);
    expect(post?.body).toEqual({
      subject: 'Call with Sydney',
      body: { contentType: 'text', content: 'Line one\nLine two' },
      location: { displayName: 'Teams' },
      isAllDay: false,
      start: { dateTime: '2026-12-02T09:00:00', timeZone: 'AUS Eastern Standard Time' },
      end: { dateTime: '2026-12-02T10:00:00', timeZone: 'AUS Eastern Standard Time' },
      attendees: [{ emailAddress: { address: 'grace@contoso.example' }, type: 'required' }],
    });
    expect(post?.headers['content-type']).toContain('application/json');
    ZWorkspaceEvent.parse(event);
    expect(event).toMatchObject({
      calendarId: 'cal-work',
      calendar: 'Calendar',
      title: 'Call with Sydney',
      start: '2026-12-01T22:00:00.000Z',
      end: '2026-12-01T23:00:00.000Z',
      allDay: false,
      timeZone: 'Australia/Sydney',
      location: 'Teams',
      description: 'Line one\nLine two',
      attendees: [{ email: 'grace@contoso.example', name: null, response: 'needs_action' }],
      organizer: 'ada@contoso.example',
      recurring: false,
    });
    expect(graph.events.get('cal-work')?.some((stored) => stored.id === event.id)).toBe(true);
  });

  it('creates an event with an idempotency key once: the repeat carries the same transactionId and gets the first event', async () => {
    const draft = {
      title: 'Booked: Grace',
      when: {
        allDay: false as const,
        start: '2026-12-01T10:00:00.000Z',
        end: '2026-12-01T10:30:00.000Z',
        timeZone: 'Europe/London',
      },
      location: null,
      description: null,
      attendees: ['grace@contoso.example'],
      sendUpdates: true,
      calendarId: null,
      idempotencyKey: 'scheduling-book:req-1',
    };
    const first = await calendar.createEvent(account, draft);
    const again = await calendar.createEvent(account, draft);
    expect(again).toEqual(first);
    const posts = graph.seen('POST', /^\/me\/events$/);
    expect(posts).toHaveLength(2);
    const ids = posts.map((post) => (post.body as { transactionId?: string }).transactionId);
    expect(ids[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(ids[1]).toBe(ids[0]);
    const booked = () =>
      [...graph.events.values()].flat().filter((event) => event.subject === 'Booked: Grace');
    expect(booked()).toHaveLength(1);
    await calendar.createEvent(account, { ...draft, idempotencyKey: 'scheduling-book:req-2' });
    await calendar.createEvent(account, { ...draft, idempotencyKey: undefined });
    expect(booked()).toHaveLength(3);
  });

  it('holds a slot as a tentative event (decision 594): showAs tentative, no attendees; deleted plainly, 404 once gone', async () => {
    const held = await calendar.createEvent(account, {
      title: 'Hold: Grace',
      when: {
        allDay: false,
        start: '2026-12-01T10:00:00.000Z',
        end: '2026-12-01T10:30:00.000Z',
        timeZone: 'Europe/London',
      },
      location: null,
      description: null,
      attendees: [],
      sendUpdates: false,
      calendarId: null,
      idempotencyKey: 'scheduling-hold:req-1:1',
      tentative: true,
    });
    const [post] = graph.seen('POST', /^\/me\/events$/);
    expect(post?.body).toMatchObject({ subject: 'Hold: Grace', showAs: 'tentative', attendees: [] });
    const stored = [...graph.events.values()].flat().find((event) => event.id === held.id);
    expect(stored?.showAs).toBe('tentative');
    await calendar.deleteEvent(account, held.id, { sendUpdates: false });
    expect(graph.seen('DELETE', /./).map((request) => request.path)).toEqual([
      `/me/events/${encodeURIComponent(held.id)}`,
    ]);
    expect([...graph.events.values()].flat().some((event) => event.id === held.id)).toBe(false);
    await expect(calendar.deleteEvent(account, held.id, { sendUpdates: false })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('creates an all-day event at midnights in the named calendar', async () => {
    const event = await calendar.createEvent(account, {
      title: 'Holiday',
      when: { allDay: true, startDate: '2026-12-24', endDate: '2026-12-27' },
      location: null,
      description: null,
      attendees: [],
      sendUpdates: false,
      calendarId: 'cal-family',
    });
    const [post] = graph.seen('POST', /^\/me\/calendars\/cal-family\/events$/);
    expect(post?.body).toMatchObject({
      isAllDay: true,
      start: { dateTime: '2026-12-24T00:00:00', timeZone: 'GMT Standard Time' },
      end: { dateTime: '2026-12-27T00:00:00', timeZone: 'GMT Standard Time' },
    });
    expect(event).toMatchObject({
      start: '2026-12-24',
      end: '2026-12-27',
      allDay: true,
      calendarId: 'cal-family',
      calendar: 'Family',
    });
    await expect(
      calendar.createEvent(account, {
        title: 'Nowhere',
        when: { allDay: true, startDate: '2026-12-24', endDate: '2026-12-25' },
        location: null,
        description: null,
        attendees: [],
        sendUpdates: false,
        calendarId: 'cal-gone',
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('updates only the fields given and clears with empty values', async () => {
    const event = await calendar.updateEvent(account, 'AAMkAD-school', {
      title: 'School play (evening)',
      location: null,
      when: {
        allDay: false,
        start: '2026-11-24T18:00:00.000Z',
        end: '2026-11-24T19:30:00.000Z',
        timeZone: 'Europe/London',
      },
      sendUpdates: true,
    });
    const [patch] = graph.seen('PATCH', /^\/me\/events\/AAMkAD-school$/);
    expect(patch?.body).toEqual({
      subject: 'School play (evening)',
      isAllDay: false,
      start: { dateTime: '2026-11-24T18:00:00', timeZone: 'GMT Standard Time' },
      end: { dateTime: '2026-11-24T19:30:00', timeZone: 'GMT Standard Time' },
      location: { displayName: '' },
    });
    expect(event).toMatchObject({
      id: 'AAMkAD-school',
      title: 'School play (evening)',
      start: '2026-11-24T18:00:00.000Z',
      location: null,
      calendarId: 'cal-family',
      calendar: 'Family',
    });
    await expect(
      calendar.updateEvent(account, 'AAMkAD-nope', { title: 'x', sendUpdates: true }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('cancels a meeting the person organises when asked to tell attendees, deletes otherwise', async () => {
    graph.events.get('cal-work')!.push({
      id: 'AAMkAD-mine',
      subject: 'My meeting',
      isAllDay: false,
      isOrganizer: true,
      start: utc('2026-11-25T10:00:00'),
      end: utc('2026-11-25T11:00:00'),
      attendees: [{ emailAddress: { address: 'grace@contoso.example' }, type: 'required' }],
    });
    await calendar.deleteEvent(account, 'AAMkAD-mine', { sendUpdates: true });
    expect(graph.seen('POST', /^\/me\/events\/AAMkAD-mine\/cancel$/)).toHaveLength(1);
    expect(graph.seen('DELETE', /./)).toHaveLength(0);

    // Someone else's meeting: cancel is the organiser's alone, so it is deleted from this calendar.
    await calendar.deleteEvent(account, 'AAMkAD-berlin', { sendUpdates: true });
    await calendar.deleteEvent(account, 'AAMkAD-lunch', { sendUpdates: false });
    expect(graph.seen('DELETE', /./).map((request) => request.path)).toEqual([
      '/me/events/AAMkAD-berlin',
      '/me/events/AAMkAD-lunch',
    ]);
    expect(graph.events.get('cal-work')?.map((event) => event.id)).not.toContain('AAMkAD-berlin');
    await expect(calendar.deleteEvent(account, 'AAMkAD-lunch', { sendUpdates: false })).rejects.toMatchObject(
      {
        kind: 'not_found',
      },
    );
  });
});

describe('OutlookMailAdapter', () => {
  const search = (query: Record<string, string>) => mail.search(account, ZMailSearch.parse(query));

  it('lists unread mail with $filter and $orderby, the ordered property first', async () => {
    const found = await search({ unread: 'true', after: '2026-11-01' });
    for (const summary of found) ZMailSummary.parse(summary);
    expect(found.map((summary) => summary.id)).toEqual(['AAMkAD-m1', 'AAMkAD-m3']);
    expect(found[1]).toEqual({
      id: 'AAMkAD-m3',
      connectionId: 'conn-ms',
      provider: 'microsoft',
      threadId: 'AAQkAD-conv-lunch',
      from: { email: 'alan@contoso.example', name: 'Alan Turing' },
      to: [{ email: 'ada@contoso.example', name: 'Ada' }],
      cc: [{ email: 'kurt@contoso.example', name: 'Kurt' }],
      subject: 'Lunch on Friday?',
      snippet: 'Shall we?',
      date: '2026-11-17T12:00:00.000Z',
      unread: true,
      hasAttachments: false,
    });
    const [request] = graph.seen('GET', /^\/me\/messages$/);
    expect(request?.query.get('$filter')).toBe(
      'receivedDateTime ge 2026-11-01T00:00:00.000Z and isRead eq false',
    );
    expect(request?.query.get('$orderby')).toBe('receivedDateTime desc');
    expect(request?.query.has('$search')).toBe(false);
  });

  it('searches with KQL, without $orderby or $filter, and sifts unread itself', async () => {
    const byGrace = await search({ from: 'grace@contoso.example', subject: 'quarterly report', q: 'report' });
    expect(byGrace.map((summary) => summary.id)).toEqual(['AAMkAD-m1']);
    const [request] = graph.seen('GET', /^\/me\/messages$/);
    expect(request?.query.get('$search')).toBe(
      `"report from:grace@contoso.example subject:'quarterly report'"`,
    );
    expect(request?.query.has('$orderby')).toBe(false);
    expect(request?.query.has('$filter')).toBe(false);

    graph.requests.length = 0;
    const unread = await search({ q: 'grace', unread: 'true', before: '2026-11-30' });
    expect(unread.map((summary) => summary.id)).toEqual(['AAMkAD-m1']);
    expect(graph.seen('GET', /^\/me\/messages$/)[0]?.query.get('$search')).toBe(
      '"grace received<2026-11-30"',
    );

    graph.requests.length = 0;
    const newest = await search({ q: 'Grace', limit: '1' });
    expect(newest.map((summary) => summary.id)).toEqual(['AAMkAD-m1']);
    expect(graph.seen('GET', /^\/me\/messages$/)[0]?.query.get('$top')).toBe('1');
  });

  it('reads one message as text, with attachments and references', async () => {
    const message = await mail.read(account, 'AAMkAD-m1');
    ZMailMessage.parse(message);
    expect(message).toMatchObject({
      id: 'AAMkAD-m1',
      threadId: "AAQkAD-conv-it's",
      text: 'Here is the report\nSee attached.',
      attachments: [{ name: 'report.pdf', mimeType: 'application/pdf', size: 52_000 }],
      messageId: '<m1@contoso.example>',
      references: ['<m0@contoso.example>', '<older@contoso.example>'],
      unread: true,
    });
    const [get] = graph.seen('GET', /^\/me\/messages\/AAMkAD-m1$/);
    expect(get?.headers.prefer).toContain('outlook.body-content-type="text"');
    const [attachments] = graph.seen('GET', /\/attachments$/);
    expect(attachments?.query.get('$select')).not.toContain('contentBytes');
    await expect(mail.read(account, 'AAMkAD-missing')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('reads a conversation oldest first, the id quoted the OData way', async () => {
    graph.pageSize = 1;
    const thread = await mail.thread(account, "AAQkAD-conv-it's");
    expect(thread.id).toBe("AAQkAD-conv-it's");
    expect(thread.messages.map((message) => message.id)).toEqual(['AAMkAD-m1', 'AAMkAD-m2']);
    expect(thread.messages[0]?.attachments).toHaveLength(1);
    expect(graph.seen('GET', /^\/me\/messages$/)[0]?.query.get('$filter')).toBe(
      "conversationId eq 'AAQkAD-conv-it''s'",
    );
    await expect(mail.thread(account, 'AAQkAD-none')).rejects.toMatchObject({ kind: 'not_found' });
  });

  const outgoing = (fields: Partial<OutgoingMail>): OutgoingMail => ({
    to: [],
    cc: [],
    bcc: [],
    subject: '',
    text: '',
    replyTo: null,
    ...fields,
  });

  it('saves a new message as a draft', async () => {
    const draft = await mail.createDraft(
      account,
      outgoing({
        to: ['grace@contoso.example'],
        bcc: ['me@contoso.example'],
        subject: 'Hello',
        text: 'Hi Grace',
      }),
    );
    expect(draft.id).toMatch(/^AAMkAD-draft-/);
    expect(draft.threadId).toMatch(/^AAQkAD-conversation-/);
    expect(graph.seen('POST', /^\/me\/messages$/)[0]?.body).toEqual({
      subject: 'Hello',
      body: { contentType: 'Text', content: 'Hi Grace' },
      toRecipients: [{ emailAddress: { address: 'grace@contoso.example' } }],
      ccRecipients: [],
      bccRecipients: [{ emailAddress: { address: 'me@contoso.example' } }],
    });
    expect(graph.sent).toHaveLength(0);
  });

  it('sends a new message through a draft and answers with its id', async () => {
    const sent = await mail.send(
      account,
      outgoing({ to: ['alan@contoso.example'], subject: 'Hi', text: 'Hello Alan' }),
    );
    expect(graph.sent.map((message) => message.id)).toEqual([sent.id]);
    expect(sent.threadId).toBe(graph.sent[0]?.conversationId);
    expect(graph.seen('POST', /\/send$/)).toHaveLength(1);
  });

  it('threads a reply: createReply on the message answered, then the recipients and text, then send', async () => {
    const original = await mail.read(account, 'AAMkAD-m3');
    graph.requests.length = 0;
    const sent = await mail.send(
      account,
      outgoing({
        to: ['alan@contoso.example'],
        cc: ['kurt@contoso.example'],
        subject: 'RE: Lunch on Friday?',
        text: 'Yes, 12:30 works.',
        replyTo: original,
      }),
    );
    expect(graph.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /me/messages/AAMkAD-m3/createReply',
      `PATCH /me/messages/${sent.id}`,
      `POST /me/messages/${sent.id}/send`,
    ]);
    expect(graph.requests[1]?.body).toEqual({
      subject: 'RE: Lunch on Friday?',
      body: {
        contentType: 'Text',
        content:
          'Yes, 12:30 works.\n\nOn Tue, 17 Nov 2026 12:00:00 GMT, Alan Turing <alan@contoso.example> wrote:\n> Shall we?',
      },
      toRecipients: [{ emailAddress: { address: 'alan@contoso.example' } }],
      ccRecipients: [{ emailAddress: { address: 'kurt@contoso.example' } }],
      bccRecipients: [],
    });
    expect(sent.threadId).toBe('AAQkAD-conv-lunch');
    // Graph answers 411 to a POST without a length.
    expect(graph.requests[2]?.headers['content-length']).toBe('0');
    expect(graph.sent[0]).toMatchObject({
      conversationId: 'AAQkAD-conv-lunch',
      toRecipients: [{ emailAddress: { address: 'alan@contoso.example' } }],
      ccRecipients: [{ emailAddress: { address: 'kurt@contoso.example' } }],
    });

    graph.requests.length = 0;
    const draft = await mail.createDraft(
      account,
      outgoing({ to: ['alan@contoso.example'], subject: 'RE: x', text: 'Later', replyTo: original }),
    );
    expect(draft.threadId).toBe('AAQkAD-conv-lunch');
    expect(graph.seen('POST', /\/send$/)).toHaveLength(0);
  });
});

describe('GraphContactsAdapter', () => {
  const find = (q: string, limit = 10) => contacts.search(account, { q, limit });

  it('finds people by a part of a name or an address, and by phone digits', async () => {
    const grace = await find('grace');
    for (const contact of grace) ZContact.parse(contact);
    // A name that starts with it before an address that only contains it.
    expect(grace.map((contact) => contact.id)).toEqual(['c-1', 'c-5']);
    expect(grace[0]).toEqual({
      id: 'c-1',
      connectionId: 'conn-ms',
      provider: 'microsoft',
      name: 'Grace Hopper',
      emails: ['grace@navy.example'],
      phones: ['+1 (202) 555-0142'],
      organization: 'US Navy',
    });
    expect((await find('hopp')).map((contact) => contact.id)).toEqual(['c-1']);
    expect((await find('bletchley')).map((contact) => contact.id)).toEqual(['c-2']);
    expect((await find('555-0142')).map((contact) => contact.id)).toEqual(['c-1']);
    expect((await find('+44 161 496 0000')).map((contact) => contact.id)).toEqual(['c-2']);
    expect((await find('gödel')).map((contact) => contact.id)).toEqual(['c-4']);
    expect(await find('nobody')).toEqual([]);
    expect(await find('a', 2)).toHaveLength(2);
  });

  it('reads the address book in pages, only the fields it shows', async () => {
    await find('lovelace');
    const pages = graph.seen('GET', /^\/me\/contacts$/);
    expect(pages.map((request) => request.query.get('$skip'))).toEqual([null, '2', '4']);
    expect(pages[0]?.query.get('$select')).toBe(
      'id,displayName,givenName,surname,emailAddresses,businessPhones,homePhones,mobilePhone,companyName',
    );
  });
});

describe('Graph failures', () => {
  const calls: [string, () => Promise<unknown>][] = [
    ['calendar', () => calendar.listEvents(account, { ...range, limit: 10 })],
    ['mail', () => mail.search(account, ZMailSearch.parse({ q: 'report' }))],
    ['contacts', () => contacts.search(account, { q: 'grace', limit: 10 })],
  ];

  afterEach(() => expect(graph.requests.length).toBeGreaterThan(0));

  describe.each(calls)('%s', (name, call) => {
    it('reads 401 as a refused token', async () => {
      graph.failNext(401);
      expect(await failure(call())).toEqual({ kind: 'token_refused', retryAfterSeconds: null });
    });

    it('reads a wrong token as a refused one', async () => {
      const other = { ...account, access: { kind: 'oauth' as const, accessToken: 'stale' } };
      const adapters = {
        calendar: () => calendar.listEvents(other, { ...range, limit: 10 }),
        mail: () => mail.read(other, 'AAMkAD-m1'),
        contacts: () => contacts.search(other, { q: 'grace', limit: 10 }),
      };
      expect((await failure(adapters[name as keyof typeof adapters]())).kind).toBe('token_refused');
    });

    it('reads 403 ErrorAccessDenied as a missing scope', async () => {
      graph.failNext(403);
      expect((await failure(call())).kind).toBe('scope_missing');
    });

    it('reads 404 as not found', async () => {
      graph.failNext(404);
      expect((await failure(call())).kind).toBe('not_found');
    });

    it('reads 429 as unavailable, with Retry-After', async () => {
      graph.failNext(429, { headers: { 'retry-after': '7' } });
      expect(await failure(call())).toEqual({ kind: 'unavailable', retryAfterSeconds: 7 });
    });

    it('reads 503 and 500 as unavailable', async () => {
      graph.failNext(503, { headers: { 'retry-after': '30' } });
      expect(await failure(call())).toEqual({ kind: 'unavailable', retryAfterSeconds: 30 });
      graph.failNext(500);
      expect((await failure(call())).kind).toBe('unavailable');
    });

    it('reads an answer it cannot parse as a protocol failure', async () => {
      graph.failNext(200, { raw: '{"value": [{"id": 42}]}' });
      expect((await failure(call())).kind).toBe('protocol');
      graph.failNext(200, { raw: '<html>sign in</html>' });
      expect((await failure(call())).kind).toBe('protocol');
    });
  });

  it('reads an id Graph cannot parse as not found', async () => {
    graph.failNext(400, {
      body: { error: { code: 'ErrorInvalidIdMalformed', message: 'Id is malformed.' } },
    });
    expect((await failure(mail.read(account, 'garbage'))).kind).toBe('not_found');
  });

  it('reads another 400 as rejected', async () => {
    graph.failNext(400, { body: { error: { code: 'ErrorInvalidRecipients', message: 'Bad recipient.' } } });
    expect(
      (
        await failure(
          mail.send(account, {
            to: ['x@y.example'],
            cc: [],
            bcc: [],
            subject: 's',
            text: 't',
            replyTo: null,
          }),
        )
      ).kind,
    ).toBe('rejected');
  });
});
