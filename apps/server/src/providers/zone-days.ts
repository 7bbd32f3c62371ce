/**
 * Days as a person in a zone lives them, with Intl alone: the date an instant falls on there,
 * and the instant a date begins there.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let found = formats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      // A zone Intl does not know would throw from deep inside an adapter; UTC is the person's
      // zone when they never set one anyway.
      timeZone: isZone(zone) ? zone : 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, found);
  }
  return found;
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function wallClock(instant: number, zone: string): Record<string, string> {
  return Object.fromEntries(
    format(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
}

/** `YYYY-MM-DD` of the day an instant falls on in a zone. */
export function dayIn(instant: number, zone: string): string {
  const parts = wallClock(instant, zone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function offsetMs(instant: number, zone: string): number {
  const parts = wallClock(instant, zone);
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
 * The instant a date (`YYYY-MM-DD`) begins in a zone, in epoch milliseconds. The second pass
 * settles a day whose midnight sits across an offset change; a zone that skips midnight itself
 * begins the day at the first instant after the gap, near enough for a search bound.
 */
export function startOfDayIn(date: string, zone: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  const first = wall - offsetMs(wall, zone);
  return wall - offsetMs(first, zone);
}
