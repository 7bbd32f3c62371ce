import type { TAttendee } from '@app/contract/workspace/calendar';
import ICAL from 'ical.js';
import { wallToInstant } from '../../lib/iana-zone';
import { addDays } from '../../lib/zoned-time';
import { ProviderError } from '../provider-errors';
import { ianaZoneOf, wallOf, withObjectZones } from './ical-zones';

/**
 * Reads CalDAV calendar objects (RFC 5545) with ical.js and expands recurring series here
 * rather than asking the server to (RFC 4791 `expand`): Radicale and iCloud do not expand
 * reliably. Everything an event shows comes out as plain values, in UTC instants and dates.
 */

const DAY = 86_400_000;
/** The most occurrences of one series a read returns. */
export const MAX_OCCURRENCES_PER_SERIES = 1000;
/** The most occurrences walked through for one series, shown or not: a bound on the work. */
const MAX_WALKED = 20_000;

/** One event, or one occurrence of a series, as read. */
export interface IcalOccurrence {
  /** For an occurrence of a series: its RECURRENCE-ID, as an ISO instant or (all-day) a date. */
  recurrenceId: string | null;
  title: string;
  /** Timed: ISO instants; all-day: dates, the end exclusive. */
  start: string;
  end: string;
  allDay: boolean;
  /** The IANA zone of a timed event's DTSTART, when its TZID names one. */
  timeZone: string | null;
  location: string | null;
  description: string | null;
  attendees: TAttendee[];
  organizer: string | null;
  recurring: boolean;
  /** TRANSP:TRANSPARENT: shown but not busy. */
  transparent: boolean;
  /** STATUS:CANCELLED. */
  cancelled: boolean;
  /** The span in instants (all-day dates read in the floating zone), for ranges and sorting. */
  startMs: number;
  endMs: number;
}

export interface ReadOptions {
  /** The zone floating times and all-day dates are read in: the person's own. */
  floatingZone: string;
}

/** A range of instants in ms, start inclusive, end exclusive. */
export interface MsRange {
  from: number;
  to: number;
}

/** Parses one calendar object; what is not a VCALENDAR is a 'protocol' failure. */
export function parseCalendarObject(text: string): ICAL.Component {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new ProviderError('protocol', 'CalDAV answered an unreadable calendar object', { cause: error });
  }
  if (!Array.isArray(parsed) || parsed[0] !== 'vcalendar') {
    throw new ProviderError('protocol', 'CalDAV answered something other than one VCALENDAR');
  }
  const calendar = new ICAL.Component(parsed);
  // A VTIMEZONE with no observance would have ical.js read its times as UTC; without it, the
  // TZID's IANA name is used (ical-zones.ts).
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    if (!vtimezone.getFirstSubcomponent('standard') && !vtimezone.getFirstSubcomponent('daylight')) {
      calendar.removeSubcomponent(vtimezone);
    }
  }
  return calendar;
}

/**
 * Runs `read` over a parsed object with its zones known (see withObjectZones); what ical.js
 * cannot read in it (a DTSTART that is not a time) is a 'protocol' failure.
 */
export function readCalendar<T>(calendar: ICAL.Component, read: () => T): T {
  try {
    return withObjectZones(calendar, read);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(
      'protocol',
      `CalDAV answered a calendar object we cannot read: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}

/** The instant a time names; floating times and dates are read in the floating zone. */
export function instantOf(time: ICAL.Time, floatingZone: string): number {
  if (time.isDate || !time.zone || time.zone === ICAL.Timezone.localTimezone) {
    return wallToInstant(floatingZone, wallOf(time));
  }
  return time.toUnixTime() * 1000;
}

/**
 * How an occurrence is named in event ids, whatever form its RECURRENCE-ID takes (another
 * zone than DTSTART's, UTC): the instant, or the date of an all-day series.
 */
export function recurrenceKey(time: ICAL.Time, floatingZone: string): string {
  return time.isDate ? dateOf(time) : new Date(instantOf(time, floatingZone)).toISOString();
}

function dateOf(time: ICAL.Time): string {
  return new Date(wallOf(time)).toISOString().slice(0, 10);
}

/** The VEVENTs of an object, by UID: the master (no RECURRENCE-ID) and its overridden occurrences. */
export interface Series {
  master: ICAL.Component | null;
  overrides: ICAL.Component[];
}

export function seriesOf(calendar: ICAL.Component): Series[] {
  const byUid = new Map<string, Series>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    let series = byUid.get(uid);
    if (!series) {
      series = { master: null, overrides: [] };
      byUid.set(uid, series);
    }
    if (vevent.hasProperty('recurrence-id')) series.overrides.push(vevent);
    else series.master ??= vevent;
  }
  return [...byUid.values()];
}

export function isRecurringMaster(vevent: ICAL.Component): boolean {
  return vevent.hasProperty('rrule') || vevent.hasProperty('rdate');
}

function timeProperty(vevent: ICAL.Component, name: string): ICAL.Time | null {
  const value = vevent.getFirstPropertyValue(name);
  if (value === null || value === undefined) return null;
  if (!(value instanceof ICAL.Time))
    throw new ProviderError('protocol', `${name.toUpperCase()} is not a time`);
  return value;
}

/** When a VEVENT happens, in the form every occurrence of its series shares. */
interface Span {
  allDay: boolean;
  start: ICAL.Time;
  startMs: number;
  /** Timed: the exact length in ms; all-day: whole days. */
  length: number;
}

function spanOf(vevent: ICAL.Component, floatingZone: string): Span {
  const start = timeProperty(vevent, 'dtstart');
  if (!start) throw new ProviderError('protocol', 'a VEVENT without DTSTART');
  const startMs = instantOf(start, floatingZone);
  let end = timeProperty(vevent, 'dtend');
  if (!end) {
    const duration = vevent.getFirstPropertyValue('duration');
    end = start.clone();
    if (duration instanceof ICAL.Duration) end.addDuration(duration);
    // RFC 5545 §3.6.1: a date without an end lasts the day; a date-time, no time at all.
    else if (start.isDate) end.day += 1;
  }
  if (start.isDate) {
    const days = Math.round((wallOf(end) - wallOf(start)) / DAY);
    return { allDay: true, start, startMs, length: Math.max(1, days) };
  }
  return { allDay: false, start, startMs, length: Math.max(0, instantOf(end, floatingZone) - startMs) };
}

function text(vevent: ICAL.Component, name: string): string | null {
  const value = vevent.getFirstPropertyValue(name);
  if (value === null || value === undefined) return null;
  const string = String(value);
  return string.trim() ? string : null;
}

/** `mailto:a@b.c` as `a@b.c`. */
function addressOf(value: unknown): string {
  return String(value ?? '')
    .trim()
    .replace(/^mailto:/i, '');
}

const RESPONSES: Record<string, TAttendee['response']> = {
  'NEEDS-ACTION': 'needs_action',
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
};

function attendeesOf(vevent: ICAL.Component): TAttendee[] {
  return vevent
    .getAllProperties('attendee')
    .map((property) => {
      const name = property.getFirstParameter('cn');
      const partstat = property.getFirstParameter('partstat');
      return {
        email: addressOf(property.getFirstValue()),
        name: typeof name === 'string' && name.trim() ? name.trim() : null,
        response: (typeof partstat === 'string' && RESPONSES[partstat.toUpperCase()]) || null,
      };
    })
    .filter((attendee) => attendee.email !== '');
}

/** The IANA zone of a VEVENT's DTSTART: its TZID's, UTC for a time in UTC, null for a floating one. */
function zoneOf(vevent: ICAL.Component, start: ICAL.Time): string | null {
  const tzid = vevent.getFirstProperty('dtstart')?.getFirstParameter('tzid');
  if (typeof tzid === 'string') return ianaZoneOf(tzid);
  return start.zone === ICAL.Timezone.utcTimezone ? 'UTC' : null;
}

/** One occurrence of `vevent` (the master or an override) at `startMs`/`start`, lasting its span. */
function describe(
  vevent: ICAL.Component,
  span: Span,
  at: { start: ICAL.Time; startMs: number },
  recurrenceId: string | null,
  recurring: boolean,
): IcalOccurrence {
  let start: string;
  let end: string;
  let endMs: number;
  if (span.allDay) {
    start = dateOf(at.start);
    end = addDays(start, span.length);
    endMs = at.startMs + span.length * DAY;
  } else {
    endMs = at.startMs + span.length;
    start = new Date(at.startMs).toISOString();
    end = new Date(endMs).toISOString();
  }
  const organizer = vevent.getFirstPropertyValue('organizer');
  return {
    recurrenceId,
    title: text(vevent, 'summary') ?? '',
    start,
    end,
    allDay: span.allDay,
    timeZone: span.allDay ? null : zoneOf(vevent, span.start),
    location: text(vevent, 'location'),
    description: text(vevent, 'description'),
    attendees: attendeesOf(vevent),
    organizer: organizer ? addressOf(organizer) || null : null,
    recurring,
    transparent: String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT',
    cancelled: String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED',
    startMs: at.startMs,
    endMs,
  };
}

/** An event as it stands: its own DTSTART and length. */
function describeOwn(vevent: ICAL.Component, recurrenceId: string | null, recurring: boolean, zone: string) {
  const span = spanOf(vevent, zone);
  return describe(vevent, span, { start: span.start, startMs: span.startMs }, recurrenceId, recurring);
}

function overlaps(event: { startMs: number; endMs: number }, range: MsRange): boolean {
  // A zero-length event counts where it starts.
  return event.endMs > event.startMs
    ? event.startMs < range.to && event.endMs > range.from
    : event.startMs >= range.from && event.startMs < range.to;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * Where to start walking a series so a range years after DTSTART costs no more than a new
 * one. Only for rules where moving DTSTART by whole periods keeps every occurrence: DAILY or
 * WEEKLY, no COUNT (it counts from the real DTSTART), no RDATE, nothing but BYDAY (plain
 * weekdays, DTSTART's among them). The move is whole multiples of INTERVAL weeks, so weekday
 * and week parity stay, in wall-clock time, so the hour stays across daylight saving.
 */
function walkStart(master: ICAL.Component, span: Span, range: MsRange): ICAL.Time {
  const rules = master.getAllProperties('rrule');
  if (master.hasProperty('rdate') || rules.length !== 1) return span.start;
  const rule = rules[0]!.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || rule.count || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) {
    return span.start;
  }
  const parts = Object.keys(rule.parts ?? {});
  if (parts.some((part) => part !== 'BYDAY')) return span.start;
  const byDay = rule.getComponent('BYDAY');
  const weekday = WEEKDAYS[span.start.dayOfWeek() - 1];
  if (byDay.length && (byDay.some((day) => !WEEKDAYS.includes(String(day))) || !byDay.includes(weekday))) {
    return span.start;
  }
  const longest = span.allDay ? span.length * DAY : span.length;
  const periodDays = 7 * Math.max(1, rule.interval || 1);
  const spareDays = Math.floor((range.from - longest - span.startMs) / DAY) - 7;
  const periods = Math.floor(spareDays / periodDays);
  if (periods <= 0) return span.start;
  const moved = span.start.clone();
  moved.adjust(periods * periodDays, 0, 0, 0);
  // Past UNTIL the moved start would itself be taken for an occurrence.
  if (rule.until && rule.until.compare(moved) < 0) return span.start;
  return moved;
}

/** The EXDATEs of a master, as occurrence keys (and, for date-only EXDATEs, dates). */
function exclusionsOf(master: ICAL.Component, zone: string): (time: ICAL.Time) => boolean {
  const keys = new Set<string>();
  const dates = new Set<string>();
  for (const property of master.getAllProperties('exdate')) {
    for (const value of property.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      if (value.isDate) dates.add(dateOf(value));
      else keys.add(recurrenceKey(value, zone));
    }
  }
  return (time) => keys.has(recurrenceKey(time, zone)) || dates.has(dateOf(time));
}

function recurrenceIdOf(override: ICAL.Component): ICAL.Time {
  const time = timeProperty(override, 'recurrence-id');
  if (!time) throw new ProviderError('protocol', 'a RECURRENCE-ID that is not a time');
  return time;
}

/**
 * The occurrences of one series that overlap the range: the master's RRULE/RDATE walked with
 * ical.js's RecurExpansion (EXDATEs honoured), each occurrence replaced by its override when
 * one has that RECURRENCE-ID, and overrides moved into the range from outside the walk added.
 * RANGE=THISANDFUTURE overrides are read as single ones (iCloud splits series instead).
 */
function expandSeries(series: Series, range: MsRange, zone: string, limit: number): IcalOccurrence[] {
  const overrides = new Map<string, ICAL.Component>();
  for (const override of series.overrides)
    overrides.set(recurrenceKey(recurrenceIdOf(override), zone), override);
  const { master } = series;
  if (!master) {
    return [...overrides]
      .map(([key, override]) => describeOwn(override, key, true, zone))
      .filter((e) => overlaps(e, range));
  }
  if (!isRecurringMaster(master)) {
    const single = describeOwn(master, null, false, zone);
    return overlaps(single, range) ? [single] : [];
  }
  const span = spanOf(master, zone);
  const excluded = exclusionsOf(master, zone);
  const found: IcalOccurrence[] = [];
  const walked = new Set<string>();
  const expansion = new ICAL.RecurExpansion({ component: master, dtstart: walkStart(master, span, range) });
  while (walked.size < MAX_WALKED && found.length < limit) {
    let time: ICAL.Time | null;
    try {
      time = expansion.next();
    } catch {
      // ical.js gives up on a rule no date can satisfy; what was found stands.
      break;
    }
    if (!time) break;
    const startMs = instantOf(time, zone);
    if (startMs >= range.to) break;
    const key = recurrenceKey(time, zone);
    walked.add(key);
    const override = overrides.get(key);
    const occurrence = override
      ? describeOwn(override, key, true, zone)
      : describe(master, span, { start: time, startMs }, key, true);
    if (overlaps(occurrence, range)) found.push(occurrence);
  }
  for (const [key, override] of overrides) {
    if (found.length >= limit) break;
    if (walked.has(key) || excluded(recurrenceIdOf(override))) continue;
    const occurrence = describeOwn(override, key, true, zone);
    if (overlaps(occurrence, range)) found.push(occurrence);
  }
  return found;
}

/** Every event and occurrence of one calendar object that overlaps the range. */
export function expandCalendarObject(text: string, range: MsRange, options: ReadOptions): IcalOccurrence[] {
  const calendar = parseCalendarObject(text);
  return readCalendar(calendar, () =>
    seriesOf(calendar).flatMap((series) =>
      expandSeries(series, range, options.floatingZone, MAX_OCCURRENCES_PER_SERIES),
    ),
  );
}

/**
 * The master's own occurrence named by `key`, when the series has one (walked up to it);
 * null when it has none there. Call inside readCalendar.
 */
export function findOccurrence(master: ICAL.Component, key: string, zone: string): ICAL.Time | null {
  if (!isRecurringMaster(master)) return null;
  const at = key.length === 10 ? wallToInstant(zone, Date.parse(`${key}T00:00:00Z`)) : Date.parse(key);
  if (Number.isNaN(at)) return null;
  const span = spanOf(master, zone);
  const expansion = new ICAL.RecurExpansion({
    component: master,
    dtstart: walkStart(master, span, { from: at, to: at + 1 }),
  });
  for (let walked = 0; walked < MAX_WALKED; walked += 1) {
    let time: ICAL.Time | null;
    try {
      time = expansion.next();
    } catch {
      return null;
    }
    if (!time || instantOf(time, zone) > at) return null;
    if (recurrenceKey(time, zone) === key) return time;
  }
  return null;
}

/**
 * One event of an object as it now stands: the master (`recurrenceId` null), or the occurrence
 * `recurrenceId` names, overridden or not. A 'not_found' failure when there is none.
 */
export function describeCalendarEvent(
  text: string,
  recurrenceId: string | null,
  options: ReadOptions,
): IcalOccurrence {
  const calendar = parseCalendarObject(text);
  const zone = options.floatingZone;
  return readCalendar(calendar, () => {
    const [series] = seriesOf(calendar);
    if (!series) throw new ProviderError('not_found', 'the calendar object holds no event');
    if (recurrenceId === null) {
      if (!series.master) throw new ProviderError('not_found', 'the calendar object holds no whole event');
      return describeOwn(series.master, null, isRecurringMaster(series.master), zone);
    }
    const override = series.overrides.find((o) => recurrenceKey(recurrenceIdOf(o), zone) === recurrenceId);
    if (override) return describeOwn(override, recurrenceId, true, zone);
    const time = series.master ? findOccurrence(series.master, recurrenceId, zone) : null;
    if (!series.master || !time) throw new ProviderError('not_found', 'the series has no such occurrence');
    const span = spanOf(series.master, zone);
    return describe(series.master, span, { start: time, startMs: instantOf(time, zone) }, recurrenceId, true);
  });
}
