/**
 * IANA zones from the runtime's tz database (Intl): the offset at an instant, the instant a
 * wall-clock time names, and the transitions in a span. Expanding a recurring series asks for
 * offsets thousands of times and Intl is slow, so each zone's year is scanned once (its
 * transitions found week by week, then to the second) and kept.
 */

const DAY = 86_400_000;
/**
 * The scan's step: two changes less than a week apart would go unseen. None has happened in
 * decades (the shortest, Morocco's Ramadan pauses, last about a month).
 */
const STEP = 7 * DAY;
/** Zone-years kept; a handful of zones over a few years is the usual working set. */
const MAX_CACHED_YEARS = 500;

export interface ZoneTransition {
  /** The instant (ms) the new offset starts. */
  at: number;
  /** Offsets (ms ahead of UTC) before and from then on. */
  from: number;
  to: number;
}

interface ZoneYear {
  startOffset: number;
  transitions: ZoneTransition[];
}

const formats = new Map<string, Intl.DateTimeFormat>();
const years = new Map<string, ZoneYear>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    // Throws a RangeError for a name the runtime does not know; callers check names first.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The offset straight from Intl, in ms; one formatToParts per call. */
function intlOffset(zone: string, instant: number): number {
  const parts: Record<string, string> = {};
  for (const part of formatOf(zone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return wall.getTime() - Math.floor(instant / 1000) * 1000;
}

function zoneYear(zone: string, year: number): ZoneYear {
  const key = `${zone}\n${year}`;
  const known = years.get(key);
  if (known) return known;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const startOffset = intlOffset(zone, start);
  const transitions: ZoneTransition[] = [];
  let previous = startOffset;
  for (let from = start; from < end; from += STEP) {
    const to = Math.min(from + STEP, end);
    const offset = intlOffset(zone, to);
    if (offset === previous) continue;
    // The first second with the new offset lies in (low, high].
    let low = from;
    let high = to;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (intlOffset(zone, middle) === previous) low = middle;
      else high = middle;
    }
    if (high < end) transitions.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  if (years.size >= MAX_CACHED_YEARS) years.clear();
  const found = { startOffset, transitions };
  years.set(key, found);
  return found;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
export function offsetAt(zone: string, instant: number): number {
  const { startOffset, transitions } = zoneYear(zone, new Date(instant).getUTCFullYear());
  let offset = startOffset;
  for (const transition of transitions) if (transition.at <= instant) offset = transition.to;
  return offset;
}

/**
 * The instant a wall-clock time names in the zone, the wall time given as if it were UTC
 * (`Date.UTC(...)` of its fields). RFC 5545 §3.3.5: a time skipped by a change is read with
 * the offset before the change; a time that happens twice is its first occurrence.
 */
export function wallToInstant(zone: string, wall: number): number {
  const before = offsetAt(zone, wall - DAY);
  const after = offsetAt(zone, wall + DAY);
  const valid = [before, after]
    .filter((offset) => offsetAt(zone, wall - offset) === offset)
    .map((offset) => wall - offset);
  return valid.length ? Math.min(...valid) : wall - before;
}

/** The wall-clock time (as if UTC) of an instant in the zone. */
export function instantToWall(zone: string, instant: number): number {
  return instant + offsetAt(zone, instant);
}

/** The zone's transitions from `from` to `to` (ms), oldest first. */
export function transitionsBetween(zone: string, from: number, to: number): ZoneTransition[] {
  const found: ZoneTransition[] = [];
  const last = new Date(to).getUTCFullYear();
  for (let year = new Date(from).getUTCFullYear(); year <= last; year += 1) {
    for (const transition of zoneYear(zone, year).transitions) {
      if (transition.at >= from && transition.at <= to) found.push(transition);
    }
  }
  return found;
}
