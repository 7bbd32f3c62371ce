const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The rollup key of the UTC hour an instant falls in: the ISO time the hour starts. */
export function hourKey(at: Date): string {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
}

/**
 * The first rollup hour that belongs to a period starting at `start`: the hour a period starts in
 * belongs to it (an hour is never split, so no hour counts in two periods). Counting it with the
 * period before would hide a newcomer's first hour, or a new plan's, from its own period.
 */
export function firstHourFrom(start: Date): string {
  return new Date(Math.floor(start.getTime() / HOUR_MS) * HOUR_MS).toISOString();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in an IANA zone (en-CA formats dates that way). */
export function localDate(at: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** The `count` local dates ending with today's, oldest first. */
export function lastLocalDays(now: Date, timeZone: string, count: number): string[] {
  const today = Date.parse(`${localDate(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Rollup hours are UTC; a day is local. Each hour is given to the local day it starts in, which
 * is exact for whole-hour offsets and at most half an hour off in zones like Asia/Kolkata.
 */
export function sumByLocalDay(
  hours: readonly { hour: string; tokens: number }[],
  days: readonly string[],
  timeZone: string,
): Record<string, { tokens: number }> {
  const result: Record<string, { tokens: number }> = {};
  for (const day of days) result[day] = { tokens: 0 };
  for (const { hour, tokens } of hours) {
    const bucket = result[localDateOfHour(hour, timeZone)];
    if (bucket) bucket.tokens += tokens;
  }
  return result;
}

const datesOfHours = new Map<string, string>();

/**
 * localDate of a rollup hour, remembered: every billing/info formats the same few hundred recent
 * hours, and Intl formatting was a fifth of that call's time (bench/README.md).
 */
function localDateOfHour(hour: string, timeZone: string): string {
  const key = `${timeZone} ${hour}`;
  let date = datesOfHours.get(key);
  if (date === undefined) {
    if (datesOfHours.size >= 20_000) datesOfHours.clear();
    date = localDate(new Date(hour), timeZone);
    datesOfHours.set(key, date);
  }
  return date;
}

export { DAY_MS, HOUR_MS };
