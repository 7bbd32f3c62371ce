import { addDays, weekdayOf } from '../../lib/zoned-time';

/**
 * Days, times of day and durations as people text them, in English and Chinese, for the local
 * stand-in model. Everything is read against the person's local "now" from the system prompt,
 * never the machine's clock, so the same message gives the same answer in every test.
 * Each finder also returns the words it matched, so a title can be made of what is left.
 */

/** The person's local date (`YYYY-MM-DD`) and time (`HH:mm`), from the prompt's facts. */
export interface LocalNow {
  date: string;
  time: string;
}

export interface Found<T> {
  value: T;
  /** The words that said it, to strip from a title. */
  words: string;
}

const EN_WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const ZH_WEEKDAYS: Record<string, number> = {
  日: 0,
  天: 0,
  '7': 0,
  一: 1,
  '1': 1,
  二: 2,
  '2': 2,
  三: 3,
  '3': 3,
  四: 4,
  '4': 4,
  五: 5,
  '5': 5,
  六: 6,
  '6': 6,
};

/**
 * A plain weekday is its next occurrence, today included ("on Wednesday", said on a Wednesday,
 * is today). "next Friday" and 下周五 are the Friday of next week (weeks start on Monday), the
 * way 下周 is always read in Chinese.
 */
function weekdayDate(today: string, target: number, nextWeek: boolean): string {
  const todayDay = weekdayOf(today);
  if (!nextWeek) return addDays(today, (target - todayDay + 7) % 7);
  const mondayBased = (day: number) => (day + 6) % 7;
  return addDays(today, 7 - mondayBased(todayDay) + mondayBased(target));
}

/** The day a message names, or null when it names none. */
export function findDay(text: string, now: LocalNow): Found<string> | null {
  const relative: [RegExp, number][] = [
    [/\b(?:the\s+)?day\s+after\s+tomorrow\b/i, 2],
    [/\b(?:tomorrow|tmrw|tmr)\b/i, 1],
    [/\b(?:today|tonight)\b/i, 0],
    [/大后天/, 3],
    [/后天/, 2],
    [/明天|明日|明早|明晚/, 1],
    [/今天|今日|今晚|今早/, 0],
  ];
  for (const [pattern, days] of relative) {
    const match = pattern.exec(text);
    if (match) return { value: addDays(now.date, days), words: match[0] };
  }
  const en = new RegExp(`\\b(?:on\\s+)?(?:(next|this)\\s+)?(${EN_WEEKDAYS.join('|')})s?\\b`, 'i').exec(text);
  if (en) {
    const target = EN_WEEKDAYS.indexOf(en[2]!.toLowerCase());
    return { value: weekdayDate(now.date, target, en[1]?.toLowerCase() === 'next'), words: en[0] };
  }
  const zh = /(下|这|本)?个?(?:周|星期|礼拜)([一二三四五六日天1-7])/.exec(text);
  if (zh) return { value: weekdayDate(now.date, ZH_WEEKDAYS[zh[2]!]!, zh[1] === '下'), words: zh[0] };
  return null;
}

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** `12`, `十二`, `二十三`, `四十五`: the numbers a time or a duration is written with. */
export function numberOf(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const ten = text.indexOf('十');
  if (ten === -1) return text.length === 1 && text in ZH_DIGITS ? ZH_DIGITS[text]! : null;
  const tens = ten === 0 ? 1 : ZH_DIGITS[text.slice(0, ten)];
  const rest = text.slice(ten + 1);
  const ones = rest === '' ? 0 : ZH_DIGITS[rest];
  return tens === undefined || ones === undefined || rest.length > 1 ? null : tens * 10 + ones;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An hour said without am/pm: 1 to 7 are afternoon ("lunch at 1", "call at 3", 下午 implied),
 * 8 to 12 as written; evening words make it pm, morning words keep it am.
 */
function clockTime(hour: number, minute: number, half: 'am' | 'pm' | null): string | null {
  if (hour > 23 || minute > 59) return null;
  let h = hour;
  if (half === 'pm' && h < 12) h += 12;
  else if (half === 'am' && h === 12) h = 0;
  else if (half === null && h >= 1 && h <= 7) h += 12;
  return `${pad(h)}:${pad(minute)}`;
}

/** The time of day (`HH:mm`) a message names, or null. */
export function findTime(text: string): Found<string> | null {
  const eveningWords = /\b(?:afternoon|evening|tonight|night)\b|下午|傍晚|晚上|今晚|明晚/i.test(text);
  const morningWords = /\bmorning\b|凌晨|早上|早晨|上午/i.test(text);
  const englishHalf = (suffix: string | undefined): 'am' | 'pm' | null => {
    if (suffix) return suffix.toLowerCase().startsWith('p') ? 'pm' : 'am';
    return eveningWords ? 'pm' : morningWords ? 'am' : null;
  };
  const noon = /\b(?:at\s+)?(?:noon|midday)\b/i.exec(text);
  if (noon) return { value: '12:00', words: noon[0] };
  for (const pattern of [
    /\b(?:at\s+|@\s*)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)(?=\W|$)/i,
    /(?:\bat\s+|@\s*)(\d{1,2})(?::(\d{2}))?\b/i,
    /\b(\d{1,2}):(\d{2})\b/,
  ]) {
    const match = pattern.exec(text);
    if (!match) continue;
    const value = clockTime(Number(match[1]), Number(match[2] ?? 0), englishHalf(match[3]));
    if (value) return { value, words: match[0] };
  }
  const zh =
    /(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|今晚|明晚)?\s*(\d{1,2}|[零一二两三四五六七八九十]{1,3})\s*(?:点|時|时)(?:\s*(半|一刻|三刻|(\d{1,2}|[零一二三四五六七八九十]{1,3})\s*分?))?/.exec(
      text,
    ) ?? /(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|今晚|明晚)?\s*(\d{1,2})[:：](\d{2})/.exec(text);
  if (zh) {
    const hour = numberOf(zh[2]!);
    const minute =
      zh[3] === '半'
        ? 30
        : zh[3] === '一刻'
          ? 15
          : zh[3] === '三刻'
            ? 45
            : zh[3]
              ? numberOf(zh[4] || zh[3])
              : 0;
    if (hour === null || minute === null) return null;
    const period = zh[1];
    const half =
      period && /下午|傍晚|晚上|今晚|明晚/.test(period)
        ? 'pm'
        : period === '中午'
          ? hour <= 3
            ? 'pm'
            : null
          : period
            ? 'am'
            : null;
    const value = clockTime(hour, minute, half);
    if (value) return { value, words: zh[0] };
  }
  return null;
}

/** How long, in minutes, when the message says ("for 30 minutes", 一个半小时); 5 minutes to 12 hours. */
export function findDuration(text: string): Found<number> | null {
  const clamp = (minutes: number) => Math.min(720, Math.max(5, Math.round(minutes)));
  const en = /\bfor\s+(?:(\d+(?:\.\d+)?)|(an?|one)|(half\s+an?))\s*(hours?|hrs?|h|minutes?|mins?)\b/i.exec(
    text,
  );
  if (en) {
    const amount = en[1] ? Number(en[1]) : en[2] ? 1 : 0.5;
    return { value: clamp(/^h/i.test(en[4]!) ? amount * 60 : amount), words: en[0] };
  }
  const halfHour = /半\s*个?\s*(?:小时|钟头)/.exec(text);
  const hours = /(\d+|[一二两三四五六七八九十]+)\s*个?\s*(半)?\s*(?:小时|钟头)/.exec(text);
  if (hours) {
    const amount = numberOf(hours[1]!);
    if (amount !== null) return { value: clamp(amount * 60 + (hours[2] ? 30 : 0)), words: hours[0] };
  }
  if (halfHour) return { value: 30, words: halfHour[0] };
  const minutes = /(\d+|[一二两三四五六七八九十]+)\s*分钟/.exec(text);
  if (minutes) {
    const amount = numberOf(minutes[1]!);
    if (amount !== null) return { value: clamp(amount), words: minutes[0] };
  }
  return null;
}

/** A wall-clock `YYYY-MM-DDTHH:mm` some minutes after another; wall-clock arithmetic, zone-free. */
export function addMinutes(localDateTime: string, minutes: number): string {
  return new Date(Date.parse(`${localDateTime}:00.000Z`) + minutes * 60_000).toISOString().slice(0, 16);
}
