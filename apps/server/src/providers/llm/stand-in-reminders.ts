import { z } from 'zod';
import { addDays } from '../../lib/zoned-time';
import type { Lang } from './stand-in-replies';
import { oneLine } from './stand-in-replies';
import { findDay, findPart, findTime, type LocalNow, numberOf } from './stand-in-when';

/**
 * Reminders and routines as the stand-in understands them (docs/assistant-stand-in.md, issue 30):
 * "remind me to call mom at 6pm", "remind me in 10 minutes to check the oven", "every weekday
 * at 8 tell me my first meeting", "remind me the day before the dentist", "what reminders do I
 * have?", "cancel the rent one", and their Chinese forms. Read from the person's latest text only.
 */
export type ReminderIntent =
  | {
      kind: 'remind';
      what: string;
      /** Local `YYYY-MM-DDTHH:mm`, or null with inMinutes. */
      at: string | null;
      inMinutes: number | null;
      rrule: string | null;
      /** A routine that runs the assistant with `what` ("tell me my first meeting"). */
      agent: boolean;
    }
  | { kind: 'remind-needs-time' }
  | { kind: 'remind-past'; time: string }
  | { kind: 'remind-event'; query: string }
  | { kind: 'reminders-list' }
  | { kind: 'reminder-cancel'; query: string };

/** When a reminder said with a part of the day and no time goes. */
const PART_TIMES = { morning: '09:00', afternoon: '14:00', evening: '19:00' } as const;

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const ZH_DAY: Record<string, number> = { 日: 0, 天: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };

const ASKS_EN = /\bremind\s+me\b/i;
const ASKS_ZH = /提醒我/;
const REPEAT_EN =
  /\bevery\s+(?:week\s*day|weekday|day|morning|evening|night|week|month|(?:sun|mon|tues|wednes|thurs|fri|satur)day)s?\b|\b(?:daily|weekly|monthly)\b|\bon\s+weekdays\b/i;
const REPEAT_ZH =
  /每(?:个)?(?:工作日|天|日|周[一二三四五六日天]?|星期[一二三四五六日天]?|个?月)(?:早上|上午|晚上|下午)?/;

export function reminderIntent(text: string, now: LocalNow): ReminderIntent | null {
  return listAsked(text) ?? cancelAsked(text) ?? eventReminder(text) ?? reminder(text, now);
}

function listAsked(text: string): ReminderIntent | null {
  const en = /\b(?:what|which|list|show|any)\b.*\b(?:reminders|routines)\b|^(?:my\s+)?reminders$/i;
  const zh = /(?:哪些|什么|几个|列出|看看|查看|所有).{0,3}提醒|^我的提醒$/;
  return en.test(text) || zh.test(text) ? { kind: 'reminders-list' } : null;
}

function cancelAsked(text: string): ReminderIntent | null {
  const en =
    /^(?:(?:can|could) you\s+|please\s+)*(?:cancel|delete|remove|stop)\s+(?:my\s+|the\s+)?(.+?)\s+(?:one|reminder|routine)$/i.exec(
      text,
    ) ??
    /^(?:please\s+)?(?:cancel|delete|remove|stop)\s+(?:the\s+|my\s+)?(?:reminder|routine)\s+(?:about|to|for)\s+(.+)$/i.exec(
      text,
    );
  if (en?.[1] && !/\b(?:meeting|event|appointment|call|lunch)\b/i.test(en[1]))
    return { kind: 'reminder-cancel', query: en[1].trim() };
  const zh = /^(?:请|帮我)?(?:取消|删除|删掉|不要)(?:那个|我的)?(.+?)(?:的)?(?:那个|那条|提醒)$/.exec(text);
  if (zh?.[1]) return { kind: 'reminder-cancel', query: zh[1].replace(/的$/, '').trim() };
  return null;
}

function eventReminder(text: string): ReminderIntent | null {
  const en = /\bremind\s+me\b.*?\b(?:the\s+)?day\s+before\s+(?:the\s+|my\s+)?(.+)$/i.exec(text);
  if (en?.[1]) return { kind: 'remind-event', query: en[1].trim() };
  const zh = /(?:在|于)?(?:我的)?(.+?)的?前一天提醒我|提醒我.*?(?:我的)?(.+?)的?前一天$/.exec(text);
  const query = zh?.[1] ?? zh?.[2];
  return query ? { kind: 'remind-event', query: query.replace(/^(?:请|帮我)/, '').trim() } : null;
}

function reminder(text: string, now: LocalNow): ReminderIntent | null {
  const english =
    ASKS_EN.test(text) || (REPEAT_EN.test(text) && /\b(?:tell|send|text|show|give)\s+me\b/i.test(text));
  const chinese =
    !english && (ASKS_ZH.test(text) || (REPEAT_ZH.test(text) && /告诉我|发给我|给我/.test(text)));
  if (!english && !chinese) return null;
  const repeat = english ? REPEAT_EN.exec(text) : REPEAT_ZH.exec(text);
  const rrule = repeat ? ruleOf(repeat[0]) : null;
  const minutes = inMinutesOf(text);
  const time = findTime(text);
  const part = findPart(text);
  const day = findDay(text, now);
  let rest = text;
  for (const words of [repeat?.[0], minutes?.words, time?.words, part?.words, day?.words])
    if (words) rest = rest.replace(words, ' ');
  const what = english ? englishWhat(rest) : chineseWhat(rest);
  const agent = rrule !== null && !(english ? ASKS_EN.test(text) : ASKS_ZH.test(text));
  if (minutes && !rrule) return { kind: 'remind', what, at: null, inMinutes: minutes.value, rrule, agent };
  const clock = time?.value ?? (part ? PART_TIMES[part.value] : null);
  if (!clock) return { kind: 'remind-needs-time' };
  let date = day?.value ?? (clock > now.time ? now.date : addDays(now.date, 1));
  if (!rrule && date === now.date && clock <= now.time) {
    if (!day?.plainWeekday) return { kind: 'remind-past', time: clock };
    date = addDays(date, 7);
  }
  // A routine starts today: its rule finds the first occurrence from now.
  if (rrule) date = now.date;
  return { kind: 'remind', what, at: `${date}T${clock}`, inMinutes: null, rrule, agent };
}

function ruleOf(words: string): string {
  const lower = words.toLowerCase();
  if (/week\s*day|工作日/.test(lower)) return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
  const en = WEEKDAYS_EN.findIndex((name) => lower.includes(name));
  if (en >= 0) return `FREQ=WEEKLY;BYDAY=${BYDAY[en]}`;
  const zh = /(?:周|星期)([一二三四五六日天])/.exec(words);
  if (zh) return `FREQ=WEEKLY;BYDAY=${BYDAY[ZH_DAY[zh[1]!]!]}`;
  if (/week|周|星期/.test(lower)) return 'FREQ=WEEKLY';
  if (/month|月/.test(lower)) return 'FREQ=MONTHLY';
  return 'FREQ=DAILY';
}

function inMinutesOf(text: string): { value: number; words: string } | null {
  const en = /\bin\s+(\d{1,4}|an?|one|half\s+an)\s*(min(?:ute)?s?|hours?|hrs?)\b/i.exec(text);
  if (en) {
    const count = /^half/i.test(en[1]!) ? 0.5 : /^(?:an?|one)$/i.test(en[1]!) ? 1 : Number(en[1]);
    return { value: Math.round(count * (/^h/i.test(en[2]!) ? 60 : 1)), words: en[0] };
  }
  const zh = /(\d{1,4}|[一二两三四五六七八九十]{1,3}|半)\s*(?:个)?(分钟|小时)(?:以后|之后|后)/.exec(text);
  if (zh) {
    const count = zh[1] === '半' ? 0.5 : numberOf(zh[1]!.replace('两', '二'));
    if (count !== null) return { value: Math.round(count * (zh[2] === '小时' ? 60 : 1)), words: zh[0] };
  }
  return null;
}

function englishWhat(rest: string): string {
  const what = rest
    .replace(/\bremind\s+me\b/i, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:please\s+|can you\s+|to\s+|that\s+|about\s+)+/i, '')
    .replace(/(?:\s+(?:at|on|to|by|in|for))+$/i, '')
    .trim();
  return what || 'Reminder';
}

function chineseWhat(rest: string): string {
  const what = rest
    .replace(/提醒我|请|帮我|麻烦/g, '')
    .replace(/^(?:一下|要|去)/, '')
    .replace(/[\s，,。.]+/g, '')
    .trim();
  return what || '提醒';
}

/** What reminder_list answers, as far as the stand-in reads it. */
export const ZFoundReminder = z.object({
  id: z.string(),
  kind: z.enum(['once', 'routine']),
  what: z.string(),
  rrule: z.string().nullable(),
  next: z.string().nullable(),
});
export type TFoundReminder = z.infer<typeof ZFoundReminder>;

/** The reminder "the rent one" names: its words hold the person's. */
export function matchReminder(reminders: TFoundReminder[], query: string): TFoundReminder | null {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word && !/^(?:the|my|a|an)$/.test(word));
  return reminders.find((r) => words.every((word) => r.what.toLowerCase().includes(word))) ?? null;
}

/** The event "the dentist" names, among those listed. */
export function matchEvent<T extends { title: string }>(events: T[], query: string): T | null {
  const wanted = query
    .toLowerCase()
    .replace(/\b(?:appointment|the|my)\b/g, ' ')
    .trim();
  return events.find((e) => e.title.toLowerCase().includes(wanted)) ?? null;
}

/** The day before an event, at 9 in the morning: when "the day before" reminds. */
export function dayBefore(start: string): string {
  return `${addDays(start.slice(0, 10), -1)}T09:00`;
}

function whenLabel(lang: Lang, reminder: TFoundReminder): string {
  const at = reminder.next ? reminder.next.replace('T', ' ') : lang === 'zh' ? '（无）' : '(none)';
  if (reminder.kind === 'routine') return lang === 'zh' ? `重复，下次 ${at}` : `repeats, next ${at}`;
  return at;
}

export function reminderSetReply(lang: Lang, reminder: TFoundReminder): string {
  const what = oneLine(reminder.what);
  return lang === 'zh'
    ? `好的，我会提醒您：“${what}”（${whenLabel(lang, reminder)}）。`
    : `OK, I'll remind you: "${what}" (${whenLabel(lang, reminder)}).`;
}

export function remindersListReply(lang: Lang, reminders: TFoundReminder[]): string {
  if (reminders.length === 0) return lang === 'zh' ? '您没有待发的提醒。' : 'You have no reminders set.';
  const lines = reminders.slice(0, 8).map((r) => `- ${oneLine(r.what)} (${whenLabel(lang, r)})`);
  return [lang === 'zh' ? '您的提醒：' : 'Your reminders:', ...lines].join('\n');
}

export function reminderCancelledReply(lang: Lang, reminder: TFoundReminder): string {
  return lang === 'zh'
    ? `已取消提醒：“${oneLine(reminder.what)}”。`
    : `Cancelled the reminder "${oneLine(reminder.what)}".`;
}

export function reminderNotFoundReply(lang: Lang, query: string): string {
  return lang === 'zh'
    ? `没有找到与“${oneLine(query)}”有关的提醒，什么都没有取消。`
    : `I found no reminder about "${oneLine(query)}", so nothing was cancelled.`;
}

export function eventNotFoundReply(lang: Lang, query: string): string {
  return lang === 'zh'
    ? `接下来60天里没有找到“${oneLine(query)}”，没有设置提醒。`
    : `I found no "${oneLine(query)}" in the next 60 days, so no reminder was set.`;
}

export function reminderFailedReply(lang: Lang, why: string): string {
  return lang === 'zh' ? `没有设置提醒：${oneLine(why, 120)}` : `No reminder was set: ${oneLine(why, 120)}`;
}

export function remindNeedsTimeReply(lang: Lang): string {
  return lang === 'zh'
    ? '请告诉我什么时候提醒您，例如“明天早上提醒我交房租”。'
    : 'Tell me when, e.g. "remind me tomorrow at 9 to pay rent".';
}

export function remindPastReply(lang: Lang, time: string): string {
  return lang === 'zh'
    ? `今天 ${time} 已经过了，没有设置提醒。`
    : `${time} today has already passed, so no reminder was set.`;
}
