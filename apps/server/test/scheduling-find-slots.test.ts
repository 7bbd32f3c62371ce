import { describe, expect, it } from 'vitest';
import { wallTimeOf } from '../src/lib/zoned-time';
import {
  checkSlot,
  DEFAULT_WORKING_HOURS,
  findSlots,
  type Interval,
  lookAheadRange,
  nextOpenWindow,
  openSlots,
  type SlotQuery,
} from '../src/modules/scheduling/find-slots';

// Sunday 29 November 2026; Monday 30 November starts the working week.
const NOW = new Date('2026-11-29T12:00:00Z');
const WEEK: Interval = { start: '2026-11-30T00:00:00Z', end: '2026-12-05T00:00:00Z' };

function query(overrides: Partial<SlotQuery> = {}): SlotQuery {
  return {
    now: NOW,
    window: WEEK,
    durationMinutes: 30,
    zone: 'UTC',
    workingHours: DEFAULT_WORKING_HOURS,
    preferences: { avoid: [] },
    busy: [],
    others: [],
    ...overrides,
  };
}

/** Slots as the person's clock shows them: `2026-11-30T09:00-09:30`. */
function local(slots: Interval[], zone: string): string[] {
  return slots.map(
    (slot) =>
      `${wallTimeOf(new Date(slot.start), zone).slice(0, 16)}-${wallTimeOf(new Date(slot.end), zone).slice(11, 16)}`,
  );
}

/** Every slot the query allows, as the person's clock shows them. */
function all(overrides: Partial<SlotQuery>): string[] {
  return local(openSlots(query(overrides)), overrides.zone ?? 'UTC');
}

describe('findSlots', () => {
  it('proposes three slots spread over days and parts of the day, earliest first, in working hours', () => {
    const result = findSlots(query({ zone: 'Europe/Paris' }));
    expect(local(result.slots, 'Europe/Paris')).toEqual([
      '2026-11-30T09:00-09:30',
      '2026-12-01T12:00-12:30',
      '2026-12-02T09:00-09:30',
    ]);
    expect(result.slots[0]).toEqual({ start: '2026-11-30T08:00:00.000Z', end: '2026-11-30T08:30:00.000Z' });
    expect(result.nextWindow).toBeNull();
  });

  it('keeps to working hours: weekdays only, starting and ending inside them', () => {
    const slots = all({
      workingHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
      durationMinutes: 60,
    });
    expect(slots).toHaveLength(5 * 9 * 2 - 5);
    expect(slots[0]).toBe('2026-11-30T09:00-10:00');
    expect(slots.filter((s) => s.startsWith('2026-11-30')).at(-1)).toBe('2026-11-30T17:00-18:00');
    expect(slots.some((s) => s.startsWith('2026-12-05') || s.startsWith('2026-12-06'))).toBe(false);
    const custom = all({
      workingHours: { days: [6], start: '10:00', end: '12:00' },
      window: { start: WEEK.start, end: '2026-12-07T00:00:00Z' },
    });
    expect(custom).toEqual([
      '2026-12-05T10:00-10:30',
      '2026-12-05T10:30-11:00',
      '2026-12-05T11:00-11:30',
      '2026-12-05T11:30-12:00',
    ]);
  });

  it('never proposes a time that overlaps an event, and merges several calendars', () => {
    const work = [{ start: '2026-11-30T09:00:00Z', end: '2026-11-30T12:00:00Z' }];
    const home = [
      { start: '2026-11-30T11:30:00Z', end: '2026-11-30T17:00:00Z' },
      { start: '2026-11-30T16:45:00Z', end: '2026-11-30T17:45:00Z' },
    ];
    const monday = all({ busy: [...work, ...home] }).filter((s) => s.startsWith('2026-11-30'));
    expect(monday).toEqual([]);
    const partly = all({ busy: [{ start: '2026-11-30T09:10:00Z', end: '2026-11-30T17:20:00Z' }] }).filter(
      (s) => s.startsWith('2026-11-30'),
    );
    expect(partly).toEqual(['2026-11-30T17:30-18:00']);
  });

  it('treats an all-day event as busy for the whole local day', () => {
    const zone = 'America/New_York';
    const slots = all({ zone, busy: [{ start: '2026-11-30', end: '2026-12-01', allDay: true }] });
    expect(slots.some((s) => s.startsWith('2026-11-30'))).toBe(false);
    expect(slots[0]).toBe('2026-12-01T09:00-09:30');
    // A two-day event given by its dates alone, end exclusive.
    const two = all({ zone, busy: [{ start: '2026-11-30', end: '2026-12-02' }] });
    expect(two[0]).toBe('2026-12-02T09:00-09:30');
    // Another person's all-day event is their local day, not ours.
    const theirs = all({
      zone,
      others: [
        {
          email: 'priya@example.com',
          zone: 'Asia/Tokyo',
          busy: [{ start: '2026-12-01', end: '2026-12-02' }],
          workingHours: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' },
        },
      ],
    });
    // Tokyo's 1 December is New York's 30 November 10:00 to 1 December 10:00.
    expect(theirs.filter((s) => s.startsWith('2026-11-30')).at(-1)).toBe('2026-11-30T09:30-10:00');
    expect(theirs.filter((s) => s.startsWith('2026-12-01'))[0]).toBe('2026-12-01T10:00-10:30');
  });

  it("clips to another participant's working hours in their own zone", () => {
    // New York and London in December: five hours apart, so only New York's mornings overlap.
    const slots = all({
      zone: 'America/New_York',
      others: [{ email: 'priya@example.com', zone: 'Europe/London', busy: [] }],
    });
    const monday = slots.filter((s) => s.startsWith('2026-11-30'));
    expect(monday[0]).toBe('2026-11-30T09:00-09:30');
    expect(monday.at(-1)).toBe('2026-11-30T12:30-13:00');
    // Their busy times count too.
    const busy = all({
      zone: 'America/New_York',
      others: [
        {
          email: 'priya@example.com',
          zone: 'Europe/London',
          busy: [{ start: '2026-11-30T14:00:00Z', end: '2026-11-30T17:00:00Z' }],
        },
      ],
    }).filter((s) => s.startsWith('2026-11-30'));
    expect(busy).toEqual(['2026-11-30T12:00-12:30', '2026-11-30T12:30-13:00']);
  });

  it('lets a participant whose calendar is not visible block nothing', () => {
    const alone = all({});
    expect(all({ others: [{ email: 'sam@example.com', zone: null, busy: null }] })).toEqual(alone);
    // Their zone, when known, still clips to their working hours.
    const tokyo = all({ others: [{ email: 'sam@example.com', zone: 'Asia/Tokyo', busy: null }] });
    expect(tokyo).toEqual([]);
  });

  it('handles the US spring forward inside the window', () => {
    // Clocks go from 02:00 to 03:00 in New York on Sunday 8 March 2026.
    const zone = 'America/New_York';
    const window = { start: '2026-03-06T00:00:00Z', end: '2026-03-10T00:00:00Z' };
    const result = findSlots(query({ zone, window, now: new Date('2026-03-01T00:00:00Z'), count: 2 }));
    // Friday 09:00 EST is 14:00Z; Monday 09:00 EDT is 13:00Z.
    expect(result.slots.map((s) => s.start)).toEqual([
      '2026-03-06T14:00:00.000Z',
      '2026-03-09T16:00:00.000Z',
    ]);
    // 02:30 that Sunday does not exist: no slot starts there, and each slot lasts 30 real minutes.
    const night = findSlots(
      query({
        zone,
        window,
        now: new Date('2026-03-01T00:00:00Z'),
        count: 1000,
        workingHours: { days: [7], start: '01:00', end: '04:00' },
      }),
    );
    expect(local(night.slots, zone)).toEqual([
      '2026-03-08T01:00-01:30',
      '2026-03-08T01:30-03:00',
      '2026-03-08T03:00-03:30',
      '2026-03-08T03:30-04:00',
    ]);
    for (const slot of night.slots) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
  });

  it('handles the European fall back inside the window', () => {
    // Clocks go from 03:00 back to 02:00 in Paris on Sunday 25 October 2026.
    const zone = 'Europe/Paris';
    const window = { start: '2026-10-23T00:00:00Z', end: '2026-10-27T00:00:00Z' };
    const result = findSlots(query({ zone, window, now: new Date('2026-10-01T00:00:00Z'), count: 2 }));
    // Friday 09:00 CEST is 07:00Z; Monday 09:00 CET is 08:00Z.
    expect(result.slots.map((s) => s.start)).toEqual([
      '2026-10-23T07:00:00.000Z',
      '2026-10-26T11:00:00.000Z',
    ]);
    // New York is still on summer time that Monday: Paris 09:00-18:00 meets New York from 09:00 (14:00 Paris).
    const withNewYork = all({
      zone,
      window,
      now: new Date('2026-10-01T00:00:00Z'),
      others: [{ email: 'sam@example.com', zone: 'America/New_York', busy: [] }],
    });
    expect(withNewYork.filter((s) => s.startsWith('2026-10-23'))[0]).toBe('2026-10-23T15:00-15:30');
    expect(withNewYork.filter((s) => s.startsWith('2026-10-26'))[0]).toBe('2026-10-26T14:00-14:30');
  });

  it('keeps travel time free around an event with a place', () => {
    const lunch = { start: '2026-11-30T12:00:00Z', end: '2026-11-30T13:00:00Z', travelMinutes: 30 };
    const monday = all({ busy: [lunch] }).filter((s) => s.startsWith('2026-11-30'));
    expect(monday).toContain('2026-11-30T11:00-11:30');
    expect(monday).not.toContain('2026-11-30T11:30-12:00');
    expect(monday).not.toContain('2026-11-30T13:00-13:30');
    expect(monday).toContain('2026-11-30T13:30-14:00');
  });

  it("respects the person's preferences", () => {
    const slots = all({
      preferences: {
        notBefore: '10:00',
        notAfter: '17:00',
        avoid: [{ weekday: 5, from: '12:00', to: '24:00' }],
        noMeetingDays: [1],
      },
    });
    expect(slots.some((s) => s.startsWith('2026-11-30'))).toBe(false);
    expect(slots[0]).toBe('2026-12-01T10:00-10:30');
    expect(slots.filter((s) => s.startsWith('2026-12-01')).at(-1)).toBe('2026-12-01T16:30-17:00');
    expect(slots.filter((s) => s.startsWith('2026-12-04')).at(-1)).toBe('2026-12-04T11:30-12:00');
  });

  it('never proposes a time in the past, counting from now rounded up to the step', () => {
    const result = findSlots(
      query({
        now: new Date('2026-11-30T09:10:00Z'),
        window: { start: WEEK.start, end: '2026-11-30T18:00:00Z' },
        count: 1,
      }),
    );
    expect(local(result.slots, 'UTC')).toEqual(['2026-11-30T09:30-10:00']);
    const fifteen = findSlots(query({ now: new Date('2026-11-30T09:10:00Z'), stepMinutes: 15, count: 1 }));
    expect(local(fifteen.slots, 'UTC')).toEqual(['2026-11-30T09:15-09:45']);
  });

  it('spreads the proposals on a single free morning rather than three adjacent half-hours', () => {
    const window = { start: '2026-11-30T09:00:00Z', end: '2026-11-30T12:00:00Z' };
    const slots = local(findSlots(query({ window })).slots, 'UTC');
    expect(slots).toEqual(['2026-11-30T09:00-09:30', '2026-11-30T10:00-10:30', '2026-11-30T11:00-11:30']);
    // Every slot of a short window, none overlapping, when that is all there is.
    const tight = local(
      findSlots(query({ window: { start: window.start, end: '2026-11-30T10:30:00Z' } })).slots,
      'UTC',
    );
    expect(tight).toEqual(['2026-11-30T09:00-09:30', '2026-11-30T09:30-10:00', '2026-11-30T10:00-10:30']);
  });

  it('says when nothing fits and offers the window of the same length right after', () => {
    const result = findSlots(
      query({ busy: [{ start: '2026-11-29T00:00:00Z', end: '2026-12-06T00:00:00Z' }] }),
    );
    expect(result).toEqual({
      slots: [],
      nextWindow: { start: '2026-12-05T00:00:00.000Z', end: '2026-12-10T00:00:00.000Z' },
    });
  });

  it('is deterministic: the same question gets the same answer', () => {
    const q = query({
      zone: 'Asia/Kolkata',
      busy: [{ start: '2026-11-30T05:00:00Z', end: '2026-11-30T06:00:00Z' }],
    });
    expect(findSlots(q)).toEqual(findSlots(q));
    expect(local(findSlots(q).slots, 'Asia/Kolkata')[0]).toBe('2026-11-30T09:00-09:30');
  });

  it('checks a time someone proposes, off the grid too, and names why it does not fit', () => {
    const q = query({
      zone: 'Europe/London',
      now: new Date('2026-11-30T10:00:00Z'),
      busy: [{ start: '2026-12-03T15:00:00Z', end: '2026-12-03T16:00:00Z' }],
      preferences: { avoid: [{ weekday: 5, from: '12:00', to: '24:00' }] },
      others: [{ email: 'sam@example.com', zone: 'America/New_York', busy: null }],
    });
    const at = (start: string, minutes = 30) => ({
      start,
      end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    });
    expect(checkSlot(q, at('2026-12-02T15:10:00Z'))).toBeNull();
    expect(checkSlot(q, at('2026-11-30T09:30:00Z'))).toBe('past');
    expect(checkSlot(q, at('2026-12-07T15:00:00Z'))).toBe('outside_window');
    expect(checkSlot(q, at('2026-12-02T17:45:00Z'))).toBe('outside_hours');
    expect(checkSlot(q, at('2026-12-04T15:00:00Z'))).toBe('preferences');
    expect(checkSlot(q, at('2026-12-02T10:00:00Z'))).toBe('others_hours');
    expect(checkSlot(q, at('2026-12-03T15:30:00Z'))).toBe('busy');
    // A slot that openSlots lists always checks clean.
    for (const slot of openSlots(q)) expect(checkSlot(q, slot)).toBeNull();
  });

  it('answers for three months, four calendars of 600 events each, in well under a second', () => {
    const busy = Array.from({ length: 600 }, (_, i) => {
      const start = Date.parse('2026-11-30T09:00:00Z') + i * 3.7 * 3_600_000;
      return { start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString() };
    });
    const others = ['a', 'b', 'c'].map((name) => ({
      email: `${name}@example.com`,
      zone: 'Europe/Berlin',
      busy,
    }));
    const window = { start: '2026-11-30T00:00:00Z', end: '2027-03-01T00:00:00Z' };
    const started = performance.now();
    const result = findSlots(query({ zone: 'Europe/London', window, busy, others }));
    expect(result.slots).toHaveLength(3);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('nextOpenWindow: when nothing fits, the next window with time for everyone', () => {
  // Friday 4 December, asked on Thursday 3 December; the person is away all of Friday.
  const FRIDAY: Interval = { start: '2026-12-04T00:00:00Z', end: '2026-12-05T00:00:00Z' };
  const THURSDAY = new Date('2026-12-03T12:00:00Z');
  const away = { start: '2026-12-04T00:00:00Z', end: '2026-12-05T00:00:00Z' };

  it('says no slot on the day asked and skips the weekend to Monday', () => {
    const q = query({ now: THURSDAY, window: FRIDAY, busy: [away] });
    expect(findSlots(q).slots).toEqual([]);
    expect(lookAheadRange(FRIDAY)).toEqual({
      start: '2026-12-05T00:00:00.000Z',
      end: '2026-12-09T00:00:00.000Z',
    });
    expect(nextOpenWindow(q)).toEqual({ start: '2026-12-07T00:00:00.000Z', end: '2026-12-08T00:00:00.000Z' });
  });

  it('passes over a day another participant is busy, and a week asked steps by weeks', () => {
    const priya = {
      email: 'priya@example.com',
      zone: 'Europe/London',
      busy: [{ start: '2026-12-07T00:00:00Z', end: '2026-12-08T00:00:00Z' }],
    };
    const q = query({ now: THURSDAY, window: FRIDAY, busy: [away], others: [priya] });
    expect(nextOpenWindow(q)).toEqual({ start: '2026-12-08T00:00:00.000Z', end: '2026-12-09T00:00:00.000Z' });
    const fullWeek = query({ busy: [{ start: '2026-11-30T00:00:00Z', end: '2026-12-12T00:00:00Z' }] });
    expect(nextOpenWindow(fullWeek)).toEqual({
      start: '2026-12-10T00:00:00.000Z',
      end: '2026-12-15T00:00:00.000Z',
    });
  });

  it('answers null when no window within the look-ahead has time (the caller offers the one right after)', () => {
    const q = query({
      now: THURSDAY,
      window: FRIDAY,
      busy: [{ start: '2026-12-04T00:00:00Z', end: '2026-12-20T00:00:00Z' }],
    });
    expect(nextOpenWindow(q)).toBeNull();
    expect(findSlots(q).nextWindow).toEqual({
      start: '2026-12-05T00:00:00.000Z',
      end: '2026-12-06T00:00:00.000Z',
    });
  });
});
