import type { TAssistantMessage } from '@app/contract/assistant/screen';
import { intlLocale } from '@/lib/format';

export interface DayGroup {
  /** The local day, `YYYY-MM-DD`, in the zone the groups were made in. */
  day: string;
  messages: TAssistantMessage[];
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of a moment in a zone, as `YYYY-MM-DD`. */
export function dayKey(iso: string | number, timeZone: string): string {
  let format = dayKeyFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayKeyFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * Messages (oldest first) in runs of one local day each, in the zone the assistant keeps for
 * the person: a text at 23:30 in Sydney belongs to that Sydney evening wherever the browser is.
 */
export function groupByDay(messages: TAssistantMessage[], timeZone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const day = dayKey(message.createdAt, timeZone);
    const last = groups.at(-1);
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

/** The day before a `YYYY-MM-DD` day, counted on the calendar (no clock, so no daylight-saving hour). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A day separator's words: "Today", "Yesterday", else the weekday and date in the reader's
 * language ("Monday, November 23", "11月23日星期一"), with the year when it is not this one.
 */
export function dayLabel(
  day: string,
  { now, timeZone, language }: { now: number; timeZone: string; language: string | undefined },
  words: { today: string; yesterday: string },
): string {
  const today = dayKey(now, timeZone);
  if (day === today) return words.today;
  if (day === dayBefore(today)) return words.yesterday;
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    // The day is already local: drawn at noon UTC in UTC, it is that date whatever the browser's zone.
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
