import { dateIn } from '../../lib/zoned-time';

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

const lastDays = new Map<string, readonly string[]>();

/**
 * The `count` local dates ending with today's, oldest first. Remembered per zone for the minute
 * (a local date only changes on a whole minute: every zone's offset is whole minutes): every
 * billing/info asks for the same ones.
 */
export function lastLocalDays(now: Date, timeZone: string, count: number): readonly string[] {
  const key = `${timeZone} ${count} ${Math.floor(now.getTime() / 60_000)}`;
  let days = lastDays.get(key);
  if (!days) {
    const today = Date.parse(`${dateIn(now, timeZone)}T00:00:00Z`);
    days = Array.from({ length: count }, (_, i) =>
      new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    );
    if (lastDays.size >= 1_000) lastDays.clear();
    lastDays.set(key, days);
  }
  return days;
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

const datesOfHours = new Map<string, Map<string, string>>();
let rememberedHours = 0;

/**
 * The local date of a rollup hour, remembered per zone: every billing/info asks for the same
 * few hundred recent hours (Intl formatting them was a fifth of that call's time, bench/README.md).
 */
function localDateOfHour(hour: string, timeZone: string): string {
  let dates = datesOfHours.get(timeZone);
  if (!dates) {
    dates = new Map();
    datesOfHours.set(timeZone, dates);
  }
  let date = dates.get(hour);
  if (date === undefined) {
    if (rememberedHours >= 20_000) {
      datesOfHours.clear();
      rememberedHours = 0;
      dates = new Map();
      datesOfHours.set(timeZone, dates);
    }
    date = dateIn(new Date(hour), timeZone);
    dates.set(hour, date);
    rememberedHours += 1;
  }
  return date;
}

export { DAY_MS, HOUR_MS };
