import { addDays, dateIn, weekdayOf } from '../../apps/server/src/lib/zoned-time';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * A scenario's day (`today`, `tomorrow`, a weekday, `+N`) as a date in the person's zone. A
 * weekday is its next occurrence, today included: what people mean by "what's on Friday?", and
 * what docs/assistant-stand-in.md promises, so a scenario seeded "on: friday" is the day asked.
 */
export function resolveDay(expression: string, today: string, time = '00:00'): string {
  // `friday@15:00`: the next Friday whose 15:00 is still ahead, as the stand-in books "Friday at
  // 3pm" (said on a Friday evening, it is next week's: never a time in the past).
  const at = /^([a-z]+)@(\d{2}:\d{2})$/.exec(expression);
  if (at) {
    const date = resolveDay(at[1]!, today);
    return date === today && at[2]! <= time ? addDays(date, 7) : date;
  }
  if (expression === 'today') return today;
  if (expression === 'tomorrow') return addDays(today, 1);
  if (/^[+-]\d+$/.test(expression)) return addDays(today, Number(expression));
  const weekday = WEEKDAYS.indexOf(expression);
  if (weekday < 0) throw new Error(`not a day: ${expression}`);
  return addDays(today, (weekday - weekdayOf(today) + 7) % 7);
}

/** The person's today, from the app's clock (which every rule of the assistant reads too). */
export function todayIn(now: Date, zone: string): string {
  return dateIn(now, zone);
}

/**
 * Fills `{{today}}`, `{{tomorrow}}`, `{{friday}}`, `{{friday@15:00}}`, `{{+2}}` and `{{me}}` (the person's own
 * address) in every string of a value: expectations name days relative to when they run.
 */
export function fillTemplates<T>(value: T, vars: { today: string; me: string; time?: string }): T {
  const fill = (text: string) =>
    text.replace(/\{\{\s*([a-z+\-0-9@:]+)\s*\}\}/g, (_, name: string) => {
      if (name === 'me') return vars.me;
      // `{{weekday+2}}` / `{{zhweekday+2}}`: that day's weekday as a person writes it.
      const named = /^(zh)?weekday([+-]\d+)$/.exec(name);
      if (named) {
        // Monday 0 … Sunday 6 (weekdayOf counts from Sunday).
        const day = (weekdayOf(resolveDay(named[2]!, vars.today)) + 6) % 7;
        return named[1] ? `周${'一二三四五六日'[day]}` : WEEKDAY_NAMES[day]!;
      }
      return resolveDay(name, vars.today, vars.time);
    });
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return fill(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}
