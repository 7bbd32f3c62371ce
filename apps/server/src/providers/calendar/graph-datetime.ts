import { toIana } from './windows-zones';

/**
 * Graph's dateTimeTimeZone: a wall-clock time with no offset and up to seven fractional digits
 * ("2026-12-01T09:30:00.0000000"), read in a zone named the Windows or the IANA way. Reading it
 * as UTC whatever the zone is the bug issue 20 names, so every reading goes through here.
 */
export interface GraphDateTime {
  dateTime: string;
  timeZone?: string | null | undefined;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;
const WITH_OFFSET = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/** The UTC instant (ISO) a Graph time names; null when the text or the zone cannot be read. */
export function graphInstant(value: GraphDateTime): string | null {
  const text = value.dateTime.trim();
  if (WITH_OFFSET.test(text)) {
    const at = Date.parse(text);
    return Number.isNaN(at) ? null : new Date(at).toISOString();
  }
  const match = WALL_CLOCK.exec(text);
  const zone = toIana(value.timeZone ?? 'UTC');
  if (!match || !zone) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = ''] = match;
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  if (Number.isNaN(wall)) return null;
  return new Date(zonedToUtc(wall, zone)).toISOString();
}

/** The date part of a Graph time as written: all-day events are midnight to midnight in any zone. */
export function graphDate(value: GraphDateTime): string | null {
  const match = WALL_CLOCK.exec(value.dateTime.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The wall-clock time (`2026-12-02T09:00:00`) an instant shows in a zone: what Graph is sent. */
export function wallClockIn(instant: string, zone: string): string {
  const parts = partsIn(Date.parse(instant), zone);
  return `${parts.date}T${parts.time}`;
}

/** The date (`2026-12-02`) an instant falls on in a zone. */
export function dateIn(instant: string, zone: string): string {
  return partsIn(Date.parse(instant), zone).date;
}

/** The instant a date's midnight is in a zone (an all-day event's start, for free/busy). */
export function midnightIn(date: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(zonedToUtc(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1), zone)).toISOString();
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

function partsIn(at: number, zone: string): { date: string; time: string; wall: number } {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return { date, time, wall: Date.parse(`${date}T${time}Z`) };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, zone: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  return partsIn(whole, zone).wall - whole;
}

/**
 * The instant a wall-clock time (given as if it were UTC) names in a zone. The second pass takes
 * the offset at the first answer, which settles times near a daylight-saving change; a time the
 * change skips reads with the offset before it, as calendars show it.
 */
function zonedToUtc(wall: number, zone: string): number {
  const first = wall - offsetAt(wall, zone);
  return wall - offsetAt(first, zone);
}
