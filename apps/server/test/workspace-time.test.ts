import { ZCreateEventBody } from '@app/contract/workspace/calendar';
import { describe, expect, it } from 'vitest';
import { instantOf, wallTimeOf } from '../src/lib/zoned-time';
import { eventWhen } from '../src/modules/workspace/event-times';

describe('wall-clock times in IANA zones', () => {
  it.each([
    ['2026-12-01T09:30', 'Australia/Sydney', '2026-11-30T22:30:00.000Z'],
    ['2026-07-01T09:30', 'Australia/Sydney', '2026-06-30T23:30:00.000Z'],
    ['2026-07-01T12:00', 'Europe/London', '2026-07-01T11:00:00.000Z'],
    ['2026-12-01T12:00', 'Europe/London', '2026-12-01T12:00:00.000Z'],
    ['2026-12-01T09:00:30', 'Asia/Kolkata', '2026-12-01T03:30:30.000Z'],
    ['2026-12-01T09:00', 'UTC', '2026-12-01T09:00:00.000Z'],
  ])('%s in %s is %s', (wall, zone, instant) => {
    expect(instantOf(wall, zone).toISOString()).toBe(instant);
    expect(wallTimeOf(new Date(instant), zone)).toBe(wall.length === 16 ? `${wall}:00` : wall);
  });

  it('moves a time the clocks skip forward by the gap, as calendar apps do', () => {
    // New York springs forward at 02:00 on 2026-03-08: 02:30 does not exist; it becomes 03:30 EDT.
    expect(instantOf('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the first of a time the clocks repeat', () => {
    expect(instantOf('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Sydney falls back from 03:00 AEDT to 02:00 AEST on 2026-04-05.
    expect(instantOf('2026-04-05T02:30', 'Australia/Sydney').toISOString()).toBe('2026-04-04T15:30:00.000Z');
  });

  it('keeps the same wall-clock time across a daylight-saving change, so the instants move', () => {
    const before = instantOf('2026-10-26T09:00', 'America/Los_Angeles');
    const after = instantOf('2026-11-02T09:00', 'America/Los_Angeles');
    expect(after.getTime() - before.getTime()).toBe((7 * 24 + 1) * 3600_000);
  });
});

describe('event times as a caller writes them', () => {
  it('reads wall-clock times in the event zone and keeps the zone', () => {
    expect(
      eventWhen(
        { start: '2026-12-01T09:30', end: '2026-12-01T10:00', allDay: false, timeZone: 'Australia/Sydney' },
        'UTC',
      ),
    ).toEqual({
      allDay: false,
      start: '2026-11-30T22:30:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
      timeZone: 'Australia/Sydney',
    });
  });

  it('reads them in the person zone when the event names none; instants stay instants', () => {
    expect(
      eventWhen(
        { start: '2026-12-01T09:30:00+01:00', end: '2026-12-01T10:00', allDay: false },
        'America/New_York',
      ),
    ).toEqual({
      allDay: false,
      start: '2026-12-01T08:30:00.000Z',
      end: '2026-12-01T15:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });

  it('takes all-day events as dates, the end exclusive', () => {
    expect(eventWhen({ start: '2026-12-04', end: '2026-12-05', allDay: true }, 'UTC')).toEqual({
      allDay: true,
      startDate: '2026-12-04',
      endDate: '2026-12-05',
    });
  });

  it('refuses an end before the start once both are instants', () => {
    expect(() =>
      eventWhen(
        { start: '2026-12-01T10:00:00Z', end: '2026-12-01T10:30', allDay: false },
        'Australia/Sydney',
      ),
    ).toThrow(/end must come after/);
  });

  it.each([
    [{ title: 'x', start: '2026-12-01', end: '2026-12-02' }, 'start'],
    [{ title: 'x', start: '2026-12-01T10:00', end: '2026-12-01T09:00' }, 'end'],
    [
      { title: 'x', start: '2026-12-01T10:00', end: '2026-12-01T11:00', timeZone: 'Mars/Olympus' },
      'timeZone',
    ],
    [
      { title: 'x', start: '2026-12-01T10:00', end: '2026-12-01T11:00', attendees: ['not-an-address'] },
      'attendees',
    ],
    [{ title: ' ', start: '2026-12-01T10:00', end: '2026-12-01T11:00' }, 'title'],
    // Found by the route fuzz: an instant and a date mixed in one timed event was a 500.
    [{ title: 'x', start: '2026-11-30T10:00:00Z', end: '2026-12-01' }, 'start'],
    [{ title: 'x', start: '0000-11-30T10:00:00Z', end: '0001-11-30T10:00:00Z' }, 'start'],
    [{ title: 'x', start: '2026-12-01', end: '3000-01-01', allDay: true }, 'end'],
  ])('the contract refuses %o at %s', (body, field) => {
    const result = ZCreateEventBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});
