import type { TToolName } from '@app/contract/assistant/tools';
import { z } from 'zod';
import type { ReadPrompt } from './stand-in-prompt';
import { dayName, type Lang, oneLine } from './stand-in-replies';
import { approvalRequested } from './stand-in-results';
import { addMinutes, findDay, findTime } from './stand-in-when';

/**
 * The stand-in after "YES but …" (decision 451): code has cancelled the request, and the system
 * prompt names it (PROMPT_FACTS.amending). The stand-in asks again with the same tool, changed to
 * the time or day the person's latest text names ("make it 1pm", 改到下午1点, "Friday at 3"),
 * for a new YES; any other change (who is invited, the words of a mail) it cannot make, and says
 * so plainly. It reads only the person's text and the cancelled request code gave it.
 */
export type AmendStep =
  | { type: 'call'; toolName: TToolName; input: Record<string, unknown>; text: string }
  | { type: 'text'; text: string };

const local = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const ZCreate = z.object({
  kind: z.literal('create_event'),
  event: z.object({
    title: z.string(),
    start: local,
    end: local,
    allDay: z.boolean().optional(),
    location: z.string().optional(),
    description: z.string().optional(),
    attendees: z.array(z.string()).optional(),
    connectionId: z.string().optional(),
  }),
});
const ZUpdate = z.object({
  kind: z.literal('update_event'),
  connectionId: z.string(),
  eventId: z.string(),
  patch: z.object({
    title: z.string().optional(),
    start: local,
    end: local,
    location: z.string().optional(),
  }),
});

const minutesBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}:00Z`) - Date.parse(`${from}:00Z`)) / 60_000);

/** The start moved to the day and time the text names (either kept when not named), same length. */
function moved(
  text: string,
  read: ReadPrompt,
  start: string,
  end: string,
): { start: string; end: string } | null {
  const time = findTime(text);
  const day = read.facts.now ? findDay(text, read.facts.now) : null;
  if (!time && !day) return null;
  const next = `${day?.value ?? start.slice(0, 10)}T${time?.value ?? start.slice(11, 16)}`;
  return { start: next, end: addMinutes(next, Math.max(5, minutesBetween(start, end))) };
}

/** The next step of a turn after "YES but …", or null when no request was cancelled. */
export function amendStep(read: ReadPrompt, tools: ReadonlySet<string>): AmendStep | null {
  const amending = read.facts.amending;
  if (!amending) return null;
  const lang = read.facts.language;
  const asked = read.outcomes.find((outcome) => outcome.toolName === amending.tool);
  if (asked) {
    const start = (asked.input as { start?: string } | undefined)?.start ?? '';
    return {
      type: 'text',
      text:
        asked.output.ok && approvalRequested(asked.output.value)
          ? askedAgainReply(lang, start)
          : couldNotAskReply(lang),
    };
  }
  const create = ZCreate.safeParse(amending.action);
  if (create.success && amending.tool === 'calendar_create_event' && !create.data.event.allDay) {
    const { event } = create.data;
    const time = moved(read.latest, read, event.start, event.end);
    if (time && tools.has('calendar_create_event'))
      return {
        type: 'call',
        toolName: 'calendar_create_event',
        text: cancelledNote(lang),
        input: {
          title: event.title,
          ...time,
          ...(event.location ? { location: event.location } : {}),
          ...(event.description ? { description: event.description } : {}),
          ...(event.attendees?.length ? { attendees: event.attendees } : {}),
          ...(event.connectionId ? { connectionId: event.connectionId } : {}),
        },
      };
  }
  const update = ZUpdate.safeParse(amending.action);
  if (update.success && amending.tool === 'calendar_update_event') {
    const { connectionId, eventId, patch } = update.data;
    const time = moved(read.latest, read, patch.start, patch.end);
    if (time && tools.has('calendar_update_event'))
      return {
        type: 'call',
        toolName: 'calendar_update_event',
        text: cancelledNote(lang),
        input: {
          connectionId,
          eventId,
          ...time,
          ...(patch.title ? { title: patch.title } : {}),
          ...(patch.location !== undefined ? { location: patch.location } : {}),
        },
      };
  }
  return { type: 'text', text: cannotChangeReply(lang) };
}

/** Said with the changed request (asking ends the turn, so nothing is said after it). */
function cancelledNote(lang: Lang): string {
  return lang === 'zh' ? '已取消原来的请求，没有执行。' : 'I cancelled the old request; nothing was done.';
}

/** The changed request went out for a new YES; the old one is gone. */
function askedAgainReply(lang: Lang, start: string): string {
  const when = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(start)
    ? `${dayName(lang, start.slice(0, 10))} ${start.slice(11, 16)}`
    : '';
  if (lang === 'zh') return `已取消原来的请求，没有执行。改为${oneLine(when, 30)}的新请求需要您再回复“是”。`;
  return `I cancelled the old request; nothing was done. Reply YES to the new one${when ? ` for ${oneLine(when, 30)}` : ''}.`;
}

function couldNotAskReply(lang: Lang): string {
  return lang === 'zh'
    ? '已取消原来的请求，没有执行，但没能提出修改后的请求。请把完整的请求再发一次。'
    : "I cancelled the old request; nothing was done. I couldn't ask for the changed one: please send the whole request again.";
}

/** What the stand-in cannot change by "YES but …": only an event's day or time. */
export function cannotChangeReply(lang: Lang): string {
  return lang === 'zh'
    ? '已取消原来的请求，没有执行。我只能修改活动的日期或时间；请把完整的请求连同改动再发一次。'
    : "I cancelled that request; nothing was done. I can only change an event's day or time this way: please send the whole request again with the change.";
}
