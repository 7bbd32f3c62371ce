import { describeWhen } from '../../lib/describe-when';
import { addDays, weekdayOf } from '../../lib/zoned-time';
import type { ToolOutcome } from './stand-in-prompt';
import type { LocalNow } from './stand-in-when';

/**
 * Finding a time with others (issue 32), for the stand-in: "find 30 minutes with Priya next
 * week", "set up 30 minutes with Sam and Mei before Friday", 找个时间和Priya开30分钟会，下周.
 * 下周和王芳约30分钟. One call of schedule_propose with the names, the minutes and the window as dates (to exclusive);
 * the slots themselves are found by code in the tool. "… and hold the times" (先帮我占着这些时间)
 * at the end asks for the offered slots to be held (decision 594): `hold: true`.
 */
export interface ScheduleIntent {
  attendees: string[];
  minutes: number;
  window: { from: string; to: string };
  lang: 'en' | 'zh';
  hold?: true;
}

/** "and hold the times", "hold them for me", "，先帮我占着这些时间", "并预留这些时间": at the end. */
const HOLD_EN =
  /[\s,;.]+(?:and\s+)?(?:please\s+)?(?:hold|block)\s+(?:the|those|these)?\s*(?:times|slots|them)(?:\s+for\s+me)?(?:\s+in\s+my\s+calendar)?\s*[.!]*$/i;
const HOLD_ZH =
  /[，,。；;\s]*(?:并|先)?(?:帮我)?(?:先)?(?:占着|占住|预留|保留|留着)(?:这些|那些|这几个)?(?:时间|时段)[。.！!]*$/;

const EN =
  /^(?:(?:can|could|would) you\s+|please\s+)*(?:find|set up|schedule|arrange)\s+(?:a\s+time\s+for\s+)?(\d{1,3})\s*(?:minutes?|mins?)\s+with\s+(.+?)(?:\s+(next week|this week|tomorrow|before\s+[a-z]+))?\s*[.?!]*$/i;
const ZH =
  /^(?:请|帮我)*(?:找|约)个?时间(?:和|跟|与)(.+?)开(\d{1,3})分钟(?:的)?会[，,。\s]*(下周|下星期|这周|本周|明天|(?:周|星期)[一二三四五六日天]之前)?[。.]*$/;
/** 下周和王芳约30分钟: the window first. */
const ZH_SHORT = /^(?:请|帮我)*(下周|下星期|这周|本周|明天)?(?:和|跟|与)(.+?)约(\d{1,3})分钟[。.]*$/;

const EN_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const ZH_DAYS = '日一二三四五六';

/** The window the words name, as dates in the person's zone, `to` exclusive; a week from today by default. */
function windowOf(words: string | undefined, today: string): { from: string; to: string } {
  const w = (words ?? '').toLowerCase().trim();
  const tomorrow = addDays(today, 1);
  const toMonday = (7 - weekdayOf(today) + 1) % 7 || 7;
  if (w === 'next week' || w === '下周' || w === '下星期') {
    const monday = addDays(today, toMonday);
    return { from: monday, to: addDays(monday, 7) };
  }
  if (w === 'this week' || w === '这周' || w === '本周') return { from: today, to: addDays(today, toMonday) };
  if (w === 'tomorrow' || w === '明天') return { from: tomorrow, to: addDays(tomorrow, 1) };
  const before = /^before\s+([a-z]+)$/.exec(w);
  const zhBefore = /^(?:周|星期)([一二三四五六日天])之前$/.exec(w);
  const day = before
    ? EN_DAYS.findIndex((name) => name.startsWith(before[1]!.slice(0, 3)))
    : zhBefore
      ? ZH_DAYS.indexOf(zhBefore[1] === '天' ? '日' : zhBefore[1]!)
      : -1;
  if (day >= 0) {
    const ahead = (day - weekdayOf(today) + 7) % 7 || 7;
    return { from: today, to: addDays(today, ahead) };
  }
  return { from: today, to: addDays(today, 7) };
}

const names = (list: string) =>
  list
    .split(/\s*(?:,|，|、|\band\b|和|跟|与)\s*/)
    .map((name) => name.trim())
    .filter(Boolean);

export function detectSchedule(said: string, now: LocalNow | null): ScheduleIntent | null {
  if (!now) return null;
  const held = said.trim().replace(HOLD_EN, '').replace(HOLD_ZH, '');
  const found = detectRequest(held, now);
  return found && held !== said.trim() ? { ...found, hold: true } : found;
}

function detectRequest(text: string, now: LocalNow): ScheduleIntent | null {
  const en = EN.exec(text.trim());
  if (en)
    return {
      attendees: names(en[2]!),
      minutes: Number(en[1]),
      window: windowOf(en[3], now.date),
      lang: 'en',
    };
  const zh = ZH.exec(text.trim());
  if (zh)
    return {
      attendees: names(zh[1]!),
      minutes: Number(zh[2]),
      window: windowOf(zh[3], now.date),
      lang: 'zh',
    };
  const short = ZH_SHORT.exec(text.trim());
  if (short)
    return {
      attendees: names(short[2]!),
      minutes: Number(short[3]),
      window: windowOf(short[1], now.date),
      lang: 'zh',
    };
  return null;
}

export function scheduleInput(intent: ScheduleIntent, lang: 'en' | 'zh'): Record<string, unknown> {
  const who = intent.attendees.join(lang === 'zh' ? '、' : ' and ');
  return {
    attendees: intent.attendees,
    durationMinutes: intent.minutes,
    from: intent.window.from,
    to: intent.window.to,
    title: lang === 'zh' ? `与${who}开会` : `Meeting with ${who}`,
    ...(intent.hold ? { hold: true } : {}),
  };
}

/** What the stand-in says once the tool answered without asking (no slot, or no such contact). */
export function scheduleReply(
  outcome: ToolOutcome,
  lang: 'en' | 'zh',
  failed: (output: Extract<ToolOutcome['output'], { ok: false }>) => string,
): string {
  const { output } = outcome;
  if (!output.ok) return failed(output);
  const value = output.value as { message?: unknown; nextWindow?: { from: string; to: string } | null };
  const said = typeof value.message === 'string' ? value.message : '';
  const next = value.nextWindow;
  if (!next) return said;
  // Whole local days as days ("Mon, 7 Dec"), anything else with its times.
  const midnights = next.from.slice(11, 16) === '00:00' && next.to.slice(11, 16) === '00:00';
  const words = midnights
    ? describeWhen(next.from.slice(0, 10), next.to.slice(0, 10), true, lang)
    : describeWhen(next.from, next.to, false, lang);
  const ask = lang === 'zh' ? `要我改在${words}找时间吗？` : `Shall I look at ${words} instead?`;
  return (lang === 'zh' ? `${said}${ask}` : `${said} ${ask}`).trim();
}
