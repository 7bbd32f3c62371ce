import { describe, expect, it } from 'vitest';
import {
  overlaps,
  parseDuration,
  parseEvents,
  parseLine,
  unescapeText,
  unfold,
} from '../src/providers/icloud/ical';

const calendar = (...event: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', ...event, 'END:VEVENT', 'END:VCALENDAR', ''].join(
    '\r\n',
  );

describe('iCalendar VEVENT reader', () => {
  it('reads an event in UTC', () => {
    const [event] = parseEvents(
      calendar('UID:a', 'DTSTART:20261110T083000Z', 'DTEND:20261110T090000Z', 'SUMMARY:Call'),
    );
    expect(event).toEqual({
      uid: 'a',
      recurrenceId: null,
      title: 'Call',
      location: null,
      start: '2026-11-10T08:30:00.000Z',
      end: '2026-11-10T09:00:00.000Z',
      allDay: false,
      recurring: false,
      cancelled: false,
    });
  });

  it('converts a TZID wall time to UTC, on both sides of a DST change', () => {
    const [winter] = parseEvents(calendar('UID:w', 'DTSTART;TZID=Europe/Berlin:20260110T093000'));
    expect(winter?.start).toBe('2026-01-10T08:30:00.000Z');
    const [summer] = parseEvents(calendar('UID:s', 'DTSTART;TZID=Europe/Berlin:20260710T093000'));
    expect(summer?.start).toBe('2026-07-10T07:30:00.000Z');
    const [ny] = parseEvents(calendar('UID:n', 'DTSTART;TZID="America/New_York":20261101T120000'));
    expect(ny?.start).toBe('2026-11-01T17:00:00.000Z');
    // The morning DST starts in Sydney (clocks 02:00 -> 03:00).
    const [sydney] = parseEvents(calendar('UID:y', 'DTSTART;TZID=Australia/Sydney:20261004T100000'));
    expect(sydney?.start).toBe('2026-10-03T23:00:00.000Z');
  });

  it("finds the IANA zone at the end of a client's own TZID, and reads an unknown zone as UTC", () => {
    const [mozilla] = parseEvents(
      calendar('UID:m', 'DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260110T093000'),
    );
    expect(mozilla?.start).toBe('2026-01-10T08:30:00.000Z');
    const [unknown] = parseEvents(calendar('UID:u', 'DTSTART;TZID=Nowhere Standard Time:20260110T093000'));
    expect(unknown?.start).toBe('2026-01-10T09:30:00.000Z');
    const [floating] = parseEvents(calendar('UID:f', 'DTSTART:20260110T093000'));
    expect(floating?.start).toBe('2026-01-10T09:30:00.000Z');
  });

  it('reads VALUE=DATE as all-day with an exclusive end, one day when DTEND is missing', () => {
    const [holiday] = parseEvents(
      calendar('UID:h', 'DTSTART;VALUE=DATE:20261126', 'DTEND;VALUE=DATE:20261128', 'SUMMARY:Trip'),
    );
    expect(holiday).toMatchObject({ start: '2026-11-26', end: '2026-11-28', allDay: true });
    const [single] = parseEvents(calendar('UID:d', 'DTSTART;VALUE=DATE:20261231'));
    expect(single).toMatchObject({ start: '2026-12-31', end: '2027-01-01', allDay: true });
    // Some clients leave out VALUE=DATE; eight digits are a date all the same.
    const [bare] = parseEvents(calendar('UID:b', 'DTSTART:20261126'));
    expect(bare).toMatchObject({ start: '2026-11-26', allDay: true });
  });

  it('takes DURATION when there is no DTEND', () => {
    const [event] = parseEvents(calendar('UID:p', 'DTSTART:20261110T080000Z', 'DURATION:PT1H30M'));
    expect(event?.end).toBe('2026-11-10T09:30:00.000Z');
    expect(parseDuration('P1W')).toBe(7 * 24 * 3600_000);
    expect(parseDuration('P1DT2H')).toBe(26 * 3600_000);
    expect(parseDuration('-PT15M')).toBe(-15 * 60_000);
    expect(parseDuration('P')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
  });

  it('unfolds long lines (CRLF or LF, space or tab) and unescapes text', () => {
    const ics = calendar(
      'UID:f',
      'DTSTART:20261110T080000Z',
      'SUMMARY:Quarterly planning with the\r\n  whole team\\, and\r\n\tcake',
      'LOCATION:Room 4\\; floor 2\\nBuilding \\\\B',
    ).replaceAll('\r\n\t', '\n\t');
    const [event] = parseEvents(ics);
    expect(event?.title).toBe('Quarterly planning with the whole team, andcake');
    expect(event?.location).toBe('Room 4; floor 2\nBuilding \\B');
    expect(unfold('A:1\r\n 2\nB:3')).toEqual(['A:12', 'B:3']);
    expect(unescapeText('a\\Nb\\;c\\,d\\\\')).toBe('a\nb;c,d\\');
  });

  it('reads quoted parameters holding colons and semicolons', () => {
    expect(parseLine('ATTENDEE;CN="Doe; Jane: PhD";ROLE=CHAIR:mailto:j@example.com')).toEqual({
      name: 'ATTENDEE',
      params: { CN: 'Doe; Jane: PhD', ROLE: 'CHAIR' },
      value: 'mailto:j@example.com',
    });
    expect(parseLine('dtstart;tzid=Europe/Berlin:20260101T000000')?.name).toBe('DTSTART');
    expect(parseLine('no colon here')).toBeNull();
  });

  it("ignores an alarm's properties and reads every event of an object", () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:r',
      'DTSTART:20261110T080000Z',
      'RRULE:FREQ=WEEKLY',
      'SUMMARY:Weekly',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'SUMMARY:Reminder text',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:r',
      'RECURRENCE-ID:20261117T080000Z',
      'DTSTART:20261117T090000Z',
      'SUMMARY:Weekly (moved)',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const events = parseEvents(ics);
    expect(events.map((e) => [e.title, e.recurring, e.recurrenceId])).toEqual([
      ['Weekly', true, null],
      ['Weekly (moved)', false, '2026-11-17T08:00:00.000Z'],
    ]);
  });

  it('skips what it cannot read instead of failing the whole calendar', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:broken',
      'DTSTART:not-a-date',
      'END:VEVENT',
      'garbage line',
      'BEGIN:VEVENT',
      'UID:ok',
      'DTSTART:20261110T080000Z',
      'DTEND:20261110T070000Z',
      'STATUS:CANCELLED',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    const events = parseEvents(ics);
    expect(events).toHaveLength(1);
    // An end before the start is read as no duration; the cancelled mark is kept for the caller.
    expect(events[0]).toMatchObject({ uid: 'ok', end: '2026-11-10T08:00:00.000Z', cancelled: true });
    expect(parseEvents('')).toEqual([]);
  });

  it('tells whether an event touches a range', () => {
    const range = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
    const [inside] = parseEvents(calendar('UID:i', 'DTSTART:20261110T080000Z', 'DTEND:20261110T090000Z'));
    const [after] = parseEvents(calendar('UID:o', 'DTSTART:20261201T000000Z', 'DTEND:20261201T010000Z'));
    const [across] = parseEvents(calendar('UID:c', 'DTSTART:20261031T230000Z', 'DTEND:20261101T010000Z'));
    const [instant] = parseEvents(calendar('UID:z', 'DTSTART:20261101T000000Z'));
    const [lastDay] = parseEvents(calendar('UID:l', 'DTSTART;VALUE=DATE:20261130'));
    const [farDay] = parseEvents(calendar('UID:f', 'DTSTART;VALUE=DATE:20261205'));
    expect([inside, after, across, instant, lastDay, farDay].map((e) => overlaps(e!, range))).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
