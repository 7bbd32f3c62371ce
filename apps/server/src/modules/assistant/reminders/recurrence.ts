import ICAL from 'ical.js';
import { instantOf, wallTimeOf } from '../../../lib/zoned-time';

/** Occurrences looked through for the next one: ten years of a daily rule. */
const MAX_STEPS = 4000;

/** An RRULE (without the `RRULE:` prefix) ical.js can read, with a frequency; null when not. */
export function readRule(rule: string): string | null {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (!/FREQ=/i.test(text) || text.length > 300) return null;
  try {
    const recur = ICAL.Recur.fromString(text);
    // A rule faster than daily is not a reminder the person wants by SMS.
    if (!['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(recur.freq)) return null;
    return recur.toString();
  } catch {
    return null;
  }
}

/**
 * The first occurrence of `rule` after `after`: the rule runs over wall-clock times from
 * `startLocal` (YYYY-MM-DDTHH:mm) in `zone`, each read as an instant there, so "every weekday at
 * 8" stays at 8 across a clock change (a time skipped by the change fires an hour on). Null when
 * the rule has ended.
 */
export function nextOccurrence(rule: string, startLocal: string, zone: string, after: Date): Date | null {
  const recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, ''));
  const [date, time] = startLocal.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const dtstart = ICAL.Time.fromData({ year, month, day, hour, minute, second: 0, isDate: false });
  const iterator = recur.iterator(dtstart);
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = iterator.next();
    if (!next) return null;
    const local = `${pad(next.year, 4)}-${pad(next.month)}-${pad(next.day)}T${pad(next.hour)}:${pad(next.minute)}`;
    const at = instantOf(local, zone);
    if (at > after) return at;
  }
  return null;
}

/** The local wall-clock time of an instant in a zone (YYYY-MM-DDTHH:mm). */
export function localOf(instant: Date, zone: string): string {
  return wallTimeOf(instant, zone).slice(0, 16);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
