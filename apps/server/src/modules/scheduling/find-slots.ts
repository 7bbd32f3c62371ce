import {
  addDays,
  dateIn,
  instantOf,
  startOfDayIn,
  wallTimeOf,
  weekdayOf,
  zoneOrUtc,
} from '../../lib/zoned-time';

/**
 * Finding times for a meeting (issue 32): deterministic code chooses the slots, the model only
 * words them. Pure: no I/O, no clock (`now` is an input), so the same question always gets the
 * same answer. Decisions 540-542.
 */

/** Two instants (ISO), start inclusive, end exclusive. */
export interface Interval {
  start: string;
  end: string;
}

/**
 * A time someone is busy. An event with a place may say how long getting there and back takes:
 * that much is kept free before and after it. An all-day event (`allDay`, or dates `YYYY-MM-DD`
 * with the end exclusive, as calendars give them) is busy for the whole of its local days.
 */
export interface BusyInterval extends Interval {
  travelMinutes?: number;
  allDay?: boolean;
}

/** ISO weekdays (1 Monday … 7 Sunday) and local 'HH:MM' times; `end` may be '24:00'. */
export interface WorkingHours {
  days: number[];
  start: string;
  end: string;
}

export interface SchedulingPreferences {
  /** No meeting starts before this local time ('HH:MM'). */
  notBefore?: string;
  /** No meeting ends after this local time ('HH:MM'). */
  notAfter?: string;
  /** No meeting touches this part of that weekday (ISO weekday, local 'HH:MM'-'HH:MM'). */
  avoid: { weekday: number; from: string; to: string }[];
  /** ISO weekdays without meetings. */
  noMeetingDays?: number[];
}

/**
 * Someone else in the meeting. `busy` null: their calendar is not visible to us, so it blocks
 * nothing. `zone` null: unknown, so their working hours clip nothing.
 */
export interface Participant {
  email: string;
  zone: string | null;
  busy: BusyInterval[] | null;
  /** Their working hours in their own zone; the default ones when not known. */
  workingHours?: WorkingHours;
}

export interface SlotQuery {
  now: Date;
  window: Interval;
  durationMinutes: number;
  /** The person's zone (IANA). */
  zone: string;
  workingHours: WorkingHours;
  preferences: SchedulingPreferences;
  /** The person's busy times, from all their calendars, merged or not. */
  busy: BusyInterval[];
  others: Participant[];
  /** How many slots to propose; 3 by default. */
  count?: number;
  /** The grid slots start on, in minutes from the working day's start; 30 by default. */
  stepMinutes?: number;
}

export interface SlotResult {
  /** Chronological; empty when nothing fits. */
  slots: Interval[];
  /** When nothing fits: the window of the same length right after this one, to offer instead. */
  nextWindow: Interval | null;
}

export const DEFAULT_WORKING_HOURS: WorkingHours = { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
export const DEFAULT_SLOT_COUNT = 3;
export const DEFAULT_STEP_MINUTES = 30;
/** Parts of the day a spread tells apart: before and after this local time. */
const NOON = 12 * 60;
const MINUTE = 60_000;

/** Minutes since local midnight of 'HH:MM' ('24:00' is 1440); null when it is not a time. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 24 * 60 ? minutes : null;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** ISO weekday (1 Monday … 7 Sunday) of a date. */
export function isoWeekday(date: string): number {
  return weekdayOf(date) || 7;
}

/**
 * How an instant span looks on a zone's clock: its start's date, weekday and minute of the day,
 * and its end's minute counted from that same midnight (past 1440 when it ends the next day).
 */
interface LocalSpan {
  date: string;
  weekday: number;
  from: number;
  to: number;
}

function localSpan(start: number, end: number, zone: string): LocalSpan {
  const s = wallTimeOf(new Date(start), zone);
  const e = wallTimeOf(new Date(end), zone);
  const date = s.slice(0, 10);
  const dayMinutes = (wall: string) => Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
  let to = dayMinutes(e);
  for (let day = date; day < e.slice(0, 10); day = addDays(day, 1)) to += 24 * 60;
  return { date, weekday: isoWeekday(date), from: dayMinutes(s), to };
}

/** Inside working hours: a working weekday, starting and ending within the day's hours. */
function withinHours(span: LocalSpan, hours: WorkingHours): boolean {
  const start = minutesOf(hours.start) ?? 0;
  const end = minutesOf(hours.end) ?? 24 * 60;
  return hours.days.includes(span.weekday) && span.from >= start && span.to <= end;
}

function respectsPreferences(span: LocalSpan, preferences: SchedulingPreferences): boolean {
  if (preferences.noMeetingDays?.includes(span.weekday)) return false;
  const notBefore = preferences.notBefore ? minutesOf(preferences.notBefore) : null;
  if (notBefore !== null && span.from < notBefore) return false;
  const notAfter = preferences.notAfter ? minutesOf(preferences.notAfter) : null;
  if (notAfter !== null && span.to > notAfter) return false;
  return !preferences.avoid.some((rule) => {
    if (rule.weekday !== span.weekday) return false;
    const from = minutesOf(rule.from) ?? 0;
    const to = minutesOf(rule.to) ?? 24 * 60;
    return span.from < to && from < span.to;
  });
}

/** A busy interval as instants (ms), all-day events over their local days, travel added. */
function toSpan(busy: BusyInterval, zone: string): [number, number] | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  let start: number;
  let end: number;
  if (busy.allDay || dateOnly.test(busy.start)) {
    const first = busy.start.slice(0, 10);
    const after = dateOnly.test(busy.end) ? busy.end : addDays(busy.end.slice(0, 10), 1);
    start = startOfDayIn(first, zone).getTime();
    end = startOfDayIn(after > first ? after : addDays(first, 1), zone).getTime();
  } else {
    start = Date.parse(busy.start);
    end = Date.parse(busy.end);
  }
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  const travel = Math.max(0, busy.travelMinutes ?? 0) * MINUTE;
  return [start - travel, end + travel];
}

/** Busy times of several calendars and people as one sorted list without overlaps. */
function mergeBusy(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Whether [start, end) touches a merged busy span (binary search). */
function overlapsBusy(busy: [number, number][], start: number, end: number): boolean {
  let low = 0;
  let high = busy.length;
  // The first span that ends after the slot starts.
  while (low < high) {
    const mid = (low + high) >> 1;
    if (busy[mid]![1] <= start) low = mid + 1;
    else high = mid;
  }
  return low < busy.length && busy[low]![0] < end;
}

interface Candidate {
  start: number;
  end: number;
  date: string;
  part: 'morning' | 'afternoon';
}

/** Why a time is not a slot; `checkSlot` names the first that applies. */
export type SlotProblem =
  | 'past'
  | 'outside_window'
  | 'outside_hours'
  | 'preferences'
  | 'others_hours'
  | 'busy';

/** What every check of one query shares, worked out once. */
interface Rules {
  zone: string;
  from: number;
  until: number;
  busy: [number, number][];
  others: { zone: string; hours: WorkingHours }[];
}

function rulesOf(query: SlotQuery): Rules {
  return {
    zone: zoneOrUtc(query.zone),
    from: Math.max(Date.parse(query.window.start), query.now.getTime()),
    until: Date.parse(query.window.end),
    busy: knownBusy(query, zoneOrUtc(query.zone)),
    others: query.others
      .filter((other) => other.zone !== null)
      .map((other) => ({ zone: zoneOrUtc(other.zone!), hours: other.workingHours ?? DEFAULT_WORKING_HOURS })),
  };
}

function problemOf(query: SlotQuery, rules: Rules, start: number, end: number): SlotProblem | null {
  if (start < query.now.getTime()) return 'past';
  if (start < rules.from || end > rules.until) return 'outside_window';
  const span = localSpan(start, end, rules.zone);
  if (!withinHours(span, query.workingHours)) return 'outside_hours';
  if (!respectsPreferences(span, query.preferences)) return 'preferences';
  if (!rules.others.every((other) => withinHours(localSpan(start, end, other.zone), other.hours))) {
    return 'others_hours';
  }
  return overlapsBusy(rules.busy, start, end) ? 'busy' : null;
}

/**
 * Every slot that fits, earliest first: on the step grid of the person's working day, on a wall
 * time that exists (02:30 on the day clocks skip it does not), never before `now`, inside the
 * window, everyone's working hours and the person's preferences, clear of every known busy time.
 */
function candidates(query: SlotQuery): Candidate[] {
  const rules = rulesOf(query);
  const { zone, from, until } = rules;
  if (!(until > from)) return [];
  const duration = query.durationMinutes * MINUTE;
  const step = query.stepMinutes ?? DEFAULT_STEP_MINUTES;
  const hours = query.workingHours;
  const dayStart = minutesOf(hours.start) ?? 0;
  const dayEnd = minutesOf(hours.end) ?? 24 * 60;
  const found: Candidate[] = [];
  const last = dateIn(new Date(until), zone);
  for (let date = dateIn(new Date(from), zone); date <= last; date = addDays(date, 1)) {
    if (!hours.days.includes(isoWeekday(date))) continue;
    // The end is checked on the clock: across a clock change a day has 23 or 25 hours.
    for (let minute = dayStart; minute < Math.min(dayEnd, 24 * 60); minute += step) {
      const wall = `${date}T${hhmm(minute)}`;
      const start = instantOf(wall, zone).getTime();
      if (wallTimeOf(new Date(start), zone).slice(0, 16) !== wall) continue; // skipped by the clocks
      const end = start + duration;
      if (problemOf(query, rules, start, end) !== null) continue;
      const part = localSpan(start, end, zone).from < NOON ? 'morning' : 'afternoon';
      found.push({ start, end, date, part });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * A few slots spread out rather than three half-hours in a row: each pick is the earliest of the
 * best tier left (a new day in a part of the day not yet offered; a new day; a new part of a
 * used day; apart from every pick by at least a step; anything that does not overlap a pick).
 */
function spread(found: Candidate[], count: number, stepMs: number): Candidate[] {
  const picked: Candidate[] = [];
  const tiers: ((c: Candidate) => boolean)[] = [
    (c) => !picked.some((p) => p.date === c.date) && !picked.some((p) => p.part === c.part),
    (c) => !picked.some((p) => p.date === c.date),
    (c) => !picked.some((p) => p.date === c.date && p.part === c.part),
    (c) => picked.every((p) => c.end + stepMs <= p.start || p.end + stepMs <= c.start),
  ];
  while (picked.length < count) {
    const open = found.filter((c) => picked.every((p) => c.end <= p.start || p.end <= c.start));
    const next = tiers.map((tier) => open.find(tier)).find(Boolean) ?? open[0];
    if (!next) break;
    picked.push(next);
  }
  return picked.sort((a, b) => a.start - b.start);
}

/** Everyone's known busy times as instants, merged. */
function knownBusy(query: SlotQuery, zone: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const busy of query.busy) {
    const span = toSpan(busy, zone);
    if (span) spans.push(span);
  }
  for (const other of query.others) {
    // Their all-day events are their own local days; ours when their zone is unknown.
    const otherZone = other.zone ? zoneOrUtc(other.zone) : zone;
    for (const busy of other.busy ?? []) {
      const span = toSpan(busy, otherZone);
      if (span) spans.push(span);
    }
  }
  return mergeBusy(spans);
}

function checked(query: SlotQuery): void {
  if (!(query.durationMinutes > 0)) throw new RangeError('durationMinutes must be positive');
  if (!((query.stepMinutes ?? DEFAULT_STEP_MINUTES) > 0))
    throw new RangeError('stepMinutes must be positive');
}

const toInterval = (c: Candidate): Interval => ({
  start: new Date(c.start).toISOString(),
  end: new Date(c.end).toISOString(),
});

/**
 * Every slot on the grid that fits the query, earliest first, overlapping one another: what a
 * caller checks a time against ("Priya suggests Thursday 3pm": is it one of these?).
 */
export function openSlots(query: SlotQuery): Interval[] {
  checked(query);
  return candidates(query).map(toInterval);
}

/**
 * Whether a given time (off the grid too: "Priya suggests Thursday 3:10pm") fits the query, and
 * if not the first reason: in the past, outside the window, outside the person's working hours,
 * against their preferences, outside another participant's working hours, or busy. Its own
 * length counts, not `durationMinutes`.
 */
export function checkSlot(query: SlotQuery, slot: Interval): SlotProblem | null {
  checked(query);
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) throw new RangeError('not a time span');
  return problemOf(query, rulesOf(query), start, end);
}

/** A few good slots, spread out, or none and the window to offer next. */
export function findSlots(query: SlotQuery): SlotResult {
  checked(query);
  const step = query.stepMinutes ?? DEFAULT_STEP_MINUTES;
  const count = Math.max(1, query.count ?? DEFAULT_SLOT_COUNT);
  const slots = spread(candidates(query), count, step * MINUTE).map(toInterval);
  if (slots.length > 0) return { slots, nextWindow: null };
  const start = Date.parse(query.window.start);
  const end = Date.parse(query.window.end);
  const length = Math.max(end - start, 0);
  return {
    slots: [],
    nextWindow: { start: new Date(end).toISOString(), end: new Date(end + length).toISOString() },
  };
}

/** How far past the window asked `nextOpenWindow` looks: four more windows, at most 28 days. */
const LOOK_AHEAD_WINDOWS = 4;
const LOOK_AHEAD_DAYS = 28;
const ONE_DAY = 24 * 60 * MINUTE;

/**
 * The time after the window asked that `nextOpenWindow` may look through: the caller reads
 * everyone's busy time over it (decision 588). Windows step by the window's length, a day at least.
 */
export function lookAheadRange(window: Interval): Interval {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  const step = Math.max(end - start, ONE_DAY);
  const limit = end + Math.min(step * LOOK_AHEAD_WINDOWS, LOOK_AHEAD_DAYS * ONE_DAY);
  return { start: new Date(end).toISOString(), end: new Date(limit).toISOString() };
}

/**
 * When nothing fits the window asked (decision 588): the first window of the same length (a day
 * at least) after it in which `findSlots` finds a slot, within `lookAheadRange`; the query's busy
 * times must cover that range. Null when none has time: the caller offers the adjacent window.
 */
export function nextOpenWindow(query: SlotQuery): Interval | null {
  checked(query);
  const start = Date.parse(query.window.start);
  const end = Date.parse(query.window.end);
  const step = Math.max(end - start, ONE_DAY);
  const limit = Date.parse(lookAheadRange(query.window).end);
  for (let from = end; from + step <= limit; from += step) {
    const window = { start: new Date(from).toISOString(), end: new Date(from + step).toISOString() };
    if (findSlots({ ...query, window, count: 1 }).slots.length > 0) return window;
  }
  return null;
}
