import type { TToolName } from '@app/contract/assistant/tools';
import { z } from 'zod';
import { addDays } from '../../lib/zoned-time';
import type { ToolOutcome } from './stand-in-prompt';
import { oneLine } from './stand-in-replies';
import { findAll } from './stand-in-results';
import { addMinutes, findDay, findTime, type LocalNow } from './stand-in-when';

/**
 * Moving and cancelling an event with its attendees (issue 32, point 5), for the stand-in:
 * "move my 3pm to tomorrow", "push the standup to 4", 把下午3点的会改到明天; "cancel lunch with
 * Sam and tell him sorry", 取消和Sam的午饭，跟他说声抱歉. The event is found in the person's next
 * two weeks by its start time or its title's words; a new day alone asks the calendar for new
 * times (the slot finder's), a new time asks for the change; the cancellation carries the note.
 * Only ids, titles, times and attendees of listed events are read, never a description.
 */
export type ChangeIntent =
  | { kind: 'move-event'; target: EventQuery; to: { date: string | null; time: string | null } }
  | { kind: 'cancel-event'; target: EventQuery; note: string | null };

/** Which event: by its local start time (and day), or by words of its title or attendees. */
export interface EventQuery {
  words: string;
  time: string | null;
  date: string | null;
  terms: string[];
}

type Lang = 'en' | 'zh';
type Step =
  | { type: 'call'; toolName: TToolName; input: Record<string, unknown> }
  | { type: 'text'; text: string };

/** How far ahead an event to move or cancel is looked for. */
const LOOK_AHEAD_DAYS = 14;

const EN_MOVE =
  /^(?:(?:can|could|would) you\s+|please\s+)*(?:move|push|reschedule|shift)\s+(.+?)\s+to\s+(.+)$/i;
const ZH_MOVE = /^(?:请|帮我)*把?(.+?)(?:改到|挪到|移到|推迟到|推到|换到|改期到)(.+)$/;
const EN_CANCEL =
  /^(?:(?:can|could|would) you\s+|please\s+)*(?:cancel|call off)\s+(.+?)(?:\s*(?:,\s*)?(?:and\s+)?(?:tell|let)\s+(?:him|her|them|[a-z]+)\s+(?:know\s+)?(?:that\s+)?(.+))?$/i;
const ZH_CANCEL =
  /^(?:请|帮我)*取消(.+?)(?:[，,、]\s*(?:并|然后|再)?(?:跟|和|给|告诉|对)(?:他|她|他们|[^，,\s]{1,12}?)(?:说声?|讲|道个?)?(.+))?$/;

const EN_FILLER = new Set(['my', 'the', 'a', 'an', 'with', 'and', 'meeting', 'event', 'our', 'one']);
const ZH_FILLER = /的会议?|会议|的|和|与|跟|同|我/g;

/** "change my time zone", 取消订阅: settings and the plan are not events. */
const NOT_AN_EVENT =
  /\b(?:time\s*zone|language|settings?|password|plan|subscription|account|reminders?|follow[-\s]?ups?)\b|时区|语言|设置|密码|套餐|订阅|账户|账号|提醒/i;

export function detectChange(text: string, now: LocalNow): ChangeIntent | null {
  if (NOT_AN_EVENT.test(text)) return null;
  const move = EN_MOVE.exec(text) ?? ZH_MOVE.exec(text);
  if (move) {
    const to = newWhen(move[2]!, now);
    if (!to) return null;
    return { kind: 'move-event', target: queryOf(move[1]!, now), to };
  }
  const cancel = EN_CANCEL.exec(text) ?? ZH_CANCEL.exec(text);
  if (cancel)
    return { kind: 'cancel-event', target: queryOf(cancel[1]!, now), note: cancel[2]?.trim() || null };
  return null;
}

function queryOf(words: string, now: LocalNow): EventQuery {
  const time = findTime(words);
  const day = dayOf(words, now);
  let rest = words;
  for (const found of [time, day]) if (found) rest = rest.replace(found.words, ' ');
  const terms = /\p{Script=Han}/u.test(rest)
    ? rest
        .replace(ZH_FILLER, ' ')
        .replace(/吃|午饭|午餐/g, (w) => (w === '吃' ? ' ' : ` ${w} `))
        .split(/\s+/)
    : rest
        .toLowerCase()
        .replace(/['’]s\b/g, '')
        .split(/[^\p{L}\p{N}]+/u);
  return {
    words: words.trim(),
    time: time?.value ?? null,
    date: day?.value ?? null,
    terms: terms.map((t) => t.trim().toLowerCase()).filter((t) => t && !EN_FILLER.has(t)),
  };
}

/** A day as people say it, or as the stand-in's own proposals write it (2026-11-26). */
function dayOf(text: string, now: LocalNow): { value: string; words: string } | null {
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text);
  return iso ? { value: iso[1]!, words: iso[0] } : findDay(text, now);
}

/** The new day or time: "tomorrow", "4", "Friday at 10", 明天, 下午4点. */
function newWhen(text: string, now: LocalNow): { date: string | null; time: string | null } | null {
  const day = dayOf(text, now);
  let time = findTime(text)?.value ?? null;
  const bare = /^(\d{1,2})(?::(\d{2}))?$/.exec(text.trim());
  if (!time && bare) {
    const hour = Number(bare[1]);
    const minute = Number(bare[2] ?? 0);
    // As a booking reads them: 1 to 7 are afternoon.
    if (hour <= 23 && minute <= 59)
      time = `${String(hour >= 1 && hour <= 7 ? hour + 12 : hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  }
  if (!day && !time) return null;
  return { date: day?.value ?? null, time };
}

/** An event as listed: what moving or cancelling it needs. */
const ZListedEvent = z.object({
  id: z.string(),
  connectionId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  attendees: z.array(z.string()).optional(),
  allDay: z.boolean().optional(),
});
type ListedEvent = z.infer<typeof ZListedEvent>;

const ZSlot = z.object({ start: z.string(), end: z.string() });
const ZNewTimes = z.object({ newTimes: z.array(ZSlot), nextWindow: ZSlot.optional() });

/** The one event meant, or why not: none, or several on the first day with any. */
export function pickEvent(
  events: ListedEvent[],
  query: EventQuery,
  now: LocalNow,
): { event: ListedEvent } | { none: true } | { several: ListedEvent[] } {
  const nowAt = `${now.date}T${now.time}`;
  const matching = events.filter((event) => {
    if (event.allDay || event.start < nowAt) return false;
    if (query.date && event.start.slice(0, 10) !== query.date) return false;
    if (query.time && event.start.slice(11, 16) !== query.time) return false;
    const haystack = squeeze([event.title, ...(event.attendees ?? [])].join(' '));
    return query.terms.every((term) => haystack.includes(squeeze(term)));
  });
  if (matching.length === 0 || (!query.time && query.terms.length === 0)) return { none: true };
  const firstDay = matching[0]!.start.slice(0, 10);
  const sameDay = matching.filter((event) => event.start.slice(0, 10) === firstDay);
  return sameDay.length === 1 ? { event: sameDay[0]! } : { several: sameDay };
}

/** Lower case, letters and digits only: "standup" finds "Team stand-up". */
const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)) / 60_000);
}

const isApology = (note: string) =>
  /^(?:(?:i'?m\s+)?sorry|apologi[sz]e|my apologies)$|^(?:抱歉|对不起|不好意思|道歉)$/i.test(note.trim());

/** The short note the cancellation carries: an apology in the person's words, or theirs as said. */
export function noteFor(lang: Lang, note: string, title: string): string {
  if (isApology(note))
    return lang === 'zh'
      ? `抱歉，我得取消“${oneLine(title)}”。`
      : `Sorry, I have to cancel "${oneLine(title)}".`;
  const text = note.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One step of moving or cancelling: list, then ask for new times or the change. */
export function changeStep(
  intent: ChangeIntent,
  outcomes: ToolOutcome[],
  lang: Lang,
  now: LocalNow,
  failed: (output: Extract<ToolOutcome['output'], { ok: false }>) => string,
): Step {
  const last = (name: TToolName) => outcomes.filter((o) => o.toolName === name).at(-1);
  const listed = last('calendar_list_events');
  if (!listed)
    return {
      type: 'call',
      toolName: 'calendar_list_events',
      input: { from: now.date, to: addDays(now.date, LOOK_AHEAD_DAYS) },
    };
  if (!listed.output.ok) return { type: 'text', text: failed(listed.output) };
  const picked = pickEvent(findAll(listed.output.value, ZListedEvent), intent.target, now);
  if ('none' in picked) return { type: 'text', text: notFoundReply(lang, intent.target.words) };
  if ('several' in picked)
    return { type: 'text', text: severalReply(lang, intent.target.words, picked.several) };
  const { event } = picked;
  const ids = { connectionId: event.connectionId, eventId: event.id };
  if (intent.kind === 'cancel-event') {
    return {
      type: 'call',
      toolName: 'calendar_delete_event',
      input: { ...ids, ...(intent.note ? { message: noteFor(lang, intent.note, event.title) } : {}) },
    };
  }
  const date = intent.to.date ?? event.start.slice(0, 10);
  if (intent.to.time) {
    const start = `${date}T${intent.to.time}`;
    return {
      type: 'call',
      toolName: 'calendar_update_event',
      input: { ...ids, start, end: addMinutes(start, minutesBetween(event.start, event.end)) },
    };
  }
  const asked = last('calendar_free_busy');
  if (!asked)
    return { type: 'call', toolName: 'calendar_free_busy', input: { from: date, to: date, ...ids } };
  if (!asked.output.ok) return { type: 'text', text: failed(asked.output) };
  const found = ZNewTimes.safeParse(asked.output.value);
  return {
    type: 'text',
    text: newTimesReply(lang, event, date, found.success ? found.data.newTimes : []),
  };
}

const hm = (local: string) => local.slice(11, 16);
const label = (lang: Lang, event: ListedEvent) =>
  lang === 'zh'
    ? `“${oneLine(event.title)}”（${event.start.slice(0, 10)} ${hm(event.start)}）`
    : `"${oneLine(event.title)}" (${event.start.slice(0, 10)} ${hm(event.start)})`;

export function notFoundReply(lang: Lang, words: string): string {
  return lang === 'zh'
    ? `在接下来两周的日程里没有找到“${oneLine(words)}”，什么都没有改动。可以说得更具体些，例如“把周五下午3点的会改到4点”。`
    : `I couldn't find "${oneLine(words)}" in your next two weeks, so nothing was changed. Try naming its day and time, like "move Friday's 3pm to 4".`;
}

export function severalReply(lang: Lang, words: string, events: ListedEvent[]): string {
  const list = events.map((event) => label(lang, event)).join(lang === 'zh' ? '；' : '; ');
  return lang === 'zh'
    ? `“${oneLine(words)}”对应多个日程，什么都没有改动：${list}。请说出标题或时间。`
    : `More than one event matches "${oneLine(words)}", so nothing was changed: ${list}. Which one? Say its title or time.`;
}

export function newTimesReply(
  lang: Lang,
  event: ListedEvent,
  date: string,
  slots: { start: string; end: string }[],
): string {
  if (slots.length === 0)
    return lang === 'zh'
      ? `${date} 没有大家都有空的时间，${label(lang, event)}没有改动。换一天试试？`
      : `${date} has no time that suits everyone, so ${label(lang, event)} is unchanged. Another day?`;
  const list = slots.map((slot, i) => `${i + 1}) ${hm(slot.start)}–${hm(slot.end)}`).join(', ');
  const example = `${hm(slots[0]!.start)}`;
  return lang === 'zh'
    ? `${label(lang, event)}可以改到 ${date}：${list}。回复例如“把${hm(event.start)}的会改到${date} ${example}”，我会先请您确认再通知参会者。`
    : `${label(lang, event)} could move to ${date}: ${list}. Say e.g. "move my ${hm(event.start)} to ${date} at ${example}" and I'll ask your YES before the attendees are told.`;
}
