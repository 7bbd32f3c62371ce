/**
 * Wall-clock times in IANA zones, with Intl alone: what a person means by "9:30 on the 1st in
 * Sydney" as an instant, and back. No library: Intl carries the zone database Node ships.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
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
    formatters.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC at an instant, in milliseconds (Sydney in December: +11 h). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
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
  // A zone changes its offset at most once within a day around any time, so the offsets half a
  // day either side are the only two this time can have.
  const HALF_DAY = 12 * 60 * 60_000;
  const offsets = new Set([zoneOffsetMs(wall - HALF_DAY, zone), zoneOffsetMs(wall + HALF_DAY, zone)]);
  const candidates = [...offsets].map((offset) => wall - offset);
  const valid = candidates.filter((t) => t + zoneOffsetMs(t, zone) === wall);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: no instant shows this time; read with the offset before the change, it lands
  // as far past the gap as it was into it.
  return new Date(Math.max(...candidates));
}

/** The wall-clock time (`YYYY-MM-DDTHH:mm:ss`) an instant shows in a zone. */
export function wallTimeOf(instant: Date, zone: string): string {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), zone));
  return local.toISOString().slice(0, 19);
}

/** A date-time with an offset or Z names an instant by itself; one without is wall-clock time. */
export function hasOffset(value: string): boolean {
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
}

/** The day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dateIn(instant: Date, zone: string): string {
  return wallTimeOf(instant, zone).slice(0, 10);
}

/** The instant a day (`YYYY-MM-DD`) begins in a zone. */
export function startOfDayIn(date: string, zone: string): Date {
  return instantOf(`${date}T00:00`, zone);
}
