import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZWorkspaceEvent } from '@app/contract/workspace/calendar';
import { ZContact } from '@app/contract/workspace/contacts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaldavCalendarAdapter } from '../src/providers/calendar/caldav-calendar';
import type { NewEvent } from '../src/providers/calendar/calendar-adapter';
import { CarddavContactsAdapter } from '../src/providers/contacts/carddav-contacts';
import type { IcloudHomes } from '../src/providers/icloud/icloud';
import { TsdavIcloud } from '../src/providers/icloud/tsdav';
import { isProviderError, type ProviderError } from '../src/providers/provider-errors';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { FakeDav } from './helpers/fake-dav';
import { type DavAccount, type Radicale, radicaleInstalled, startRadicale } from './helpers/radicale';

function account(
  user: string,
  password: string,
  homes: IcloudHomes,
  timeZone = 'Europe/Berlin',
): WorkspaceAccount {
  return {
    connectionId: 'conn-apple',
    provider: 'apple',
    email: user,
    access: { kind: 'dav', appleId: user, password, homes },
    timeZone,
    language: 'en',
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (isProviderError(error)) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

const draft = (fields: Partial<NewEvent>): NewEvent => ({
  title: 'Event',
  when: {
    allDay: false,
    start: '2026-11-10T09:00:00.000Z',
    end: '2026-11-10T10:00:00.000Z',
    timeZone: 'Europe/Berlin',
  },
  location: null,
  description: null,
  attendees: [],
  sendUpdates: true,
  calendarId: null,
  ...fields,
});

const NOV = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };

/** The content lines of every object in a calendar, read with a raw calendar-query REPORT. */
async function rawObjects(url: string, user: string, password: string): Promise<string[]> {
  const res = await fetch(url, {
    method: 'REPORT',
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
    },
    body: `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
<D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`,
  });
  expect(res.status).toBe(207);
  const body = await res.text();
  return [...body.matchAll(/<C:calendar-data[^>]*>([\s\S]*?)<\/C:calendar-data>/gi)].map((match) =>
    match[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#13;/g, '\r')
      .replace(/&amp;/g, '&')
      .replace(/\r?\n[ \t]/g, ''),
  );
}

describe.skipIf(!radicaleInstalled)(
  'Apple calendar and contacts against a real CalDAV/CardDAV server (Radicale)',
  () => {
    let radicale: Radicale;
    let calendar: CaldavCalendarAdapter;
    let contacts: CarddavContactsAdapter;
    let dav: DavAccount;
    let person: WorkspaceAccount;
    let calendarUrl: string;

    beforeAll(async () => {
      radicale = await startRadicale();
      const servers = { caldavUrl: radicale.url, carddavUrl: radicale.url, timeoutMs: 5000 };
      calendar = new CaldavCalendarAdapter(servers);
      contacts = new CarddavContactsAdapter(servers);
      dav = await radicale.newAccount();
      const found = await new TsdavIcloud(servers).discover({ appleId: dav.user, password: dav.password });
      person = account(dav.user, dav.password, found.homes);
      calendarUrl = `${radicale.url}/${encodeURIComponent(dav.user)}/calendar/`;
    });
    afterAll(async () => {
      await radicale?.stop();
    });

    const raw = () => rawObjects(calendarUrl, dav.user, dav.password);
    const objectWith = async (summary: string) =>
      (await raw()).find((text) => text.includes(`SUMMARY:${summary}\r\n`));

    it('creates an event that another client reads with its zone, and lists it', async () => {
      const created = await calendar.createEvent(
        person,
        draft({
          title: 'Budget review, Q4',
          when: {
            allDay: false,
            start: '2026-11-12T08:30:00.000Z',
            end: '2026-11-12T09:15:00.000Z',
            timeZone: 'Europe/Berlin',
          },
          location: 'Room 4; floor 2',
          description: 'Bring\nthe numbers',
          attendees: ['ana@example.com'],
        }),
      );
      expect(ZWorkspaceEvent.parse(created)).toMatchObject({
        connectionId: 'conn-apple',
        provider: 'apple',
        calendarId: calendarUrl,
        calendar: 'Home',
        title: 'Budget review, Q4',
        start: '2026-11-12T08:30:00.000Z',
        end: '2026-11-12T09:15:00.000Z',
        allDay: false,
        timeZone: 'Europe/Berlin',
        location: 'Room 4; floor 2',
        description: 'Bring\nthe numbers',
        attendees: [{ email: 'ana@example.com', name: null, response: 'needs_action' }],
        organizer: dav.user,
        recurring: false,
      });
      const text = await objectWith('Budget review\\, Q4');
      expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261112T093000\r\n');
      expect(text).toContain('DTEND;TZID=Europe/Berlin:20261112T101500\r\n');
      expect(text).toContain('LOCATION:Room 4\\; floor 2\r\n');
      expect(text).toContain('BEGIN:VTIMEZONE');
      const listed = await calendar.listEvents(person, { ...NOV, limit: 50 });
      expect(listed.find((e) => e.id === created.id)).toEqual(created);
    });

    it('creates an event with an idempotency key once: the repeat PUT meets 412 and answers the first event', async () => {
      const keyed = draft({ title: 'Booked once', idempotencyKey: 'scheduling-book:req-1' });
      const first = await calendar.createEvent(person, keyed);
      const again = await calendar.createEvent(person, keyed);
      expect(again).toEqual(first);
      const once = (await raw()).filter((text) => text.includes('SUMMARY:Booked once\r\n'));
      expect(once).toHaveLength(1);
      expect(once[0]).toMatch(/UID:[0-9a-f]{64}\r\n/);
      await calendar.createEvent(person, { ...keyed, idempotencyKey: 'scheduling-book:req-2' });
      expect((await raw()).filter((text) => text.includes('SUMMARY:Booked once\r\n'))).toHaveLength(2);
    });

    it('writes a hold as STATUS:TENTATIVE (decision 594), and deletes it', async () => {
      const held = await calendar.createEvent(
        person,
        draft({ title: 'Hold: sync', idempotencyKey: 'scheduling-hold:req-1:1', tentative: true }),
      );
      expect(await objectWith('Hold: sync')).toContain('STATUS:TENTATIVE\r\n');
      await calendar.deleteEvent(person, held.id, { sendUpdates: false });
      expect((await raw()).filter((text) => text.includes('SUMMARY:Hold: sync\r\n'))).toHaveLength(0);
    });

    it('writes an event in Australia/Sydney and reads back the same instant', async () => {
      const when = {
        allDay: false as const,
        start: '2026-12-01T22:00:00.000Z',
        end: '2026-12-01T23:30:00.000Z',
        timeZone: 'Australia/Sydney',
      };
      const created = await calendar.createEvent(person, draft({ title: 'Sydney breakfast', when }));
      // 9:00 on 2 December in Sydney, daylight time (+11).
      expect(await objectWith('Sydney breakfast')).toContain(
        'DTSTART;TZID=Australia/Sydney:20261202T090000\r\n',
      );
      const listed = await calendar.listEvents(person, {
        from: '2026-12-01T00:00:00.000Z',
        to: '2026-12-03T00:00:00.000Z',
        limit: 10,
      });
      expect(listed.find((e) => e.id === created.id)).toMatchObject({
        start: when.start,
        end: when.end,
        timeZone: 'Australia/Sydney',
      });
    });

    it('keeps the length of an event across the night the clocks go back', async () => {
      // 23:00 on 24 October to 05:00 on the 25th, Berlin time: seven hours, the clocks go back at 03:00.
      const created = await calendar.createEvent(
        person,
        draft({
          title: 'Night shift',
          when: {
            allDay: false,
            start: '2026-10-24T21:00:00.000Z',
            end: '2026-10-25T04:00:00.000Z',
            timeZone: 'Europe/Berlin',
          },
        }),
      );
      const text = await objectWith('Night shift');
      expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261024T230000\r\n');
      expect(text).toContain('DTEND;TZID=Europe/Berlin:20261025T050000\r\n');
      const listed = await calendar.listEvents(person, {
        from: '2026-10-25T00:00:00.000Z',
        to: '2026-10-26T00:00:00.000Z',
        limit: 10,
      });
      expect(listed.find((e) => e.id === created.id)).toMatchObject({
        start: '2026-10-24T21:00:00.000Z',
        end: '2026-10-25T04:00:00.000Z',
      });
    });

    it('writes an all-day event as dates', async () => {
      const created = await calendar.createEvent(
        person,
        draft({
          title: 'Conference',
          when: { allDay: true, startDate: '2026-11-18', endDate: '2026-11-20' },
        }),
      );
      expect(created).toMatchObject({ start: '2026-11-18', end: '2026-11-20', allDay: true, timeZone: null });
      const text = await objectWith('Conference');
      expect(text).toContain('DTSTART;VALUE=DATE:20261118\r\n');
      expect(text).toContain('DTEND;VALUE=DATE:20261120\r\n');
      const listed = await calendar.listEvents(person, {
        from: '2026-11-19T12:00:00.000Z',
        to: '2026-11-19T13:00:00.000Z',
        limit: 10,
      });
      expect(listed.map((e) => e.title)).toContain('Conference');
    });

    it('expands a weekly series another client wrote, with an EXDATE and an overridden occurrence', async () => {
      await dav.putEvent(
        'weekly.ics',
        [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//other client//EN',
          'BEGIN:VEVENT',
          'UID:weekly-sync',
          'DTSTAMP:20261001T000000Z',
          // No VTIMEZONE: the IANA name is enough for us.
          'DTSTART;TZID=Europe/Berlin:20261013T150000',
          'DTEND;TZID=Europe/Berlin:20261013T153000',
          'RRULE:FREQ=WEEKLY;BYDAY=TU',
          'EXDATE;TZID=Europe/Berlin:20261103T150000',
          'SUMMARY:Weekly sync',
          'TRANSP:OPAQUE',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:weekly-sync',
          'DTSTAMP:20261001T000000Z',
          'RECURRENCE-ID;TZID=Europe/Berlin:20261110T150000',
          'DTSTART;TZID=Europe/Berlin:20261111T160000',
          'DTEND;TZID=Europe/Berlin:20261111T170000',
          'SUMMARY:Weekly sync (Wednesday)',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
      const listed = (
        await calendar.listEvents(person, {
          from: '2026-10-20T00:00:00.000Z',
          to: '2026-11-25T00:00:00.000Z',
          limit: 100,
        })
      )
        .filter((e) => e.title.startsWith('Weekly sync'))
        .map((e) => [e.start, e.end, e.title, e.recurring]);
      expect(listed).toEqual([
        ['2026-10-20T13:00:00.000Z', '2026-10-20T13:30:00.000Z', 'Weekly sync', true],
        // The clocks went back on 25 October: 15:00 in Berlin is now 14:00 UTC.
        ['2026-10-27T14:00:00.000Z', '2026-10-27T14:30:00.000Z', 'Weekly sync', true],
        ['2026-11-11T15:00:00.000Z', '2026-11-11T16:00:00.000Z', 'Weekly sync (Wednesday)', true],
        ['2026-11-17T14:00:00.000Z', '2026-11-17T14:30:00.000Z', 'Weekly sync', true],
        ['2026-11-24T14:00:00.000Z', '2026-11-24T14:30:00.000Z', 'Weekly sync', true],
      ]);
    });

    it('changes and deletes one occurrence of a series, leaving the others', async () => {
      await dav.putEvent(
        'daily.ics',
        [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//other client//EN',
          'BEGIN:VEVENT',
          'UID:daily-standup',
          'DTSTAMP:20261001T000000Z',
          'DTSTART:20261207T080000Z',
          'DTEND:20261207T081500Z',
          'RRULE:FREQ=DAILY;COUNT=4',
          'SUMMARY:Stand-up',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
      const week = { from: '2026-12-07T00:00:00.000Z', to: '2026-12-14T00:00:00.000Z', limit: 50 };
      const standUps = async () =>
        (await calendar.listEvents(person, week)).filter((e) => e.title.startsWith('Stand-up'));
      const [, second, third] = await standUps();
      const moved = await calendar.updateEvent(person, second!.id, {
        title: 'Stand-up (late)',
        when: {
          allDay: false,
          start: '2026-12-08T10:00:00.000Z',
          end: '2026-12-08T10:15:00.000Z',
          timeZone: 'UTC',
        },
        sendUpdates: true,
      });
      expect(moved).toMatchObject({
        id: second!.id,
        title: 'Stand-up (late)',
        start: '2026-12-08T10:00:00.000Z',
        recurring: true,
      });
      await calendar.deleteEvent(person, third!.id, { sendUpdates: true });
      expect((await standUps()).map((e) => [e.start, e.title])).toEqual([
        ['2026-12-07T08:00:00.000Z', 'Stand-up'],
        ['2026-12-08T10:00:00.000Z', 'Stand-up (late)'],
        ['2026-12-10T08:00:00.000Z', 'Stand-up'],
      ]);
      const text = await objectWith('Stand-up');
      expect(text).toContain('RECURRENCE-ID:20261208T080000Z\r\n');
      expect(text).toContain('EXDATE:20261209T080000Z\r\n');
    });

    it('updates and deletes an event', async () => {
      const created = await calendar.createEvent(person, draft({ title: 'Dentist', location: 'Main St' }));
      const updated = await calendar.updateEvent(person, created.id, {
        title: 'Dentist (moved)',
        when: {
          allDay: false,
          start: '2026-11-13T14:00:00.000Z',
          end: '2026-11-13T14:45:00.000Z',
          timeZone: 'Europe/Berlin',
        },
        location: null,
        sendUpdates: false,
      });
      expect(updated).toMatchObject({
        id: created.id,
        title: 'Dentist (moved)',
        start: '2026-11-13T14:00:00.000Z',
        end: '2026-11-13T14:45:00.000Z',
        location: null,
      });
      const text = await objectWith('Dentist (moved)');
      expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261113T150000\r\n');
      expect(text).toContain('SEQUENCE:1\r\n');
      expect(text).not.toContain('LOCATION');
      await calendar.deleteEvent(person, created.id, { sendUpdates: true });
      expect(await objectWith('Dentist (moved)')).toBeUndefined();
      expect(
        (await failureOf(calendar.updateEvent(person, created.id, { title: 'x', sendUpdates: true }))).kind,
      ).toBe('not_found');
      expect((await failureOf(calendar.deleteEvent(person, created.id, { sendUpdates: true }))).kind).toBe(
        'not_found',
      );
    });

    it('tells busy time from the events, transparent and cancelled ones left out, overlaps merged', async () => {
      const december = { from: '2026-12-20T00:00:00.000Z', to: '2026-12-21T00:00:00.000Z' };
      await calendar.createEvent(
        person,
        draft({
          title: 'Busy A',
          when: {
            allDay: false,
            start: '2026-12-20T09:00:00.000Z',
            end: '2026-12-20T10:00:00.000Z',
            timeZone: 'UTC',
          },
        }),
      );
      await calendar.createEvent(
        person,
        draft({
          title: 'Busy B',
          when: {
            allDay: false,
            start: '2026-12-20T09:30:00.000Z',
            end: '2026-12-20T11:00:00.000Z',
            timeZone: 'UTC',
          },
        }),
      );
      const ics = (uid: string, extra: string) =>
        [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//other client//EN',
          'BEGIN:VEVENT',
          `UID:${uid}`,
          'DTSTAMP:20261001T000000Z',
          'DTSTART:20261220T130000Z',
          'DTEND:20261220T140000Z',
          `SUMMARY:${uid}`,
          extra,
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n');
      await dav.putEvent('free.ics', ics('free', 'TRANSP:TRANSPARENT'));
      await dav.putEvent('cancelled.ics', ics('cancelled', 'STATUS:CANCELLED'));
      expect(await calendar.freeBusy(person, december)).toEqual([
        { start: '2026-12-20T09:00:00.000Z', end: '2026-12-20T11:00:00.000Z' },
      ]);
      const listed = await calendar.listEvents(person, { ...december, limit: 10 });
      expect(listed.map((e) => e.title)).toEqual(['Busy A', 'Busy B', 'free']);
      expect(await calendar.listEvents(person, { ...december, limit: 1 })).toHaveLength(1);
    });

    it('refuses a calendar the account does not have, and an event id from elsewhere', async () => {
      const elsewhere = draft({ calendarId: `${radicale.url}/someone-else/calendar/` });
      expect((await failureOf(calendar.createEvent(person, elsewhere))).kind).toBe('not_found');
      const foreign = Buffer.from(JSON.stringify(['https://evil.example/x.ics', null])).toString('base64url');
      expect((await failureOf(calendar.deleteEvent(person, foreign, { sendUpdates: true }))).kind).toBe(
        'not_found',
      );
    });

    it('finds contacts written by another client, by part of the name, email or phone digits', async () => {
      const putCard = async (name: string, vcard: string[]) => {
        const res = await fetch(`${radicale.url}/${encodeURIComponent(dav.user)}/contacts/${name}.vcf`, {
          method: 'PUT',
          headers: {
            authorization: `Basic ${Buffer.from(`${dav.user}:${dav.password}`).toString('base64')}`,
            'content-type': 'text/vcard; charset=utf-8',
          },
          body: `${vcard.join('\r\n')}\r\n`,
        });
        expect(res.status).toBe(201);
      };
      await putCard('jane', [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'UID:jane-1',
        'N:Smith;Jane;;;',
        'FN:Jane Smith\\, PhD',
        'ORG:Acme\\, Inc.;Research',
        'item1.EMAIL;type=INTERNET;type=pref:jane.smith@example.com',
        'TEL;type=CELL:+61 412 345 678',
        'END:VCARD',
      ]);
      await putCard('bob', [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'UID:bob-1',
        'FN:Bob Lee',
        'EMAIL:bob@lee.example',
        'TEL;VALUE=uri:tel:+1-555-0100',
        'END:VCARD',
      ]);
      const search = (q: string, limit = 10) => contacts.search(person, { q, limit });
      const jane = await search('smi');
      expect(jane.map((c) => ZContact.parse(c))).toEqual([
        {
          id: `${radicale.url}/${encodeURIComponent(dav.user)}/contacts/jane.vcf`,
          connectionId: 'conn-apple',
          provider: 'apple',
          name: 'Jane Smith, PhD',
          emails: ['jane.smith@example.com'],
          phones: ['+61 412 345 678'],
          organization: 'Acme, Inc.',
        },
      ]);
      expect((await search('BOB@LEE')).map((c) => c.name)).toEqual(['Bob Lee']);
      expect((await search('0412 345 678')).map((c) => c.name)).toEqual(['Jane Smith, PhD']);
      expect((await search('5550100')).map((c) => c.name)).toEqual(['Bob Lee']);
      expect((await search('example')).map((c) => c.name)).toEqual(['Bob Lee', 'Jane Smith, PhD']);
      expect(await search('example', 1)).toHaveLength(1);
      expect(await search('nobody & <nothing>')).toEqual([]);
    });

    it('says token_refused for a wrong app-specific password', async () => {
      const wrong = account(
        dav.user,
        'wxyz-wxyz-wxyz-wxyz',
        person.access.kind === 'dav' ? person.access.homes : ({} as IcloudHomes),
      );
      expect((await failureOf(calendar.listEvents(wrong, { ...NOV, limit: 10 }))).kind).toBe('token_refused');
      expect((await failureOf(calendar.createEvent(wrong, draft({})))).kind).toBe('token_refused');
      expect((await failureOf(contacts.search(wrong, { q: 'jane', limit: 10 }))).kind).toBe('token_refused');
    });
  },
);

describe('Apple calendar and contacts failures, against a fake iCloud', () => {
  const fake = new FakeDav();
  let calendar: CaldavCalendarAdapter;
  let contacts: CarddavContactsAdapter;
  let person: WorkspaceAccount;

  beforeAll(async () => {
    await fake.start();
    const servers = { caldavUrl: fake.url, carddavUrl: fake.url, timeoutMs: 1000 };
    calendar = new CaldavCalendarAdapter(servers);
    contacts = new CarddavContactsAdapter(servers);
    person = account(fake.user, fake.password, fake.homes());
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  const is = (method: string, path?: string) => (r: { method: string; path: string }) =>
    r.method === method && (path === undefined || r.path === path);
  const list = () => calendar.listEvents(person, { ...NOV, limit: 10 });
  const search = () => contacts.search(person, { q: 'jane', limit: 10 });

  it('creates with If-None-Match and updates with the If-Match of what it read; a changed event is rejected (412)', async () => {
    const created = await calendar.createEvent(person, draft({ title: 'Plan' }));
    const put = fake.requests.find(is('PUT'))!;
    expect(put.path).toMatch(/^\/calendars\/home\/[0-9a-f-]{36}\.ics$/);
    expect(put.headers['if-none-match']).toBe('*');
    expect(put.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(put.body).toContain('SUMMARY:Plan\r\n');
    expect(created.calendar).toBe('Home');

    fake.requests.length = 0;
    await calendar.updateEvent(person, created.id, { title: 'Plan B', sendUpdates: true });
    expect(fake.requests.find(is('PUT'))!.headers['if-match']).toBe('"v1"');

    // Someone else changes it between our read and our write.
    fake.answer(is('PUT'), { status: 412 });
    const changed = await failureOf(
      calendar.updateEvent(person, created.id, { title: 'Plan C', sendUpdates: true }),
    );
    expect([changed.kind, changed.status]).toEqual(['rejected', 412]);
  });

  it('lists only calendars that hold events, with one REPORT each', async () => {
    await list();
    expect(fake.requests.filter(is('REPORT')).map((r) => r.path)).toEqual([fake.calendarPath]);
  });

  it('maps 401 to token_refused, 403 to scope_missing, 404 to not_found', async () => {
    fake.answer(is('REPORT'), { status: 401 });
    expect((await failureOf(list())).kind).toBe('token_refused');
    fake.reset();
    // A calendar shared read-only: the PUT is forbidden.
    fake.answer(is('PUT'), { status: 403 });
    expect(await failureOf(calendar.createEvent(person, draft({})))).toMatchObject({
      kind: 'scope_missing',
      status: 403,
    });
    fake.reset();
    fake.answer(is('PROPFIND', '/contacts/'), { status: 403 });
    expect((await failureOf(search())).kind).toBe('scope_missing');
    fake.reset();
    fake.answer(is('REPORT'), { status: 404 });
    expect((await failureOf(list())).kind).toBe('not_found');
    expect((await failureOf(search())).kind).toBe('not_found');
  });

  it('maps 429 and 5xx to unavailable, with Retry-After', async () => {
    fake.answer(is('REPORT'), { status: 429, headers: { 'retry-after': '7' } });
    expect(await failureOf(list())).toMatchObject({ kind: 'unavailable', status: 429, retryAfterSeconds: 7 });
    expect(await failureOf(search())).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 7 });
    fake.reset();
    fake.answer(is('PROPFIND'), { status: 503 });
    expect(await failureOf(list())).toMatchObject({
      kind: 'unavailable',
      status: 503,
      retryAfterSeconds: null,
    });
    expect(await failureOf(search())).toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it('gives up within its deadline when the server does not answer', async () => {
    fake.answer(is('REPORT'), 'hang');
    const started = Date.now();
    expect((await failureOf(list())).kind).toBe('unavailable');
    expect((await failureOf(search())).kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('calls an unreadable answer a protocol failure', async () => {
    fake.answer(is('REPORT'), { status: 207, headers: { 'content-type': 'text/plain' }, body: 'surprise' });
    expect((await failureOf(list())).kind).toBe('protocol');
    expect((await failureOf(search())).kind).toBe('protocol');
    fake.reset();
    fake.put(`${fake.calendarPath}broken.ics`, 'BEGIN:VCALENDAR\r\nthis is not iCalendar');
    expect((await failureOf(list())).kind).toBe('protocol');
    fake.reset();
    fake.cards.set(`${fake.bookPath}broken.vcf`, 'BEGIN:VCARD\r\nFN;;;\r\n');
    expect((await failureOf(search())).kind).toBe('protocol');
  });

  it('filters contacts itself when the server ignores the filter', async () => {
    fake.cards.set(`${fake.bookPath}jane.vcf`, 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Roe\r\nEND:VCARD\r\n');
    fake.cards.set(
      `${fake.bookPath}max.vcf`,
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Max Mustermann\r\nEND:VCARD\r\n',
    );
    expect((await search()).map((c) => c.name)).toEqual(['Jane Roe']);
    const report = fake.requests.find(is('REPORT'))!;
    expect(report.body).toContain('anyof');
    expect(report.body).toMatch(/text-match[^>]*match-type="contains"[^>]*>jane</);
  });

  it('never sends the password to a host it was redirected to', async () => {
    const seen: string[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res.writeHead(207).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const port = (elsewhere.address() as AddressInfo).port;
    try {
      fake.answer(is('PROPFIND'), {
        status: 301,
        headers: { location: `http://localhost:${port}/calendars/` },
      });
      expect((await failureOf(list())).kind).toBe('protocol');
      expect(seen).toEqual([]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});
