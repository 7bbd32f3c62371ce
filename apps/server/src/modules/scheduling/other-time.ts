import { addDays, dateIn, instantOf, zoneOrUtc } from '../../lib/zoned-time';
import { type Interval, isoWeekday } from './find-slots';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const SHORT = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const ZH_DAYS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };

/** Every ISO weekday the words name ("Thursday", "thu", "周四", "星期四"). */
function weekdaysIn(words: string): Set<number> {
  const lower = words.toLowerCase();
  const found = new Set<number>();
  WEEKDAYS.forEach((day, i) => {
    if (new RegExp(`\\b${day}\\b`).test(lower)) found.add(i + 1);
  });
  SHORT.forEach((day, i) => {
    if (new RegExp(`\\b${day}\\b`).test(lower)) found.add(i + 1);
  });
  for (const m of words.matchAll(/(?:周|星期|礼拜)([一二三四五六日天])/g)) found.add(ZH_DAYS[m[1]!]!);
  return found;
}

/** Every time of day the words name, in minutes from midnight ("3pm", "15:00", "下午3点半"). */
function clockTimesIn(words: string): Set<number> {
  const lower = words.toLowerCase();
  const found = new Set<number>();
  for (const m of lower.matchAll(/\b(\d{1,2}):(\d{2})\s*(am|pm)?\b/g)) {
    const hour = Number(m[1]);
    if (hour > 23 || Number(m[2]) > 59) continue;
    found.add(((m[3] ? (hour % 12) + (m[3] === 'pm' ? 12 : 0) : hour) % 24) * 60 + Number(m[2]));
  }
  for (const m of lower.matchAll(/\b(\d{1,2})\s*(am|pm)\b/g)) {
    const hour = Number(m[1]);
    if (hour >= 1 && hour <= 12) found.add(((hour % 12) + (m[2] === 'pm' ? 12 : 0)) * 60);
  }
  for (const m of words.matchAll(/(上午|早上|中午|下午|晚上)?\s*(\d{1,2})\s*点(半|(\d{1,2})分?)?/g)) {
    const hour = Number(m[2]);
    if (hour > 23) continue;
    const pm = (m[1] === '下午' || m[1] === '晚上') && hour < 12;
    const minutes = m[3] === '半' ? 30 : m[4] ? Number(m[4]) : 0;
    found.add(((hour % 24) + (pm ? 12 : 0)) * 60 + minutes);
  }
  return found;
}

/**
 * The one concrete time another time's words name (decision 582), or null when they do not name
 * exactly one: one weekday and one time of day ("Thursday 3pm", "周四下午3点"), read in `zone` (the
 * zone the reader was shown the slots in), on that weekday's next date after today (today's own
 * weekday is not guessed: this week's or next?), for the request's length. Code reads the words;
 * the model's reading is never the time booked.
 */
export function resolveOtherTime(
  words: string,
  input: { now: Date; zone: string; durationMinutes: number },
): Interval | null {
  const days = weekdaysIn(words);
  const times = clockTimesIn(words);
  if (days.size !== 1 || times.size !== 1) return null;
  const zone = zoneOrUtc(input.zone);
  const weekday = [...days][0]!;
  const minutes = [...times][0]!;
  const today = dateIn(input.now, zone);
  // ISO weekdays on both sides (Sunday 7): against weekdayOf's Sunday 0 the search below ran
  // forever on "Sunday 3pm".
  if (isoWeekday(today) === weekday) return null;
  let day = addDays(today, 1);
  while (isoWeekday(day) !== weekday) day = addDays(day, 1);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const start = instantOf(`${day}T${clock}`, zone);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + input.durationMinutes * 60_000).toISOString(),
  };
}
