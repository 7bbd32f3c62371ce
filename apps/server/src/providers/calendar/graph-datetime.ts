import { wallToInstant } from '../../lib/iana-zone';
import { hasOffset } from '../../lib/zoned-time';
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

/** The UTC instant (ISO) a Graph time names; null when the text or the zone cannot be read. */
export function graphInstant(value: GraphDateTime): string | null {
  const text = value.dateTime.trim();
  if (hasOffset(text)) {
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
  return new Date(wallToInstant(zone, wall)).toISOString();
}

/** The date part of a Graph time as written: all-day events are midnight to midnight in any zone. */
export function graphDate(value: GraphDateTime): string | null {
  const match = WALL_CLOCK.exec(value.dateTime.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
