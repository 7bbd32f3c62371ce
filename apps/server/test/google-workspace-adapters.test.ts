import type { TMailMessage } from '@app/contract/workspace/mail';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleCalendarAdapter } from '../src/providers/calendar/google-calendar';
import { GoogleContactsAdapter } from '../src/providers/contacts/google-contacts';
import { GmailAdapter } from '../src/providers/mailbox/gmail';
import type { OutgoingMail } from '../src/providers/mailbox/mailbox';
import { isProviderError, type ProviderError } from '../src/providers/provider-errors';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import {
  decodeWords,
  type FakeCalendar,
  type FakeMessage,
  type FakePerson,
  GoogleFake,
  googleError,
  parseMime,
  TOKENS,
} from './helpers/google-fake';

const fake = new GoogleFake();
beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

const TIMEOUT_MS = 400;
const calendarAdapter = () => new GoogleCalendarAdapter({ baseUrl: fake.calendarUrl, timeoutMs: TIMEOUT_MS });
const gmailAdapter = () => new GmailAdapter({ baseUrl: fake.gmailUrl, timeoutMs: TIMEOUT_MS });

const me: WorkspaceAccount = {
  connectionId: 'conn-google-1',
  provider: 'google',
  email: 'me@example.com',
  access: { kind: 'oauth', accessToken: TOKENS.first },
  timeZone: 'Europe/Berlin',
  language: 'en',
};
const other: WorkspaceAccount = {
  ...me,
  connectionId: 'conn-google-2',
  email: 'other@example.com',
  access: { kind: 'oauth', accessToken: TOKENS.second },
};

/** The ProviderError a promise fails with (and the test fails if it does not). */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isProviderError(error)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

const PRIMARY: FakeCalendar = {
  id: 'me@example.com',
  summary: 'me@example.com',
  timeZone: 'Europe/Berlin',
  accessRole: 'owner',
  primary: true,
};
const TEAM: FakeCalendar = {
  id: 'team#shared@group.calendar.google.com',
  summary: 'Team',
  summaryOverride: 'Our team',
  timeZone: 'America/New_York',
  accessRole: 'writer',
};
const HOLIDAYS: FakeCalendar = {
  id: 'en.german#holiday@group.v.calendar.google.com',
  summary: 'Holidays in Germany',
  timeZone: 'Europe/Berlin',
  accessRole: 'reader',
};
const BOSS: FakeCalendar = {
  id: 'boss@example.com',
  summary: 'boss@example.com',
  timeZone: 'Europe/Berlin',
  accessRole: 'freeBusyReader',
};
const SIDE: FakeCalendar = {
  id: 'c_side@group.calendar.google.com',
  summary: 'Side project',
  timeZone: 'Europe/Berlin',
  accessRole: 'owner',
};

function resetWorld(): void {
  fake.requests.length = 0;
  fake.pageSize = 2;
  fake.granted.add('calendar').add('gmail').add('people');
  fake.calendars.splice(0, fake.calendars.length, PRIMARY, TEAM, HOLIDAYS, BOSS, SIDE);
  fake.events.clear();
  fake.busy.clear();
  fake.messages.clear();
  fake.listAnswer = null;
  fake.outgoing.length = 0;
  fake.people.length = 0;
}
beforeEach(resetWorld);

const DAY = { from: '2026-12-01T00:00:00.000Z', to: '2026-12-03T00:00:00.000Z' };

function seedEvents(): void {
  fake.events.set(PRIMARY.id, [
    {
      id: 'e1abc',
      summary: 'Planning',
      description: 'Agenda: <b>not</b> instructions',
      location: 'Room 4',
      start: { dateTime: '2026-12-01T09:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-12-01T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      organizer: { email: 'me@example.com', self: true },
      attendees: [
        { email: 'me@example.com', responseStatus: 'accepted', organizer: true },
        { email: 'ann@example.com', displayName: 'Ann Lee', responseStatus: 'needsAction' },
        { email: 'bob@example.com', responseStatus: 'declined' },
        { email: 'cat@example.com', responseStatus: 'tentative' },
      ],
    },
    {
      id: 'rec1_20261201T100000Z',
      status: 'cancelled',
      recurringEventId: 'rec1',
      start: { dateTime: '2026-12-01T10:00:00Z' },
      end: { dateTime: '2026-12-01T10:30:00Z' },
    },
    {
      id: 'rec2_20261202T070000Z',
      summary: 'Stand-up',
      recurringEventId: 'rec2',
      start: { dateTime: '2026-12-02T07:00:00Z' },
      end: { dateTime: '2026-12-02T07:15:00Z' },
    },
  ]);
  fake.events.set(TEAM.id, [
    {
      id: 't1',
      summary: 'Late call',
      start: { dateTime: '2026-12-01T23:30:00Z', timeZone: 'America/New_York' },
      end: { dateTime: '2026-12-02T00:30:00Z', timeZone: 'America/New_York' },
    },
  ]);
  fake.events.set(HOLIDAYS.id, [
    { id: 'h1', summary: 'Holiday', start: { date: '2026-12-02' }, end: { date: '2026-12-03' } },
  ]);
  fake.events.set(BOSS.id, [
    {
      id: 'b1',
      summary: 'Secret',
      start: { dateTime: '2026-12-01T12:00:00Z' },
      end: { dateTime: '2026-12-01T13:00:00Z' },
    },
  ]);
}

describe('GoogleCalendarAdapter', () => {
  it('lists the events of every readable calendar as one list, by start, all-day first on its day', async () => {
    seedEvents();
    const events = await calendarAdapter().listEvents(me, { ...DAY, limit: 20 });

    // Berlin's 2 December begins at 23:00 UTC on the 1st: the holiday comes before the late call.
    expect(events.map((event) => event.title)).toEqual(['Planning', 'Holiday', 'Late call', 'Stand-up']);
    expect(events[0]).toEqual({
      id: expect.any(String),
      connectionId: 'conn-google-1',
      provider: 'google',
      calendarId: 'me@example.com',
      calendar: 'me@example.com',
      title: 'Planning',
      start: '2026-12-01T08:00:00.000Z',
      end: '2026-12-01T09:00:00.000Z',
      allDay: false,
      timeZone: 'Europe/Berlin',
      location: 'Room 4',
      description: 'Agenda: <b>not</b> instructions',
      attendees: [
        { email: 'me@example.com', name: null, response: 'accepted' },
        { email: 'ann@example.com', name: 'Ann Lee', response: 'needs_action' },
        { email: 'bob@example.com', name: null, response: 'declined' },
        { email: 'cat@example.com', name: null, response: 'tentative' },
      ],
      organizer: 'me@example.com',
      recurring: false,
    });
    expect(events[1]).toMatchObject({
      calendarId: HOLIDAYS.id,
      calendar: 'Holidays in Germany',
      start: '2026-12-02',
      end: '2026-12-03',
      allDay: true,
      timeZone: null,
      attendees: [],
      organizer: null,
    });
    expect(events[2]).toMatchObject({
      calendar: 'Our team',
      timeZone: 'America/New_York',
      start: '2026-12-01T23:30:00.000Z',
    });
    // No zone on the event: the calendar's.
    expect(events[3]).toMatchObject({
      recurring: true,
      timeZone: 'Europe/Berlin',
      start: '2026-12-02T07:00:00.000Z',
    });

    const list = fake.requestsTo('calendar').filter((request) => request.path.endsWith('/events'));
    // The free/busy-only calendar is never read.
    expect(list.map((request) => request.path).sort()).toEqual(
      [PRIMARY, PRIMARY, TEAM, HOLIDAYS, SIDE].map((calendar) => `/calendars/${calendar.id}/events`).sort(),
    );
    for (const request of fake.requestsTo('calendar'))
      expect(request.authorization).toBe(`Bearer ${TOKENS.first}`);
    const first = list.find((request) => request.path === `/calendars/${PRIMARY.id}/events`)!;
    expect(Object.fromEntries(first.query)).toEqual({
      timeMin: DAY.from,
      timeMax: DAY.to,
      singleEvents: 'true',
      orderBy: 'startTime',
      maxResults: '20',
    });
    const calendarList = fake
      .requestsTo('calendar')
      .filter((request) => request.path === '/users/me/calendarList');
    // Four calendars of reader or above, two a page: the calendar list is paged too.
    expect(calendarList.map((request) => request.query.get('pageToken'))).toEqual([null, '2']);
    expect(calendarList[0]!.query.get('minAccessRole')).toBe('reader');
  });

  it('follows nextPageToken, and stops once a calendar has given the limit', async () => {
    fake.calendars.splice(0, fake.calendars.length, PRIMARY);
    const hour = (h: number) => `2026-12-01T${String(h).padStart(2, '0')}:00:00Z`;
    fake.events.set(
      PRIMARY.id,
      [8, 9, 10, 11, 12].map((h) => ({
        id: `p${h}`,
        summary: `At ${h}`,
        start: { dateTime: hour(h) },
        end: { dateTime: hour(h + 1) },
      })),
    );
    const all = await calendarAdapter().listEvents(me, { ...DAY, limit: 10 });
    expect(all.map((event) => event.title)).toEqual(['At 8', 'At 9', 'At 10', 'At 11', 'At 12']);
    const pages = () => fake.requestsTo('calendar').filter((request) => request.path.endsWith('/events'));
    expect(pages().map((request) => request.query.get('pageToken'))).toEqual([null, '2', '4']);

    fake.requests.length = 0;
    const three = await calendarAdapter().listEvents(me, { ...DAY, limit: 3 });
    expect(three.map((event) => event.title)).toEqual(['At 8', 'At 9', 'At 10']);
    expect(pages().map((request) => request.query.get('pageToken'))).toEqual([null, '2']);
    expect(pages()[0]!.query.get('maxResults')).toBe('3');
  });

  it('cuts the merged list at the limit', async () => {
    seedEvents();
    const events = await calendarAdapter().listEvents(me, { ...DAY, limit: 2 });
    expect(events.map((event) => event.title)).toEqual(['Planning', 'Holiday']);
  });

  it("merges the busy time of the person's own calendars", async () => {
    fake.calendars.push({ ...SIDE, id: 'c_gone@group.calendar.google.com' });
    fake.busy.set(PRIMARY.id, [
      { start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' },
      { start: '2026-12-01T09:30:00Z', end: '2026-12-01T11:00:00Z' },
      { start: '2026-12-01T13:00:00Z', end: '2026-12-01T14:00:00Z' },
    ]);
    fake.busy.set(SIDE.id, [
      { start: '2026-12-01T10:30:00Z', end: '2026-12-01T12:00:00Z' },
      { start: '2026-12-01T14:00:00Z', end: '2026-12-01T15:00:00Z' },
      { start: '2026-12-02T23:00:00Z', end: '2026-12-03T01:00:00Z' },
    ]);
    fake.busy.set(TEAM.id, [{ start: '2026-12-01T16:00:00Z', end: '2026-12-01T17:00:00Z' }]);

    const busy = await calendarAdapter().freeBusy(me, DAY);
    expect(busy).toEqual([
      { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T12:00:00.000Z' },
      { start: '2026-12-01T13:00:00.000Z', end: '2026-12-01T15:00:00.000Z' },
      { start: '2026-12-02T23:00:00.000Z', end: '2026-12-03T00:00:00.000Z' },
    ]);
    const query = fake.requestsTo('calendar').find((request) => request.path === '/freeBusy')!;
    expect(query.method).toBe('POST');
    expect(query.contentType).toMatch(/^application\/json/);
    // A colleague's calendar the person may write to is not their busy time.
    expect(query.body).toEqual({
      timeMin: DAY.from,
      timeMax: DAY.to,
      items: [{ id: PRIMARY.id }, { id: SIDE.id }, { id: 'c_gone@group.calendar.google.com' }],
    });
  });

  it('counts free/busy that Google could read for no calendar as unavailable', async () => {
    expect((await failure(calendarAdapter().freeBusy(me, DAY))).kind).toBe('unavailable');
  });

  it('creates a timed event in its zone, and the id it answers updates and deletes it', async () => {
    const adapter = calendarAdapter();
    const created = await adapter.createEvent(me, {
      title: 'Breakfast in Sydney',
      // 09:30 to 10:30 on 1 December in Sydney (UTC+11).
      when: {
        allDay: false,
        start: '2026-11-30T22:30:00.000Z',
        end: '2026-11-30T23:30:00.000Z',
        timeZone: 'Australia/Sydney',
      },
      location: 'Bondi',
      description: 'Bring towels',
      attendees: ['ann@example.com'],
      sendUpdates: true,
      calendarId: null,
    });
    const insert = fake.requestsTo('calendar').find((request) => request.method === 'POST')!;
    expect(insert.path).toBe(`/calendars/${PRIMARY.id}/events`);
    expect(insert.query.get('sendUpdates')).toBe('all');
    expect(insert.body).toEqual({
      summary: 'Breakfast in Sydney',
      location: 'Bondi',
      description: 'Bring towels',
      start: { dateTime: '2026-11-30T22:30:00.000Z', timeZone: 'Australia/Sydney' },
      end: { dateTime: '2026-11-30T23:30:00.000Z', timeZone: 'Australia/Sydney' },
      attendees: [{ email: 'ann@example.com' }],
    });
    // Google answers in Sydney's wall-clock time; the event carries the instant and the zone.
    expect(created).toMatchObject({
      calendarId: PRIMARY.id,
      calendar: 'me@example.com',
      title: 'Breakfast in Sydney',
      start: '2026-11-30T22:30:00.000Z',
      end: '2026-11-30T23:30:00.000Z',
      allDay: false,
      timeZone: 'Australia/Sydney',
      attendees: [{ email: 'ann@example.com', name: null, response: 'needs_action' }],
    });

    fake.requests.length = 0;
    const renamed = await adapter.updateEvent(me, created.id, {
      title: 'Late breakfast',
      location: null,
      description: null,
      sendUpdates: false,
    });
    const patchCall = fake.requestsTo('calendar').find((request) => request.method === 'PATCH')!;
    expect(patchCall.path).toBe(`/calendars/${PRIMARY.id}/events/${fake.events.get(PRIMARY.id)![0]!.id}`);
    expect(patchCall.query.get('sendUpdates')).toBe('none');
    expect(patchCall.body).toEqual({ summary: 'Late breakfast', location: '', description: '' });
    expect(renamed).toMatchObject({
      id: created.id,
      title: 'Late breakfast',
      location: null,
      description: null,
    });

    // Timed to all-day: the time is cleared, or Google would refuse an event with both.
    const allDay = await adapter.updateEvent(me, created.id, {
      when: { allDay: true, startDate: '2026-12-04', endDate: '2026-12-05' },
      sendUpdates: true,
    });
    expect(allDay).toMatchObject({ allDay: true, start: '2026-12-04', end: '2026-12-05', timeZone: null });

    fake.requests.length = 0;
    await adapter.deleteEvent(me, created.id, { sendUpdates: true });
    const deletion = fake.requests.at(-1)!;
    expect(deletion.method).toBe('DELETE');
    expect(deletion.query.get('sendUpdates')).toBe('all');
    expect(fake.events.get(PRIMARY.id)).toEqual([]);
    // Gone already: Google answers 410.
    expect((await failure(adapter.deleteEvent(me, created.id, { sendUpdates: false }))).kind).toBe(
      'not_found',
    );
  });

  it('creates an event with an idempotency key once: a repeat meets 409 duplicate and answers the first event', async () => {
    const adapter = calendarAdapter();
    const draft = {
      title: 'Booked: Priya',
      when: {
        allDay: false as const,
        start: '2026-12-01T10:00:00.000Z',
        end: '2026-12-01T10:30:00.000Z',
        timeZone: 'Europe/London',
      },
      location: null,
      description: null,
      attendees: ['priya@example.com'],
      sendUpdates: true,
      calendarId: null,
      idempotencyKey: 'scheduling-book:req-1',
    };
    const first = await adapter.createEvent(me, draft);
    const insert = fake.requestsTo('calendar').find((request) => request.method === 'POST')!;
    const id = (insert.body as { id: string }).id;
    // Google's rule for a client-chosen id: base32hex, 5-1024 long.
    expect(id).toMatch(/^[a-v0-9]{5,1024}$/);
    fake.requests.length = 0;
    const again = await adapter.createEvent(me, draft);
    expect(again).toEqual(first);
    const calls = fake.requestsTo('calendar').filter((request) => request.path.includes('/events'));
    expect(calls.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /calendars/${PRIMARY.id}/events`,
      `GET /calendars/${PRIMARY.id}/events/${id}`,
    ]);
    expect(fake.events.get(PRIMARY.id)!.filter((event) => event.summary === 'Booked: Priya')).toHaveLength(1);
    // Another key is another event; no key is a new event every time.
    await adapter.createEvent(me, { ...draft, idempotencyKey: 'scheduling-book:req-2' });
    await adapter.createEvent(me, { ...draft, idempotencyKey: undefined });
    expect(fake.events.get(PRIMARY.id)!.filter((event) => event.summary === 'Booked: Priya')).toHaveLength(3);
  });

  it('holds a slot as a tentative event (decision 594): status tentative, no attendees, told to no one; deleted quietly, 410 once gone', async () => {
    const adapter = calendarAdapter();
    const held = await adapter.createEvent(me, {
      title: 'Hold: Priya',
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
    const insert = fake.requestsTo('calendar').find((request) => request.method === 'POST')!;
    expect(insert.query.get('sendUpdates')).toBe('none');
    expect(insert.body).toMatchObject({ status: 'tentative', summary: 'Hold: Priya' });
    expect(insert.body).not.toHaveProperty('attendees');
    expect(fake.events.get(PRIMARY.id)!.find((event) => event.summary === 'Hold: Priya')?.status).toBe(
      'tentative',
    );
    fake.requests.length = 0;
    await adapter.deleteEvent(me, held.id, { sendUpdates: false });
    const deletion = fake.requests.at(-1)!;
    expect(`${deletion.method} ${deletion.path}`).toBe(
      `DELETE /calendars/${PRIMARY.id}/events/${(insert.body as { id: string }).id}`,
    );
    expect(deletion.query.get('sendUpdates')).toBe('none');
    expect(fake.events.get(PRIMARY.id)!.some((event) => event.summary === 'Hold: Priya')).toBe(false);
    expect((await failure(adapter.deleteEvent(me, held.id, { sendUpdates: false }))).kind).toBe('not_found');
  });

  it('creates an all-day event in a named calendar', async () => {
    const created = await calendarAdapter().createEvent(me, {
      title: 'Offsite',
      when: { allDay: true, startDate: '2026-12-07', endDate: '2026-12-09' },
      location: null,
      description: null,
      attendees: [],
      sendUpdates: false,
      calendarId: TEAM.id,
    });
    const lookup = fake.requestsTo('calendar')[0]!;
    expect(lookup.path).toBe(`/users/me/calendarList/${TEAM.id}`);
    const insert = fake.requestsTo('calendar')[1]!;
    expect(insert.path).toBe(`/calendars/${TEAM.id}/events`);
    expect(insert.query.get('sendUpdates')).toBe('none');
    expect(insert.body).toEqual({
      summary: 'Offsite',
      start: { date: '2026-12-07' },
      end: { date: '2026-12-09' },
    });
    expect(created).toMatchObject({
      calendarId: TEAM.id,
      calendar: 'Our team',
      allDay: true,
      start: '2026-12-07',
      end: '2026-12-09',
      timeZone: null,
      location: null,
    });
  });

  it('changes attendees without resetting the answers of those who stay', async () => {
    seedEvents();
    const [planning] = await calendarAdapter().listEvents(me, { ...DAY, limit: 1 });
    const event = fake.events.get(PRIMARY.id)![0]!;
    event.attendees![1]!.optional = true;
    event.attendees![1]!.responseStatus = 'accepted';
    const updated = await calendarAdapter().updateEvent(me, planning!.id, {
      attendees: ['ANN@example.com', 'dan@example.com'],
      sendUpdates: true,
    });
    expect(updated.attendees).toEqual([
      { email: 'me@example.com', name: null, response: 'accepted' },
      { email: 'ann@example.com', name: 'Ann Lee', response: 'accepted' },
      { email: 'dan@example.com', name: null, response: 'needs_action' },
    ]);
    const sent = fake.requestsTo('calendar').find((request) => request.method === 'PATCH')!.body as {
      attendees: object[];
    };
    expect(sent.attendees[1]).toMatchObject({ email: 'ann@example.com', optional: true });
  });

  it('refuses an event id it did not write without asking Google', async () => {
    for (const id of ['garbage', 'a.b.c', '.', 'bm90.', '!!.e1', 'YQ.YQ=']) {
      expect((await failure(calendarAdapter().deleteEvent(me, id, { sendUpdates: false }))).kind).toBe(
        'not_found',
      );
      expect(
        (await failure(calendarAdapter().updateEvent(me, id, { title: 'x', sendUpdates: false }))).kind,
      ).toBe('not_found');
    }
    expect(fake.requests).toEqual([]);
  });

  it('says rejected, not scope_missing, when the calendar is shared read-only', async () => {
    const error = await failure(
      calendarAdapter().createEvent(me, {
        title: 'Mine now',
        when: { allDay: true, startDate: '2026-12-07', endDate: '2026-12-08' },
        location: null,
        description: null,
        attendees: [],
        sendUpdates: false,
        calendarId: HOLIDAYS.id,
      }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.status).toBe(403);
  });

  it('counts a quota 403 as unavailable', async () => {
    fake.failNext({ status: 403, body: googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded') });
    expect((await failure(calendarAdapter().listEvents(me, { ...DAY, limit: 5 }))).kind).toBe('unavailable');
  });
});

// --- Gmail -----------------------------------------------------------------------------------

const b64url = (text: string, encoding: BufferEncoding = 'utf8') =>
  Buffer.from(text, encoding).toString('base64url');
const wordB = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

const M1: FakeMessage = {
  id: '18c1000000000001',
  threadId: '18c1000000000001',
  labelIds: ['INBOX', 'UNREAD', 'CATEGORY_PERSONAL'],
  snippet: 'Let&#39;s meet &amp; talk &lt;soon&gt;',
  internalDate: String(Date.parse('2026-11-20T10:00:00Z')),
  payload: {
    partId: '',
    mimeType: 'multipart/mixed',
    filename: '',
    headers: [
      { name: 'Received', value: 'from mail.example.org by mx.google.com' },
      { name: 'From', value: '"Doe, John" <john@example.org>' },
      { name: 'To', value: 'Jane <jane@example.com>, "Smith, Ann" <ann@example.com>' },
      { name: 'Cc', value: 'team: bob@example.com, carol@example.com (Carol C);' },
      { name: 'Subject', value: wordB('Plan für Q1') },
      { name: 'Date', value: 'Fri, 20 Nov 2026 10:00:00 +0000' },
      { name: 'Message-ID', value: '<m1@mail.example.org>' },
      { name: 'References', value: '<m0@mail.example.org>' },
      { name: 'Content-Type', value: 'multipart/mixed; boundary="b1"' },
    ],
    body: { size: 0 },
    parts: [
      {
        partId: '0',
        mimeType: 'multipart/alternative',
        filename: '',
        headers: [{ name: 'Content-Type', value: 'multipart/alternative; boundary="b2"' }],
        body: { size: 0 },
        parts: [
          {
            partId: '0.0',
            mimeType: 'text/plain',
            filename: '',
            headers: [{ name: 'Content-Type', value: 'text/plain; charset="UTF-8"' }],
            body: { size: 25, data: b64url('Hello Jane,\r\nsee the plan.') },
          },
          {
            partId: '0.1',
            mimeType: 'text/html',
            filename: '',
            headers: [{ name: 'Content-Type', value: 'text/html; charset="UTF-8"' }],
            body: { size: 30, data: b64url('<p>Hello <b>Jane</b></p>') },
          },
        ],
      },
      {
        partId: '1',
        mimeType: 'application/pdf',
        filename: 'plan.pdf',
        headers: [
          { name: 'Content-Type', value: 'application/pdf; name="plan.pdf"' },
          { name: 'Content-Disposition', value: 'attachment; filename="plan.pdf"' },
        ],
        body: { size: 12345, attachmentId: 'ANGjdJ8' },
      },
    ],
  },
};

const M2: FakeMessage = {
  id: '18c1000000000002',
  threadId: '18c1000000000001',
  labelIds: ['INBOX'],
  snippet: 'Grüße',
  internalDate: String(Date.parse('2026-11-21T08:15:00Z')),
  payload: {
    mimeType: 'text/html',
    filename: '',
    headers: [
      { name: 'From', value: 'jane@example.com (Jane Roe)' },
      { name: 'To', value: 'john@example.org' },
      { name: 'Subject', value: 'RE: Plan' },
      { name: 'Message-ID', value: '<m2@mail.example.com>' },
      { name: 'In-Reply-To', value: '<m1@mail.example.org>' },
      { name: 'References', value: '<m0@mail.example.org>\r\n <m1@mail.example.org>' },
      { name: 'Content-Type', value: 'text/html; charset=ISO-8859-1' },
    ],
    body: {
      size: 60,
      data: b64url('<p>Grüße &amp; <a href="https://x.example/a">the link</a></p>', 'latin1'),
    },
  },
};

const M3: FakeMessage = {
  id: '18c1000000000003',
  threadId: '18c1000000000003',
  labelIds: ['INBOX'],
  snippet: 'Café',
  internalDate: String(Date.parse('2026-11-19T07:00:00Z')),
  payload: {
    mimeType: 'text/plain',
    filename: '',
    headers: [
      { name: 'from', value: 'cafe@example.net' },
      { name: 'subject', value: 'Menu' },
      { name: 'content-type', value: 'text/plain; charset="windows-1252"' },
    ],
    body: { size: 6, data: Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]).toString('base64url') },
  },
};

function seedMail(): void {
  for (const message of [M1, M2, M3]) fake.messages.set(message.id, structuredClone(message));
}

const search = (over: Partial<Parameters<GmailAdapter['search']>[1]> = {}) => ({ limit: 20, ...over });

describe('GmailAdapter', () => {
  it('writes the filters in Gmail search syntax, dates as midnight in the person’s zone', async () => {
    seedMail();
    fake.listAnswer = [M2.id, M1.id];
    const found = await gmailAdapter().search(
      me,
      search({
        q: 'project OR plan',
        from: 'John Doe',
        to: 'jane@example.com',
        subject: 'Plan Q1',
        unread: true,
        after: '2026-11-01',
        before: '2026-12-01',
        limit: 2,
      }),
    );
    const list = fake.requestsTo('gmail')[0]!;
    expect(list.path).toBe('/users/me/messages');
    // Berlin's 1 November begins at 23:00 UTC on 31 October (winter time, UTC+1).
    const after = Date.UTC(2026, 9, 31, 23) / 1000;
    const before = Date.UTC(2026, 10, 30, 23) / 1000;
    expect(Object.fromEntries(list.query)).toEqual({
      q: `(project OR plan) from:"John Doe" to:jane@example.com subject:"Plan Q1" is:unread after:${after} before:${before}`,
      maxResults: '2',
    });
    expect(found.map((summary) => summary.id)).toEqual([M2.id, M1.id]);
    expect(found[1]).toEqual({
      id: M1.id,
      connectionId: 'conn-google-1',
      provider: 'google',
      threadId: M1.threadId,
      from: { email: 'john@example.org', name: 'Doe, John' },
      to: [
        { email: 'jane@example.com', name: 'Jane' },
        { email: 'ann@example.com', name: 'Smith, Ann' },
      ],
      cc: [
        { email: 'bob@example.com', name: null },
        { email: 'carol@example.com', name: 'Carol C' },
      ],
      subject: 'Plan für Q1',
      snippet: "Let's meet & talk <soon>",
      date: '2026-11-20T10:00:00.000Z',
      unread: true,
      hasAttachments: true,
    });
    expect(found[0]).toMatchObject({ unread: false, hasAttachments: false, subject: 'RE: Plan' });
    const gets = fake.requestsTo('gmail').slice(1);
    expect(gets.map((request) => request.path)).toEqual([
      `/users/me/messages/${M2.id}`,
      `/users/me/messages/${M1.id}`,
    ]);
    for (const get of gets) {
      expect(get.query.get('format')).toBe('full');
      // The fake applies the mask as Google does: the attachment above was seen through it.
      expect(get.query.get('fields')).toMatch(/^id,threadId,labelIds,snippet,internalDate,payload\(/);
      expect(get.authorization).toBe(`Bearer ${TOKENS.first}`);
    }
  });

  it('sends only the filters given, and -is:unread for read mail', async () => {
    seedMail();
    await gmailAdapter().search(me, search({ unread: false }));
    expect(fake.requestsTo('gmail')[0]!.query.get('q')).toBe('-is:unread');
    fake.requests.length = 0;
    await gmailAdapter().search(me, search({ q: 'in:sent' }));
    expect(fake.requestsTo('gmail')[0]!.query.get('q')).toBe('in:sent');
    fake.requests.length = 0;
    const all = await gmailAdapter().search(me, search());
    expect(fake.requestsTo('gmail')[0]!.query.has('q')).toBe(false);
    expect(all.map((summary) => summary.id)).toEqual([M2.id, M1.id, M3.id]);
  });

  it('answers an empty search with no messages', async () => {
    expect(await gmailAdapter().search(me, search({ q: 'nothing' }))).toEqual([]);
  });

  it('leaves out a message deleted between the list and its fetch', async () => {
    seedMail();
    fake.listAnswer = [M1.id, '18c10000000000ff', M3.id];
    const found = await gmailAdapter().search(me, search());
    expect(found.map((summary) => summary.id)).toEqual([M1.id, M3.id]);
  });

  it('reads a message: the plain alternative, attachments named, ids for a reply', async () => {
    seedMail();
    const message = await gmailAdapter().read(me, M1.id);
    const get = fake.requestsTo('gmail')[0]!;
    expect(get.path).toBe(`/users/me/messages/${M1.id}`);
    expect(Object.fromEntries(get.query)).toEqual({ format: 'full' });
    expect(message).toMatchObject({
      id: M1.id,
      text: 'Hello Jane,\r\nsee the plan.',
      attachments: [{ name: 'plan.pdf', mimeType: 'application/pdf', size: 12345 }],
      messageId: '<m1@mail.example.org>',
      references: ['<m0@mail.example.org>'],
      hasAttachments: true,
    });
  });

  it('reads an HTML-only message in its charset as text', async () => {
    seedMail();
    const message = await gmailAdapter().read(me, M2.id);
    expect(message.text).toBe('Grüße & the link [https://x.example/a]');
    expect(message.from).toEqual({ email: 'jane@example.com', name: 'Jane Roe' });
    expect(message.references).toEqual(['<m0@mail.example.org>', '<m1@mail.example.org>']);
    expect((await gmailAdapter().read(me, M3.id)).text).toBe('Café €');
  });

  it('reads a thread, oldest first', async () => {
    seedMail();
    const thread = await gmailAdapter().thread(me, M1.threadId);
    expect(fake.requestsTo('gmail')[0]!.path).toBe(`/users/me/threads/${M1.threadId}`);
    expect(fake.requestsTo('gmail')[0]!.query.get('format')).toBe('full');
    expect(thread.id).toBe(M1.threadId);
    expect(thread.connectionId).toBe('conn-google-1');
    expect(thread.messages.map((message) => message.id)).toEqual([M1.id, M2.id]);
    expect(thread.messages[1]!.text).toContain('Grüße');
  });

  it('counts an id Gmail cannot read, or does not have, as not found', async () => {
    seedMail();
    expect((await failure(gmailAdapter().read(me, 'not an id'))).kind).toBe('not_found');
    expect((await failure(gmailAdapter().read(me, '18c10000000000ee'))).kind).toBe('not_found');
    expect((await failure(gmailAdapter().thread(me, '18c10000000000ee'))).kind).toBe('not_found');
  });

  it('sends a new message as an RFC 5322 message it builds itself', async () => {
    const subject = 'Grüße aus Köln — ein ziemlich langer Betreff, der über mehrere kodierte Wörter geht';
    const sent = await gmailAdapter().send(me, {
      to: ['ann@example.com', 'bob@example.com'],
      cc: ['carol@example.com'],
      bcc: ['dave@example.com'],
      subject,
      text: 'Hi Ann,\nline two\n\nBye – Jörg',
      replyTo: null,
    });
    const request = fake.requestsTo('gmail')[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/users/me/messages/send');
    expect(request.authorization).toBe(`Bearer ${TOKENS.first}`);
    expect(Object.keys(request.body as object)).toEqual(['raw']);
    const { headers, body, rawHeaders } = parseMime(fake.outgoing[0]!.mime);
    expect(headers.get('from')).toBe('me@example.com');
    expect(headers.get('to')).toBe('ann@example.com, bob@example.com');
    expect(headers.get('cc')).toBe('carol@example.com');
    expect(headers.get('bcc')).toBe('dave@example.com');
    expect(decodeWords(headers.get('subject')!)).toBe(subject);
    expect(headers.get('mime-version')).toBe('1.0');
    // A charset's name is case-insensitive (RFC 2045 §5.1); nodemailer writes utf-8.
    expect(headers.get('content-type')?.toLowerCase()).toBe('text/plain; charset=utf-8');
    expect(Number.isNaN(Date.parse(headers.get('date')!))).toBe(false);
    expect(headers.has('in-reply-to')).toBe(false);
    expect(body).toBe('Hi Ann,\r\nline two\r\n\r\nBye – Jörg');
    // Every encoded-word within RFC 2047's 75 characters, every line within 998.
    for (const word of headers.get('subject')!.match(/=\?[^?]+\?B\?[^?]*\?=/g) ?? [])
      expect(word.length).toBeLessThanOrEqual(75);
    for (const line of rawHeaders.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(sent).toEqual({ id: expect.any(String), threadId: expect.any(String) });
  });

  it('threads a reply: threadId, In-Reply-To, References and a Re: subject', async () => {
    seedMail();
    const original = await gmailAdapter().read(me, M1.id);
    fake.requests.length = 0;
    const sent = await gmailAdapter().send(me, {
      to: ['john@example.org'],
      cc: [],
      bcc: [],
      subject: original.subject,
      text: 'Sounds good.',
      replyTo: original,
    });
    expect(fake.requestsTo('gmail')[0]!.body).toEqual({ raw: expect.any(String), threadId: M1.threadId });
    const { headers, body } = parseMime(fake.outgoing[0]!.mime);
    expect(decodeWords(headers.get('subject')!)).toBe('Re: Plan für Q1');
    expect(headers.get('in-reply-to')).toBe('<m1@mail.example.org>');
    expect(headers.get('references')).toBe('<m0@mail.example.org> <m1@mail.example.org>');
    expect(headers.has('cc')).toBe(false);
    expect(body).toBe('Sounds good.');
    expect(sent.threadId).toBe(M1.threadId);
  });

  it('saves a reply as a draft, its Re: kept single', async () => {
    seedMail();
    const original = await gmailAdapter().read(me, M2.id);
    fake.requests.length = 0;
    const draft = await gmailAdapter().createDraft(me, {
      to: ['jane@example.com'],
      cc: [],
      bcc: [],
      subject: original.subject,
      text: 'Draft text',
      replyTo: original,
    });
    const request = fake.requestsTo('gmail')[0]!;
    expect(request.path).toBe('/users/me/drafts');
    expect(request.body).toEqual({ message: { raw: expect.any(String), threadId: M1.threadId } });
    const { headers } = parseMime(fake.outgoing[0]!.mime);
    expect(headers.get('subject')).toBe('RE: Plan');
    expect(headers.get('references')).toBe(
      '<m0@mail.example.org> <m1@mail.example.org> <m2@mail.example.com>',
    );
    expect(fake.outgoing[0]!.kind).toBe('draft');
    // The draft's message, which `read` opens.
    expect(draft.id).toMatch(/^[0-9a-f]{16}$/);
    expect(draft.threadId).toBe(M1.threadId);
  });

  it('refuses a header that could smuggle another header in, before any request', async () => {
    const mail: OutgoingMail = {
      to: ['ann@example.com'],
      cc: [],
      bcc: [],
      subject: 'Hi',
      text: 'x',
      replyTo: null,
    };
    const reply: TMailMessage = {
      id: M1.id,
      connectionId: me.connectionId,
      provider: 'google',
      threadId: M1.threadId,
      from: null,
      to: [],
      cc: [],
      subject: 'Hi',
      snippet: '',
      date: '2026-11-20T10:00:00.000Z',
      unread: false,
      hasAttachments: false,
      text: '',
      attachments: [],
      messageId: '<a@b>',
      references: [],
    };
    const attempts: OutgoingMail[] = [
      { ...mail, subject: 'Hello\r\nBcc: x@evil.example' },
      { ...mail, subject: 'Hello\nBcc: x@evil.example' },
      { ...mail, to: ['ann@example.com\r\nBcc: x@evil.example'] },
      { ...mail, to: ['ann@example.com, x@evil.example'] },
      { ...mail, bcc: ['<x@evil.example>'] },
      { ...mail, replyTo: { ...reply, messageId: '<a@b>\r\nBcc: x@evil.example' } },
      { ...mail, replyTo: { ...reply, references: ['<a@b> <c@d>'] } },
    ];
    for (const attempt of attempts) {
      expect((await failure(gmailAdapter().send(me, attempt))).kind).toBe('rejected');
      expect((await failure(gmailAdapter().createDraft(me, attempt))).kind).toBe('rejected');
    }
    expect(fake.requests).toEqual([]);
  });
});

// --- People ----------------------------------------------------------------------------------

const ANN: FakePerson = {
  resourceName: 'people/c1001',
  names: [{ displayName: 'Ann Lee (work)' }, { displayName: 'Ann Lee', metadata: { primary: true } }],
  emailAddresses: [
    { value: 'ann.work@example.com' },
    { value: 'ann@example.com', metadata: { primary: true } },
  ],
  phoneNumbers: [{ value: '(030) 1234-5678', canonicalForm: '+493012345678' }, { value: '0170 555' }],
  organizations: [{ name: 'Acme GmbH' }],
};
const ANNABEL: FakePerson = {
  resourceName: 'people/c1002',
  names: [{ displayName: 'Annabel Smith' }],
  emailAddresses: [{ value: 'annabel@example.org' }],
};
const NAMELESS: FakePerson = {
  resourceName: 'people/c1003',
  emailAddresses: [{ value: 'noname@example.com' }],
  phoneNumbers: [{ value: '555 0100' }],
};

describe('GoogleContactsAdapter', () => {
  const contacts = (now?: () => number) =>
    new GoogleContactsAdapter({ baseUrl: fake.peopleUrl, timeoutMs: TIMEOUT_MS }, now);
  const queries = () =>
    fake.requestsTo('people').map((request) => {
      expect(request.path).toBe('/people:searchContacts');
      return request.query.get('query');
    });

  it('warms Google’s search cache once, before the first search, then searches', async () => {
    fake.people.push(ANN, ANNABEL, NAMELESS);
    const adapter = contacts();
    const found = await adapter.search(me, { q: 'ann', limit: 10 });
    expect(queries()).toEqual(['', 'ann']);
    const [warm, first] = fake.requestsTo('people');
    expect(warm!.query.get('readMask')).toBe('names,emailAddresses,phoneNumbers,organizations');
    expect(Object.fromEntries(first!.query)).toEqual({
      query: 'ann',
      readMask: 'names,emailAddresses,phoneNumbers,organizations',
      pageSize: '10',
    });
    expect(first!.authorization).toBe(`Bearer ${TOKENS.first}`);
    expect(found).toEqual([
      {
        id: 'people/c1001',
        connectionId: 'conn-google-1',
        provider: 'google',
        name: 'Ann Lee',
        emails: ['ann@example.com', 'ann.work@example.com'],
        phones: ['+493012345678', '0170 555'],
        organization: 'Acme GmbH',
      },
      {
        id: 'people/c1002',
        connectionId: 'conn-google-1',
        provider: 'google',
        name: 'Annabel Smith',
        emails: ['annabel@example.org'],
        phones: [],
        organization: null,
      },
    ]);

    await adapter.search(me, { q: '030 1234', limit: 5 });
    await adapter.search(me, { q: 'noname', limit: 5 });
    expect(queries()).toEqual(['', 'ann', '030 1234', 'noname']);
    // A phone number is Google's to match, as the person typed it.
    fake.requests.length = 0;
    expect((await adapter.search(me, { q: '030 1234', limit: 5 })).map((contact) => contact.id)).toEqual([
      'people/c1001',
    ]);
    const [nameless] = await adapter.search(me, { q: 'noname', limit: 5 });
    expect(nameless).toMatchObject({ name: 'noname@example.com', phones: ['555 0100'], organization: null });
  });

  it('warms each account by itself, and again after ten minutes', async () => {
    let now = Date.parse('2026-12-01T10:00:00Z');
    const adapter = contacts(() => now);
    fake.people.push(ANN);
    await adapter.search(me, { q: 'ann', limit: 5 });
    await adapter.search(other, { q: 'ann', limit: 5 });
    expect(queries()).toEqual(['', 'ann', '', 'ann']);
    expect(fake.requestsTo('people')[2]!.authorization).toBe(`Bearer ${TOKENS.second}`);

    // Added after the warm-up: Google's cache does not know it until the next one.
    fake.people.push({ resourceName: 'people/c2000', names: [{ displayName: 'Zed New' }] });
    expect(await adapter.search(me, { q: 'zed', limit: 5 })).toEqual([]);
    now += 10 * 60_000;
    expect((await adapter.search(me, { q: 'zed', limit: 5 })).map((contact) => contact.name)).toEqual([
      'Zed New',
    ]);
    expect(queries().slice(4)).toEqual(['zed', '', 'zed']);
  });

  it('warms again after a warm-up that failed', async () => {
    const adapter = contacts();
    fake.failNext({ status: 503 });
    expect((await failure(adapter.search(me, { q: 'ann', limit: 5 }))).kind).toBe('unavailable');
    await adapter.search(me, { q: 'ann', limit: 5 });
    expect(queries()).toEqual(['', '', 'ann']);
  });
});

// --- Failures, the same for all three --------------------------------------------------------

const ADAPTERS: [string, 'calendar' | 'gmail' | 'people', (account: WorkspaceAccount) => Promise<unknown>][] =
  [
    [
      'Calendar listEvents',
      'calendar',
      (account) => calendarAdapter().listEvents(account, { ...DAY, limit: 5 }),
    ],
    [
      'Calendar createEvent',
      'calendar',
      (account) =>
        calendarAdapter().createEvent(account, {
          title: 'x',
          when: { allDay: true, startDate: '2026-12-07', endDate: '2026-12-08' },
          location: null,
          description: null,
          attendees: [],
          sendUpdates: false,
          calendarId: null,
        }),
    ],
    ['Gmail search', 'gmail', (account) => gmailAdapter().search(account, search())],
    ['Gmail read', 'gmail', (account) => gmailAdapter().read(account, M1.id)],
    [
      'Gmail send',
      'gmail',
      (account) =>
        gmailAdapter().send(account, {
          to: ['a@example.com'],
          cc: [],
          bcc: [],
          subject: 's',
          text: 't',
          replyTo: null,
        }),
    ],
    [
      'People search',
      'people',
      (account) =>
        new GoogleContactsAdapter({ baseUrl: fake.peopleUrl, timeoutMs: TIMEOUT_MS }).search(account, {
          q: 'ann',
          limit: 5,
        }),
    ],
  ];

describe.each(ADAPTERS)('%s failures', (_name, api, call) => {
  beforeEach(() => {
    seedMail();
    fake.people.push(ANN);
  });

  it('works against the fake (so the failures below are the failures)', async () => {
    await expect(call(me)).resolves.toBeDefined();
  });

  it('401: token_refused', async () => {
    const expired: WorkspaceAccount = { ...me, access: { kind: 'oauth', accessToken: 'ya29.expired' } };
    const error = await failure(call(expired));
    expect([error.kind, error.status]).toEqual(['token_refused', 401]);
  });

  it('403 for a scope never granted: scope_missing', async () => {
    fake.granted.delete(api);
    const error = await failure(call(me));
    expect([error.kind, error.status]).toEqual(['scope_missing', 403]);
  });

  it('404: not_found', async () => {
    fake.failNext({ status: 404 });
    expect((await failure(call(me))).kind).toBe('not_found');
  });

  it('429 with Retry-After: unavailable, with the wait', async () => {
    fake.failNext({ status: 429, headers: { 'retry-after': '30' } });
    const error = await failure(call(me));
    expect([error.kind, error.retryAfterSeconds]).toEqual(['unavailable', 30]);
  });

  it('5xx: unavailable', async () => {
    fake.failNext({ status: 503 });
    const error = await failure(call(me));
    expect([error.kind, error.status, error.retryAfterSeconds]).toEqual(['unavailable', 503, null]);
  });

  it('an answer of another shape, or not JSON: protocol', async () => {
    fake.failNext({ status: 200, body: { items: 'many', messages: 7, results: 'x', id: 5, calendars: [] } });
    expect((await failure(call(me))).kind).toBe('protocol');
    fake.failNext({ status: 200, text: '<html>captive portal</html>' });
    expect((await failure(call(me))).kind).toBe('protocol');
  });

  it('no answer in time: unavailable, promptly', async () => {
    fake.failNext('hang');
    const started = Date.now();
    expect((await failure(call(me))).kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });
});
