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

const DAY_FORMATS = {
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  zh: new Intl.DateTimeFormat('zh-CN', { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }),
} as const;

/**
 * When an event happens, as a person reads it in a text: "Thu 26 Nov, 12:00–13:00", or
 * "11月26日周四 12:00–13:00"; all-day events by their days. Takes the person's local times.
 */
export function describeWhen(start: string, end: string, allDay: boolean, language: 'en' | 'zh'): string {
  const day = (date: string) => DAY_FORMATS[language].format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
  const separator = language === 'zh' ? ' ' : ', ';
  if (allDay) {
    const last = addDays(end, -1);
    return last <= start ? day(start) : `${day(start)} – ${day(last)}`;
  }
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  const time = (value: string) => value.slice(11, 16);
  return sameDay
    ? `${day(start)}${separator}${time(start)}–${time(end)}`
    : `${day(start)}${separator}${time(start)} – ${day(end)}${separator}${time(end)}`;
}
