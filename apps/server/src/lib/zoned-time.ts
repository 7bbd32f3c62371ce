import { isIanaZone } from '@app/contract/usage/time-zone';
import { instantToWall, offsetAt, wallToInstant } from './iana-zone';

/**
 * Dates and wall-clock times in IANA zones as the workspace writes them (`2026-12-01`,
 * `2026-12-01T09:30`): what a person means by "9:30 on the 1st in Sydney" as an instant, and
 * back. The zone arithmetic is iana-zone.ts's; this is its text and Date face.
 */

const DAY = 86_400_000;

/** The zone's offset from UTC at an instant, in milliseconds (Sydney in December: +11 h). */
export function zoneOffsetMs(instant: number, zone: string): number {
  return offsetAt(zone, instant);
}

/**
 * The instant a wall-clock time (`2026-12-01T09:30` or with seconds) names in a zone. A time the
 * zone skips (the hour lost when clocks go forward) moves forward by the gap, as calendar apps
 * do; a time it repeats (the hour gained) takes the first, earlier one.
 */
export function instantOf(localDateTime: string, zone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(localDateTime);
  if (!match) throw new RangeError(`not a wall-clock time: ${localDateTime}`);
  const [, y, mo, d, h, mi, s] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return new Date(wallToInstant(zone, wall));
}

/** The wall-clock time (`YYYY-MM-DDTHH:mm:ss`) an instant shows in a zone. */
export function wallTimeOf(instant: Date, zone: string): string {
  return new Date(instantToWall(zone, instant.getTime())).toISOString().slice(0, 19);
}

/** A date-time with an offset or Z names an instant by itself; one without is wall-clock time. */
export function hasOffset(value: string): boolean {
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
}

/** The day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dateIn(instant: Date, zone: string): string {
  return wallTimeOf(instant, zone).slice(0, 10);
}

/**
 * The instant a day (`YYYY-MM-DD`) begins in a zone; in a zone whose clocks skip midnight, the
 * first instant after the gap.
 */
export function startOfDayIn(date: string, zone: string): Date {
  return instantOf(`${date}T00:00`, zone);
}

/**
 * The zone, or UTC (the person's zone when they never set one) for a name the runtime does not
 * know: a stored zone would otherwise throw from deep inside an adapter.
 */
export function zoneOrUtc(zone: string): string {
  return isIanaZone(zone) ? zone : 'UTC';
}

/** A date (`YYYY-MM-DD`) some days later (earlier, for a negative count). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday, as Date#getUTCDay. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}
