import { describe, expect, it } from 'vitest';
import { offsetAt, wallToInstant } from '../src/lib/iana-zone';
import { decodeEventId, encodeEventId } from '../src/providers/calendar/caldav-event-id';
import {
  describeCalendarEvent,
  expandCalendarObject,
  MAX_OCCURRENCES_PER_SERIES,
} from '../src/providers/calendar/ical-events';
import {
  foldLine,
  newCalendarObject,
  patchCalendarObject,
  withoutOccurrence,
} from '../src/providers/calendar/ical-write';
import { contactMatches, contactQuery } from '../src/providers/contacts/contact-match';
import { readVcard } from '../src/providers/contacts/vcard';
import { isProviderError } from '../src/providers/provider-errors';

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const DAY = 86_400_000;
const range = (from: string, to: string) => ({ from: Date.parse(from), to: Date.parse(to) });
const UTC = { floatingZone: 'UTC' };
const starts = (text: string, from: string, to: string, options = UTC) =>
  expandCalendarObject(text, range(from, to), options).map((e) => e.start);

function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('IANA zones from Intl', () => {
  it('reads offsets either side of a change', () => {
    expect(offsetAt('Europe/Berlin', Date.parse('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(offsetAt('Europe/Berlin', Date.parse('2026-03-29T01:00:00Z'))).toBe(7_200_000);
    expect(offsetAt('Australia/Sydney', Date.parse('2026-04-04T15:59:59Z'))).toBe(11 * 3_600_000);
    expect(offsetAt('Australia/Sydney', Date.parse('2026-04-04T16:00:00Z'))).toBe(10 * 3_600_000);
  });

  it('reads a skipped wall time with the offset before the change, a repeated one as its first', () => {
    const wall = (value: string) => Date.parse(`${value}Z`);
    expect(new Date(wallToInstant('Europe/Berlin', wall('2026-03-29T02:30:00'))).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(wallToInstant('Europe/Berlin', wall('2026-10-25T02:30:00'))).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(wallToInstant('Europe/Berlin', wall('2026-07-01T12:00:00'))).toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
  });
});

describe('expanding calendar objects', () => {
  const weekly = ics(
    ...BERLIN,
    'BEGIN:VEVENT',
    'UID:weekly-1',
    'DTSTAMP:20261001T000000Z',
    'DTSTART;TZID=Europe/Berlin:20261006T093000',
    'DTEND;TZID=Europe/Berlin:20261006T100000',
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
    'EXDATE;TZID=Europe/Berlin:20261013T093000',
    'SUMMARY:Planning',
    'ATTENDEE;CN=Ana Díaz;PARTSTAT=ACCEPTED:mailto:ana@example.com',
    'ATTENDEE;PARTSTAT=DELEGATED:MAILTO:bo@example.com',
    'ORGANIZER:mailto:me@example.com',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekly-1',
    'DTSTAMP:20261001T000000Z',
    // Given in UTC while DTSTART is in Berlin time: still the 20th's occurrence.
    'RECURRENCE-ID:20261020T073000Z',
    'DTSTART;TZID=Europe/Berlin:20261021T110000',
    'DTEND;TZID=Europe/Berlin:20261021T120000',
    'SUMMARY:Planning (moved)',
    'END:VEVENT',
  );

  it('expands a weekly series across a daylight-saving change, with an EXDATE and a moved occurrence', () => {
    const events = expandCalendarObject(weekly, range('2026-10-01T00:00:00Z', '2026-11-04T00:00:00Z'), UTC);
    expect(events.map((e) => [e.start, e.end, e.title, e.recurrenceId])).toEqual([
      ['2026-10-06T07:30:00.000Z', '2026-10-06T08:00:00.000Z', 'Planning', '2026-10-06T07:30:00.000Z'],
      [
        '2026-10-21T09:00:00.000Z',
        '2026-10-21T10:00:00.000Z',
        'Planning (moved)',
        '2026-10-20T07:30:00.000Z',
      ],
      // After the clocks went back on the 25th: 09:30 in Berlin is 08:30 UTC.
      ['2026-10-27T08:30:00.000Z', '2026-10-27T09:00:00.000Z', 'Planning', '2026-10-27T08:30:00.000Z'],
      ['2026-11-03T08:30:00.000Z', '2026-11-03T09:00:00.000Z', 'Planning', '2026-11-03T08:30:00.000Z'],
    ]);
    expect(events[0]).toMatchObject({
      allDay: false,
      timeZone: 'Europe/Berlin',
      recurring: true,
      organizer: 'me@example.com',
      attendees: [
        { email: 'ana@example.com', name: 'Ana Díaz', response: 'accepted' },
        { email: 'bo@example.com', name: null, response: null },
      ],
    });
  });

  it('finds an occurrence moved into the range from outside it, and leaves out one moved away', () => {
    expect(starts(weekly, '2026-10-21T00:00:00Z', '2026-10-22T00:00:00Z')).toEqual([
      '2026-10-21T09:00:00.000Z',
    ]);
    expect(starts(weekly, '2026-10-20T00:00:00Z', '2026-10-21T00:00:00Z')).toEqual([]);
  });

  it('reads a TZID without VTIMEZONE by its IANA name, and a Windows name mapped', () => {
    const newYork = ics(
      'BEGIN:VEVENT',
      'UID:ny',
      'DTSTAMP:20261001T000000Z',
      'DTSTART;TZID=America/New_York:20261026T090000',
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
    );
    const events = expandCalendarObject(newYork, range('2026-10-01T00:00:00Z', '2026-12-01T00:00:00Z'), UTC);
    // New York leaves daylight time on 1 November 2026.
    expect(events.map((e) => e.start)).toEqual([
      '2026-10-26T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
      '2026-11-09T14:00:00.000Z',
    ]);
    expect(events[0]?.timeZone).toBe('America/New_York');
    const windows = ics(
      'BEGIN:VEVENT',
      'UID:w',
      'DTSTAMP:20261001T000000Z',
      'DTSTART;TZID=W. Europe Standard Time:20260701T090000',
      'DTEND;TZID=W. Europe Standard Time:20260701T100000',
      'END:VEVENT',
    );
    expect(
      expandCalendarObject(windows, range('2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z'), UTC),
    ).toMatchObject([
      { start: '2026-07-01T07:00:00.000Z', timeZone: 'Europe/Berlin', recurring: false, recurrenceId: null },
    ]);
  });

  it('reads a VTIMEZONE with no observance by its IANA name', () => {
    const tokyo = ics(
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:t',
      'DTSTAMP:20261001T000000Z',
      'DTSTART;TZID=Asia/Tokyo:20260701T090000',
      'END:VEVENT',
    );
    expect(starts(tokyo, '2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z')).toEqual([
      '2026-07-01T00:00:00.000Z',
    ]);
  });

  it('reads floating times and all-day dates in the person’s zone', () => {
    const floating = ics(
      'BEGIN:VEVENT',
      'UID:f',
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20261110T090000',
      'DTEND:20261110T093000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:d',
      'DTSTAMP:20261001T000000Z',
      'DTSTART;VALUE=DATE:20261111',
      'SUMMARY:Day off',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
    const events = expandCalendarObject(floating, range('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'), {
      floatingZone: 'Australia/Sydney',
    });
    expect(events).toMatchObject([
      { start: '2026-11-09T22:00:00.000Z', end: '2026-11-09T22:30:00.000Z', timeZone: null },
      // No DTEND: the day itself (RFC 5545 §3.6.1).
      { start: '2026-11-11', end: '2026-11-12', allDay: true, timeZone: null, transparent: true },
    ]);
    expect(events[1]?.startMs).toBe(Date.parse('2026-11-10T13:00:00Z'));
  });

  it('expands a yearly all-day series by dates', () => {
    const birthday = ics(
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTAMP:20261001T000000Z',
      'DTSTART;VALUE=DATE:19900315',
      'DTEND;VALUE=DATE:19900316',
      'RRULE:FREQ=YEARLY',
      'SUMMARY:Birthday',
      'END:VEVENT',
    );
    expect(
      expandCalendarObject(birthday, range('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'), UTC).map((e) => [
        e.start,
        e.end,
        e.recurrenceId,
      ]),
    ).toEqual([['2026-03-15', '2026-03-16', '2026-03-15']]);
  });

  it('walks a daily series begun decades ago quickly, to the right days', () => {
    const daily = ics(
      'BEGIN:VEVENT',
      'UID:daily',
      'DTSTAMP:20261001T000000Z',
      'DTSTART;TZID=Europe/Berlin:19990104T080000',
      'DTEND;TZID=Europe/Berlin:19990104T081500',
      'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
      'EXDATE;TZID=Europe/Berlin:20261103T080000',
      'END:VEVENT',
    );
    const started = performance.now();
    const found = starts(daily, '2026-11-02T00:00:00Z', '2026-11-09T00:00:00Z');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found).toEqual([
      '2026-11-02T07:00:00.000Z',
      '2026-11-04T07:00:00.000Z',
      '2026-11-05T07:00:00.000Z',
      '2026-11-06T07:00:00.000Z',
    ]);
  });

  it('keeps the week parity of a fortnightly series moved forward', () => {
    // Every other Monday and Wednesday from Monday 4 January 2010.
    const fortnightly = ics(
      'BEGIN:VEVENT',
      'UID:fortnightly',
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20100104T120000Z',
      'DTEND:20100104T130000Z',
      'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE',
      'END:VEVENT',
    );
    const all: number[] = [];
    for (
      let day = Date.parse('2010-01-04T12:00:00Z');
      day < Date.parse('2027-01-01T00:00:00Z');
      day += 14 * DAY
    ) {
      all.push(day, day + 2 * DAY);
    }
    // Ranges starting on each of 21 days, so the walk is moved by odd and even numbers of weeks.
    for (let first = Date.parse('2026-11-01T00:00:00Z'), k = 0; k < 21; k += 1) {
      const from = first + k * DAY;
      const to = from + 30 * DAY;
      const expected = all.filter((at) => at >= from && at < to).map((at) => new Date(at).toISOString());
      expect(starts(fortnightly, new Date(from).toISOString(), new Date(to).toISOString())).toEqual(expected);
    }
  });

  it('honours COUNT and UNTIL, and bounds a series that never ends', () => {
    const counted = ics(
      'BEGIN:VEVENT',
      'UID:c',
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20261101T100000Z',
      'RRULE:FREQ=DAILY;COUNT=3',
      'END:VEVENT',
    );
    expect(starts(counted, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')).toHaveLength(3);
    const until = ics(
      'BEGIN:VEVENT',
      'UID:u',
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20200101T100000Z',
      'RRULE:FREQ=DAILY;UNTIL=20200110T100000Z',
      'END:VEVENT',
    );
    expect(starts(until, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual([]);
    const minutely = ics(
      'BEGIN:VEVENT',
      'UID:m',
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20261101T000000Z',
      'RRULE:FREQ=MINUTELY',
      'END:VEVENT',
    );
    expect(starts(minutely, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')).toHaveLength(
      MAX_OCCURRENCES_PER_SERIES,
    );
  });

  it('marks a cancelled occurrence', () => {
    const cancelled = ics(
      'BEGIN:VEVENT',
      'UID:x',
      'DTSTAMP:20261001T000000Z',
      'DTSTART:20261102T100000Z',
      'DTEND:20261102T110000Z',
      'RRULE:FREQ=DAILY;COUNT=2',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:x',
      'DTSTAMP:20261001T000000Z',
      'RECURRENCE-ID:20261103T100000Z',
      'DTSTART:20261103T100000Z',
      'DTEND:20261103T110000Z',
      'STATUS:CANCELLED',
      'END:VEVENT',
    );
    expect(
      expandCalendarObject(cancelled, range('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'), UTC).map(
        (e) => e.cancelled,
      ),
    ).toEqual([false, true]);
  });

  it('calls what it cannot read a protocol failure', () => {
    for (const text of [
      'not a calendar',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:x\r\nEND:VCARD\r\n',
      ics('BEGIN:VEVENT', 'UID:n', 'SUMMARY:no start', 'END:VEVENT'),
    ]) {
      const error = failure(() =>
        expandCalendarObject(text, range('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'), UTC),
      );
      expect(isProviderError(error, 'protocol'), String(error)).toBe(true);
    }
  });
});

describe('writing calendar objects', () => {
  const now = new Date('2026-11-20T08:00:00Z');

  it('escapes text, folds lines at 75 octets, and reads back as written', () => {
    const title = 'Review; budget, Q4 \\ final';
    const description = `Line one\nLine two, with ${'ü'.repeat(80)}`;
    const text = newCalendarObject({
      uid: 'u-1',
      title,
      when: {
        allDay: false,
        start: '2026-12-01T09:30:00.000Z',
        end: '2026-12-01T10:00:00.000Z',
        timeZone: 'Australia/Sydney',
      },
      location: 'Room 1, level 2',
      description,
      attendees: ['ana@example.com'],
      organizer: 'me@icloud.com',
      now,
    });
    expect(text).toContain('SUMMARY:Review\\; budget\\, Q4 \\\\ final\r\n');
    expect(text).toContain('LOCATION:Room 1\\, level 2\r\n');
    expect(text).toContain('DESCRIPTION:Line one\\nLine two\\, with ü');
    // Sydney is 11 hours ahead in December: the wall time and its zone.
    expect(text).toContain('DTSTART;TZID=Australia/Sydney:20261201T203000\r\n');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Australia\/Sydney\r\n/);
    expect(text.replace(/\r\n /g, '')).toContain(
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ana@example.com',
    );
    expect(text).toContain('ORGANIZER:mailto:me@icloud.com');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(describeCalendarEvent(text, null, UTC)).toMatchObject({
      title,
      description,
      location: 'Room 1, level 2',
      start: '2026-12-01T09:30:00.000Z',
      end: '2026-12-01T10:00:00.000Z',
      timeZone: 'Australia/Sydney',
      recurring: false,
    });
  });

  it('folds without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'€'.repeat(40)}`);
    const lines = folded.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe(`DESCRIPTION:${'€'.repeat(40)}`);
  });

  it('writes all-day events as dates, and UTC without a VTIMEZONE', () => {
    const allDay = newCalendarObject({
      uid: 'a',
      title: 'Off',
      when: { allDay: true, startDate: '2026-12-24', endDate: '2026-12-27' },
      location: null,
      description: null,
      attendees: [],
      organizer: 'me@icloud.com',
      now,
    });
    expect(allDay).toContain('DTSTART;VALUE=DATE:20261224\r\n');
    expect(allDay).toContain('DTEND;VALUE=DATE:20261227\r\n');
    expect(allDay).not.toContain('ORGANIZER');
    const utc = newCalendarObject({
      uid: 'b',
      title: 'Call',
      when: {
        allDay: false,
        start: '2026-12-01T09:30:00.000Z',
        end: '2026-12-01T10:00:00.000Z',
        timeZone: 'UTC',
      },
      location: null,
      description: null,
      attendees: [],
      organizer: 'me@icloud.com',
      now,
    });
    expect(utc).toContain('DTSTART:20261201T093000Z\r\n');
    expect(utc).not.toContain('VTIMEZONE');
    expect(describeCalendarEvent(utc, null, UTC).timeZone).toBe('UTC');
  });

  const series = ics(
    ...BERLIN,
    'BEGIN:VEVENT',
    'UID:s',
    'DTSTAMP:20261001T000000Z',
    'DTSTART;TZID=Europe/Berlin:20261102T090000',
    'DTEND;TZID=Europe/Berlin:20261102T093000',
    'RRULE:FREQ=DAILY;COUNT=5',
    'SUMMARY:Stand-up',
    'ATTENDEE;PARTSTAT=ACCEPTED;CN=Ana:mailto:ana@example.com',
    'END:VEVENT',
  );
  const context = { organizer: 'me@icloud.com', now, floatingZone: 'UTC' };
  const november = range('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z');

  it('changes one occurrence of a series through an override, leaving the others', () => {
    const patched = patchCalendarObject(
      series,
      '2026-11-04T08:00:00.000Z',
      {
        title: 'Stand-up (long)',
        when: {
          allDay: false,
          start: '2026-11-04T10:00:00.000Z',
          end: '2026-11-04T11:00:00.000Z',
          timeZone: 'Europe/Berlin',
        },
        attendees: ['ana@example.com', 'new@example.com'],
        sendUpdates: true,
      },
      context,
    );
    expect(patched).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261104T090000');
    const events = expandCalendarObject(patched, november, UTC);
    expect(events.map((e) => [e.start, e.title])).toEqual([
      ['2026-11-02T08:00:00.000Z', 'Stand-up'],
      ['2026-11-03T08:00:00.000Z', 'Stand-up'],
      ['2026-11-04T10:00:00.000Z', 'Stand-up (long)'],
      ['2026-11-05T08:00:00.000Z', 'Stand-up'],
      ['2026-11-06T08:00:00.000Z', 'Stand-up'],
    ]);
    expect(events[2]?.attendees).toEqual([
      { email: 'ana@example.com', name: 'Ana', response: 'accepted' },
      { email: 'new@example.com', name: null, response: 'needs_action' },
    ]);
    expect(describeCalendarEvent(patched, '2026-11-04T08:00:00.000Z', UTC).title).toBe('Stand-up (long)');
  });

  it('takes one occurrence out with an EXDATE in the series’ own zone', () => {
    const without = withoutOccurrence(series, '2026-11-03T08:00:00.000Z', context);
    expect(without).toContain('EXDATE;TZID=Europe/Berlin:20261103T090000');
    expect(expandCalendarObject(without!, november, UTC).map((e) => e.start.slice(0, 10))).toEqual([
      '2026-11-02',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
    ]);
    const error = failure(() => withoutOccurrence(without!, '2026-11-03T08:00:00.000Z', context));
    expect(isProviderError(error, 'not_found')).toBe(true);
    expect(
      isProviderError(
        failure(() => describeCalendarEvent(series, '2026-11-03T08:01:00.000Z', UTC)),
        'not_found',
      ),
    ).toBe(true);
  });
});

describe('event ids', () => {
  it('carry the object URL and occurrence, and refuse what they did not make', () => {
    const ref = {
      url: 'https://p01-caldav.icloud.com/123/calendars/home/a.ics',
      recurrenceId: '2026-11-03T08:00:00.000Z',
    };
    expect(decodeEventId(encodeEventId(ref))).toEqual(ref);
    expect(encodeEventId(ref)).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const id of ['nonsense', Buffer.from('["not a url", null]').toString('base64url')]) {
      expect(
        isProviderError(
          failure(() => decodeEventId(id)),
          'not_found',
        ),
      ).toBe(true);
    }
  });
});

describe('vCards', () => {
  it('reads vCard 3 with folded lines, escaped commas and Apple’s groups', () => {
    const card = readVcard(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Smith;Jane;;;',
        'FN:Jane Smith\\, Ph',
        ' D',
        'ORG:Acme\\, Inc.;Sales',
        'item1.EMAIL;type=INTERNET;type=pref:jane@example.com',
        'EMAIL;type=WORK:j.smith@acme.example',
        'TEL;type=CELL:+61 412 345 678',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    expect(card).toEqual({
      name: 'Jane Smith, PhD',
      emails: ['jane@example.com', 'j.smith@acme.example'],
      phones: ['+61 412 345 678'],
      organization: 'Acme, Inc.',
    });
  });

  it('reads vCard 4 with a tel: URI, and a name from N when there is no FN', () => {
    expect(
      readVcard(
        [
          'BEGIN:VCARD',
          'VERSION:4.0',
          'N:Lee;Bo;;;',
          'TEL;VALUE=uri:tel:+1-555-0100',
          'EMAIL:bo@x.org',
          'END:VCARD',
        ].join('\r\n'),
      ),
    ).toEqual({ name: 'Bo Lee', emails: ['bo@x.org'], phones: ['+1-555-0100'], organization: null });
    expect(
      isProviderError(
        failure(() => readVcard('BEGIN:VCALENDAR\r\nEND:VCALENDAR')),
        'protocol',
      ),
    ).toBe(true);
  });

  it('matches names and emails by text, phones by digits', () => {
    const card = {
      name: 'Jane Smith',
      emails: ['jane@example.com'],
      phones: ['+61 412 345 678'],
      organization: 'Acme',
    };
    const matches = (q: string) => contactMatches(card, contactQuery(q));
    expect(
      ['smi', 'JANE', '@example', '412 345', '0412345678', '(0412) 345-678'].filter(matches),
    ).toHaveLength(6);
    expect(['smyth', '999', 'jane2', '0499', 'acme'].filter(matches)).toEqual([]);
  });
});
