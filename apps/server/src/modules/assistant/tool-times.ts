import { addDays, hasOffset, instantOf, startOfDayIn, wallTimeOf } from '../../lib/zoned-time';

/**
 * Times as a model writes them (a date, a local date-time in the person's zone, or an instant)
 * turned into instants, and instants back into the person's local time for the model to read.
 * Anything unreadable is null: the tool answers the model with an error it can correct.
 */
export function toInstant(value: string, zone: string): string | null {
  try {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return startOfDayIn(value, zone).toISOString();
    if (hasOffset(value)) {
      const at = Date.parse(value);
      return Number.isNaN(at) ? null : new Date(at).toISOString();
    }
    return instantOf(value, zone).toISOString();
  } catch {
    return null;
  }
}

/** `2026-12-01T09:30` as the person's clock shows an instant. */
export function localTime(instant: string, zone: string): string {
  return wallTimeOf(new Date(instant), zone).slice(0, 16);
}

export function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The day after a date: an all-day event's exclusive end. */
export function nextDay(date: string): string {
  return addDays(date, 1);
}

/** How an event's time reads in a text; in lib/ because scheduling writes slots the same way. */
export { describeWhen } from '../../lib/describe-when';
