/**
 * Days and wall-clock times in the person's zone, with Intl alone: the sample workspace lays its
 * week out in the days the person lives in (a stand-up at 09:30 in Sydney is 09:30 there).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let found = formats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
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

/** The wall clock an instant shows in a zone, read as if it were UTC (ms). */
function wallClock(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    format(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dateIn(instant: Date, zone: string): string {
  return new Date(wallClock(instant.getTime(), zone)).toISOString().slice(0, 10);
}

/** The instant of a wall-clock time (`HH:mm`) on a day in a zone, as an ISO string. */
export function instantAt(date: string, time: string, zone: string): string {
  const wall = Date.parse(`${date}T${time}:00.000Z`);
  // Two passes settle the offset across a change of offset (the second uses the answer's own).
  let instant = wall - (wallClock(wall, zone) - wall);
  instant = wall - (wallClock(instant, zone) - instant);
  return new Date(instant).toISOString();
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday, as Date#getUTCDay. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}
