import type { SchedulingPreferences } from './find-slots';

/**
 * The person's scheduling preferences read from their own memories (what they wrote, en or zh),
 * without a model: "I prefer meetings after 10", "no meetings Friday afternoon", "周五下午不开会".
 * Only common shapes are read; a sentence that is not clearly a rule about the person's own
 * meetings is ignored, never guessed. Where rules disagree the stricter one wins. Decision 543.
 */

type Polarity = 'yes' | 'no';
type Bound = { kind: 'before' | 'after'; at: number } | { kind: 'between'; from: number; to: number };
type Part = 'morning' | 'afternoon' | 'evening';

interface Sentence {
  polarity: Polarity;
  bounds: Bound[];
  weekdays: number[];
  parts: Part[];
}

const DAY_END = 24 * 60;
/** Parts of the day as ranges of local minutes: morning to noon, afternoon from noon on. */
const PARTS: Record<Part, [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, DAY_END],
  evening: [18 * 60, DAY_END],
};
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * An hour as people say it: with am/pm (or 上午/下午) as told; without, 1 to 7 is taken as the
 * afternoon ("after 5" is 17:00 in a working day), 8 to 23 as written. Null when not a time.
 */
function minutesOfHour(hour: number, minute: number, half: 'am' | 'pm' | null): number | null {
  if (!Number.isInteger(hour) || minute < 0 || minute >= 60) return null;
  let h = hour;
  if (half === 'pm' && h < 12) h += 12;
  else if (half === 'am' && h === 12) h = 0;
  else if (half === null && h >= 1 && h <= 7) h += 12;
  if (h > 23) return null;
  return h * 60 + minute;
}

// English ------------------------------------------------------------------------------------

const EN_TIME = String.raw`(noon|midday|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|o'?clock)?)`;
const EN_WEEKDAYS: [RegExp, number[]][] = [
  [/\bmon(?:day)?s?\b/g, [1]],
  [/\btue(?:s|sday)?s?\b/g, [2]],
  [/\bwed(?:nesday)?s?\b/g, [3]],
  [/\bthu(?:rs?|rsday)?s?\b/g, [4]],
  [/\bfri(?:day)?s?\b/g, [5]],
  [/\bsat(?:urday)?s?\b/g, [6]],
  [/\bsun(?:day)?s?\b/g, [7]],
  [/\bweekends?\b/g, [6, 7]],
];
const EN_PARTS: [RegExp, Part][] = [
  [/\bmornings?\b/g, 'morning'],
  [/\bafternoons?\b/g, 'afternoon'],
  [/\b(?:evenings?|nights?)\b/g, 'evening'],
];
const EN_NO = /\b(?:no|not|never|don'?t|do not|avoid|hate|can'?t|cannot|won'?t|nothing)\b/;
const EN_YES = /\b(?:prefer|prefers|like|only|rather|best|want|love|ideally|please)\b/;
const EN_MEETING = /\b(?:meetings?|meet|calls?|appointments?|book|schedule)\b/;
/** Said by the person of themselves: "I", "my", or a rule with no subject ("No meetings …"). */
const EN_OWN =
  /^(?:no|not|never|only|don'?t|avoid|please|meetings?|calls?|prefer|on|before|after|between|mornings?|afternoons?|evenings?|mon|tue|wed|thu|fri|sat|sun|weekends?)\b|\b(?:i|i'm|i'd|my|me)\b/;
/** What a rule may be made of; a sentence of nothing else needs no "meeting" in it. */
const EN_FILLER =
  /\b(?:i|i'd|i'm|please|no|not|never|don'?t|do|avoid|only|prefer|like|rather|best|want|on|in|the|any|at|all|s|and|or|meetings?|calls?)\b|[\s,.'!]/g;

function enTime(text: string): number | null {
  const match = /^(noon|midday)$|^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|o'?clock)?$/.exec(text.trim());
  if (!match) return null;
  if (match[1]) return 12 * 60;
  const half = match[4] === 'am' ? 'am' : match[4] === 'pm' ? 'pm' : null;
  return minutesOfHour(Number(match[2]), Number(match[3] ?? 0), half);
}

function readEnglish(raw: string): Sentence | null {
  let text = raw
    .toLowerCase()
    .replace(/^(?:and|but|also|so)\s+/, '')
    .trim();
  if (!EN_OWN.test(text)) return null;
  const polarity: Polarity | null = EN_NO.test(text) ? 'no' : EN_YES.test(text) ? 'yes' : null;
  if (!polarity) return null;
  const hasMeeting = EN_MEETING.test(text);
  const bounds: Bound[] = [];
  const between = new RegExp(
    String.raw`\b(?:between|from)\s+${EN_TIME}\s*(?:and|to|-|–|until)\s*${EN_TIME}`,
    'g',
  );
  text = text.replace(between, (_, a: string, b: string) => {
    const from = enTime(a);
    const to = enTime(b);
    if (from !== null && to !== null && from < to) bounds.push({ kind: 'between', from, to });
    return from !== null && to !== null ? ' ' : _;
  });
  const single = new RegExp(
    String.raw`\b(before|until|till|earlier than|after|later than|from)\s+${EN_TIME}`,
    'g',
  );
  text = text.replace(single, (whole, word: string, time: string) => {
    const at = enTime(time);
    if (at === null) return whole;
    bounds.push({ kind: /before|until|till|earlier/.test(word) ? 'before' : 'after', at });
    return ' ';
  });
  const weekdays: number[] = [];
  for (const [pattern, days] of EN_WEEKDAYS) {
    text = text.replace(pattern, () => {
      weekdays.push(...days);
      return ' ';
    });
  }
  const parts: Part[] = [];
  for (const [pattern, part] of EN_PARTS) {
    text = text.replace(pattern, () => {
      parts.push(part);
      return ' ';
    });
  }
  if (!hasMeeting && text.replace(EN_FILLER, '') !== '') return null;
  return { polarity, bounds, weekdays, parts };
}

// Chinese ------------------------------------------------------------------------------------

const ZH_NUMBERS: Record<string, number> = {
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
  十: 10,
  十一: 11,
  十二: 12,
};
const ZH_TIME = String.raw`(上午|早上|中午|下午|晚上)?\s*(\d{1,2}|十[一二]?|[一二两三四五六七八九])\s*(?:[:：](\d{2})|点(?:(半)|(\d{1,2})分?)?)`;
const ZH_WEEKDAY = /(?:周|星期|礼拜)([一二三四五六日天1-7])|(周末)/g;
const ZH_PARTS: [RegExp, Part][] = [
  [/上午|早上/g, 'morning'],
  [/下午/g, 'afternoon'],
  [/晚上/g, 'evening'],
];
const ZH_NO = /不|别|避免|勿|没空/;
const ZH_YES = /喜欢|希望|最好|只|偏好|倾向|尽量/;
const ZH_MEETING = /会|约|见面|通话|电话|面谈/;
/** Said by the person of themselves: "我", or a rule with no subject ("周五下午不开会"). */
const ZH_OWN =
  /我|^(?:每|周|星期|礼拜|上午|早上|中午|下午|晚上|\d|十|[一二三四五六七八九]点|不|别|只|尽量|最好|会议|开会)/;
const ZH_FILLER = /我|喜欢|希望|最好|只|尽量|不要|不|别|在|的|都|开会|会议|安排|[\s，,。]/g;

function zhTime(
  qualifier: string | undefined,
  hourText: string,
  minutes?: string,
  half?: string,
  min?: string,
) {
  const hour = /^\d+$/.test(hourText) ? Number(hourText) : (ZH_NUMBERS[hourText] ?? Number.NaN);
  const minute = half ? 30 : Number(minutes ?? min ?? 0);
  // 中午 is around noon: 中午12点 is 12:00, 中午1点 13:00.
  const side =
    qualifier === '下午' || qualifier === '晚上' || qualifier === '中午' ? 'pm' : qualifier ? 'am' : null;
  return minutesOfHour(hour, minute, side);
}

function readChinese(raw: string): Sentence | null {
  let text = raw.trim();
  if (!ZH_OWN.test(text)) return null;
  const polarity: Polarity | null = ZH_NO.test(text) ? 'no' : ZH_YES.test(text) ? 'yes' : null;
  if (!polarity) return null;
  const hasMeeting = ZH_MEETING.test(text);
  const bounds: Bound[] = [];
  const time = (m: string[], i: number) => zhTime(m[i], m[i + 1]!, m[i + 2], m[i + 3], m[i + 4]);
  text = text.replace(
    new RegExp(`${ZH_TIME}\\s*(?:到|至|-|–|~|～)\\s*${ZH_TIME}(?:之间)?`, 'g'),
    (whole, ...m) => {
      const from = time(m, 0);
      const to = time(m, 5);
      if (from === null || to === null) return whole;
      if (from < to) bounds.push({ kind: 'between', from, to });
      return ' ';
    },
  );
  text = text.replace(new RegExp(`${ZH_TIME}\\s*(以后|之后|以前|之前|后|前)`, 'g'), (whole, ...m) => {
    const at = time(m, 0);
    if (at === null) return whole;
    bounds.push({ kind: /前/.test(m[5] as string) ? 'before' : 'after', at });
    return ' ';
  });
  const weekdays: number[] = [];
  text = text.replace(ZH_WEEKDAY, (_, day: string | undefined, weekend: string | undefined) => {
    if (weekend) weekdays.push(6, 7);
    else if (day)
      weekdays.push(/\d/.test(day) ? Number(day) : day === '日' || day === '天' ? 7 : ZH_NUMBERS[day]!);
    return ' ';
  });
  const parts: Part[] = [];
  for (const [pattern, part] of ZH_PARTS) {
    text = text.replace(pattern, () => {
      parts.push(part);
      return ' ';
    });
  }
  if (!hasMeeting && text.replace(ZH_FILLER, '') !== '') return null;
  return { polarity, bounds, weekdays, parts };
}

// Rules --------------------------------------------------------------------------------------

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The local ranges a sentence rules out, on a given day (a weekday rule). */
function excludedRanges(sentence: Sentence): [number, number][] {
  const ranges: [number, number][] = [];
  const no = sentence.polarity === 'no';
  for (const bound of sentence.bounds) {
    if (bound.kind === 'between') {
      if (no) ranges.push([bound.from, bound.to]);
      else ranges.push([0, bound.from], [bound.to, DAY_END]);
    } else if (bound.kind === 'before') ranges.push(no ? [0, bound.at] : [bound.at, DAY_END]);
    else ranges.push(no ? [bound.at, DAY_END] : [0, bound.at]);
  }
  if (sentence.bounds.length === 0) {
    for (const part of sentence.parts) {
      const [from, to] = PARTS[part];
      if (no) ranges.push([from, to]);
      else ranges.push([0, from], [to, DAY_END]);
    }
  }
  return ranges.filter(([from, to]) => to > from);
}

interface Collected {
  notBefore: number[];
  notAfter: number[];
  avoid: Map<string, { weekday: number; from: string; to: string }>;
  noMeetingDays: Set<number>;
}

function apply(sentence: Sentence, into: Collected): void {
  const avoid = (days: number[], ranges: [number, number][]) => {
    for (const weekday of days) {
      for (const [from, to] of ranges) {
        const rule = { weekday, from: hhmm(from), to: hhmm(to) };
        into.avoid.set(`${weekday} ${rule.from} ${rule.to}`, rule);
      }
    }
  };
  const no = sentence.polarity === 'no';
  if (sentence.weekdays.length > 0) {
    const ranges = excludedRanges(sentence);
    if (ranges.length > 0) avoid(sentence.weekdays, ranges);
    else if (no && sentence.bounds.length === 0 && sentence.parts.length === 0) {
      for (const day of sentence.weekdays) into.noMeetingDays.add(day);
    }
    // "I prefer Tuesdays" names no rule about the other days: ignored.
    return;
  }
  for (const bound of sentence.bounds) {
    if (bound.kind === 'between') {
      if (no) avoid(ALL_DAYS, [[bound.from, bound.to]]);
      else {
        into.notBefore.push(bound.from);
        into.notAfter.push(bound.to);
      }
    } else if ((bound.kind === 'after') === !no) into.notBefore.push(bound.at);
    else into.notAfter.push(bound.at);
  }
  if (sentence.bounds.length > 0) return;
  for (const part of sentence.parts) {
    const [from, to] = PARTS[part];
    // "No mornings": start at noon or later; "no afternoons": end by noon; "mornings only": end
    // by noon; "afternoons only": start at noon or later.
    if (no && from === 0) into.notBefore.push(to);
    else if (no) into.notAfter.push(from);
    else {
      if (from > 0) into.notBefore.push(from);
      if (to < DAY_END) into.notAfter.push(to);
    }
  }
}

/**
 * Clauses of a memory: a rule never spans a full stop or a comma, in either language ("我喜欢10点
 * 以后开会，周五下午不开会" is two rules with opposite senses).
 */
function sentencesOf(text: string): string[] {
  return text
    .replace(/\b([ap])\.m\.?/gi, '$1m')
    .split(/[.!?;]+(?:\s|$)|[。！？；，,、\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Deterministic: the same memories always give the same preferences. */
export function preferencesFromMemories(memories: readonly string[]): SchedulingPreferences {
  const into: Collected = { notBefore: [], notAfter: [], avoid: new Map(), noMeetingDays: new Set() };
  for (const memory of memories) {
    for (const text of sentencesOf(memory)) {
      const sentence = /[\u4e00-\u9fff]/.test(text) ? readChinese(text) : readEnglish(text);
      if (sentence) apply(sentence, into);
    }
  }
  const preferences: SchedulingPreferences = {
    avoid: [...into.avoid.values()].sort(
      (a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
  };
  if (into.notBefore.length > 0) preferences.notBefore = hhmm(Math.max(...into.notBefore));
  if (into.notAfter.length > 0) preferences.notAfter = hhmm(Math.min(...into.notAfter));
  if (into.noMeetingDays.size > 0) preferences.noMeetingDays = [...into.noMeetingDays].sort((a, b) => a - b);
  return preferences;
}
