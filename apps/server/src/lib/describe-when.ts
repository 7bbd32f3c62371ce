import { addDays } from './zoned-time';

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
