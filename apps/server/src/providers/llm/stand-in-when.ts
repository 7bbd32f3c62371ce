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

/**
 * The day a message names, or null when it names none. `plainWeekday`: named by its weekday
 * alone ("Friday", 周五), so when that is today and the time asked has passed, the person means
 * the one a week later (a booking is never proposed in the past).
 */
export function findDay(text: string, now: LocalNow): (Found<string> & { plainWeekday?: boolean }) | null {
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
  const inDays =
    /\bin\s+(\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?)\b/i.exec(text) ??
    /(\d{1,2}|[一二两三四五六七八九十]{1,2})\s*(天|周|个星期|个礼拜|星期|礼拜)(?:以)?后/.exec(text);
  if (inDays) {
    const count = EN_COUNTS[inDays[1]!.toLowerCase()] ?? numberOf(inDays[1]!);
    if (count !== null) {
      const perUnit = /^(?:day|天)/i.test(inDays[2]!) ? 1 : 7;
      return { value: addDays(now.date, count * perUnit), words: inDays[0] };
    }
  }
  const date = findDate(text, now);
  if (date) return date;
  // Whole names, and the short forms people text ("next Tues", "Fri 10am").
  const en =
    /\b(?:on\s+)?(?:(next|this)\s+)?(sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)s?\b\.?/i.exec(
      text,
    );
  if (en) {
    const target = EN_WEEKDAYS.findIndex((name) => name.startsWith(en[2]!.slice(0, 3).toLowerCase()));
    const qualifier = en[1]?.toLowerCase();
    return {
      value: weekdayDate(now.date, target, qualifier === 'next'),
      words: en[0],
      plainWeekday: !qualifier,
    };
  }
  const zh = /(下|这|本)?个?(?:周|星期|礼拜)([一二三四五六日天1-7])/.exec(text);
  if (zh)
    return {
      value: weekdayDate(now.date, ZH_WEEKDAYS[zh[2]!]!, zh[1] === '下'),
      words: zh[0],
      plainWeekday: !zh[1],
    };
  return null;
}

const EN_COUNTS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const EN_MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTH_STARTS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date by the calendar: "Dec 5", "5 December", "the 5th", 12月5日, 5号, 下个月3号. With no month,
 * the next such day (this month's, or next month's once it has passed); with no year, the next
 * such date (next year's once this year's has passed). A day the month does not have is no date.
 */
function findDate(text: string, now: LocalNow): Found<string> | null {
  const [year, month, day] = now.date.split('-').map(Number) as [number, number, number];
  const ordinal = '(\\d{1,2})(?:st|nd|rd|th)?';
  const en =
    new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?${ordinal}\\s+(?:of\\s+)?(${EN_MONTHS})\\b\\.?`, 'i').exec(text) ??
    new RegExp(`\\b(?:on\\s+)?(${EN_MONTHS})\\.?\\s+(?:the\\s+)?${ordinal}\\b`, 'i').exec(text);
  let found: { month: number | null; day: number; words: string } | null = null;
  if (en) {
    const [monthWord, dayWord] = /^\d/.test(en[1]!) ? [en[2]!, en[1]!] : [en[1]!, en[2]!];
    found = {
      month: MONTH_STARTS.indexOf(monthWord.slice(0, 3).toLowerCase()) + 1,
      day: Number(dayWord),
      words: en[0],
    };
  } else {
    const nth = /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b/i.exec(text);
    const zh =
      /(下个?月|(\d{1,2}|[一二三四五六七八九十]{1,2})\s*月)?\s*(\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:日|号|號)/.exec(
        text,
      );
    if (nth) found = { month: null, day: Number(nth[1]), words: nth[0] };
    else if (zh) {
      const dayNumber = numberOf(zh[3]!);
      const named = zh[2] ? numberOf(zh[2]) : null;
      const monthNumber = zh[1]?.startsWith('下') ? (month % 12) + 1 : named;
      if (dayNumber !== null) found = { month: monthNumber, day: dayNumber, words: zh[0] };
    }
  }
  if (!found || found.month === 0) return null;
  const valid = (y: number, m: number, d: number) =>
    m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
  const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
  if (found.month === null) {
    // The next one: this month's, or next month's once this month's has gone.
    for (let ahead = 0; ahead < 3; ahead += 1) {
      const m = ((month - 1 + ahead) % 12) + 1;
      const y = year + Math.floor((month - 1 + ahead) / 12);
      if (valid(y, m, found.day) && (ahead > 0 || found.day >= day))
        return { value: iso(y, m, found.day), words: found.words };
    }
    return null;
  }
  const y = found.month < month || (found.month === month && found.day < day) ? year + 1 : year;
  return valid(y, found.month, found.day)
    ? { value: iso(y, found.month, found.day), words: found.words }
    : null;
}

/** A date written only in digits ("12/5"): a month first or a day first, so it is never guessed. */
export function hasNumericDate(text: string): boolean {
  return /(?:^|[^\d/])\d{1,2}\/\d{1,2}(?:\/\d{2,4})?(?![\d/])/.test(text);
}

/** A part of the day, as people ask "am I free Friday afternoon?" or 周五下午有空吗. */
export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Where each part begins and ends (`24:00`: the next midnight). */
export const DAY_PARTS: Record<DayPart, { from: string; to: string }> = {
  morning: { from: '06:00', to: '12:00' },
  afternoon: { from: '12:00', to: '18:00' },
  evening: { from: '18:00', to: '24:00' },
};

/** The part of the day a message names (`tonight` and 今晚 are the evening), or null. */
export function findPart(text: string): Found<DayPart> | null {
  const parts: [RegExp, DayPart][] = [
    [/\b(?:in\s+the\s+|this\s+)?morning\b|上午|早上|早晨|明早|今早/i, 'morning'],
    [/\b(?:in\s+the\s+|this\s+)?afternoon\b|下午/i, 'afternoon'],
    [/\b(?:in\s+the\s+|this\s+)?(?:evening|night)\b|\btonight\b|晚上|傍晚|今晚|明晚/i, 'evening'],
  ];
  for (const [pattern, part] of parts) {
    const match = pattern.exec(text);
    if (match) return { value: part, words: match[0] };
  }
  return null;
}

/** A run of days: this week, next week, the weekend. `first` and `last` are both included. */
export interface Span {
  kind: 'this-week' | 'next-week' | 'weekend';
  first: string;
  last: string;
}

/** Days from Monday: 0 for Monday to 6 for Sunday (weeks start on Monday, as 下周 reads). */
const fromMonday = (date: string) => (weekdayOf(date) + 6) % 7;

/**
 * "this week", "next week", "this weekend", 这周, 下周, 周末, or null. This week is the rest of
 * it, today to Sunday; asked on a Sunday, when only today is left of it, it runs on to the next
 * Sunday (what someone asking on a Sunday evening means). A weekend is its Saturday and Sunday:
 * today, asked on one.
 */
export function findSpan(text: string, now: LocalNow): Found<Span> | null {
  const today = now.date;
  const sunday = addDays(today, 6 - fromMonday(today));
  const nextMonday = addDays(sunday, 1);
  const weekend = (nextWeek: boolean): Span => {
    const saturday = addDays(today, 5 - fromMonday(today) + (nextWeek ? 7 : 0));
    const last = addDays(saturday, 1);
    return { kind: 'weekend', first: saturday < today ? today : saturday, last };
  };
  // 下周 and 这周 alone, not 下周五 (a weekday, findDay's) nor 周末 (the weekend).
  const patterns: [RegExp, () => Span][] = [
    [/\bnext\s+weekend\b|下个?(?:周末|礼拜末)/i, () => weekend(true)],
    [/\b(?:this\s+|the\s+|over\s+the\s+)?weekend\b|(?:这个?|本)?(?:周末|礼拜末)/i, () => weekend(false)],
    [
      /\bnext\s+week\b|下个?(?:周|星期|礼拜)(?![一二三四五六日天1-7末])/i,
      () => ({ kind: 'next-week', first: nextMonday, last: addDays(nextMonday, 6) }),
    ],
    [
      /\b(?:this|the|my)\s+week\b|\brest\s+of\s+(?:the\s+)?week\b|(?:这个?|本)(?:周|星期|礼拜)(?![一二三四五六日天1-7末])/i,
      () => ({ kind: 'this-week', first: today, last: sunday === today ? addDays(today, 7) : sunday }),
    ],
  ];
  for (const [pattern, span] of patterns) {
    const match = pattern.exec(text);
    if (match) return { value: span(), words: match[0] };
  }
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
  // "for 30 minutes", and "a 30 min call", "a 2-hour meeting" (not "in 2 hours", which is when).
  const en =
    /\bfor\s+(?:(\d+(?:\.\d+)?)|(an?|one)|(half\s+an?))\s*(hours?|hrs?|h|minutes?|mins?)\b/i.exec(text) ??
    /(?<!\bin\s)\b(?:(\d+(?:\.\d+)?)|(an|one)|(half\s+an?))[\s-]*(hours?|hrs?|h|minutes?|mins?)\b/i.exec(
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
