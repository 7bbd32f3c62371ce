import { z } from 'zod';
import { MULTI_LINE_PATTERN, ZIsoDateTime, ZProvider, ZSingleLineText } from '../common';
import { MESSAGES } from '../messages';
import { isIanaZone } from '../usage/time-zone';

/**
 * The workspace's calendar shapes (issue 20): one for every provider (Google Calendar, Microsoft
 * Graph, CalDAV), so the assistant and an outside service never learn three APIs.
 *
 * Times: a timed event carries UTC instants (`2026-11-23T09:30:00.000Z`) and the IANA zone it
 * was written in (`Europe/Berlin`; Outlook's Windows names are mapped), so a reader can show it
 * in the person's own zone. An all-day event carries dates (`2026-11-24`), the end exclusive.
 */
export const ZAttendee = z.object({
  email: z.string(),
  name: z.string().nullable(),
  /** needsAction, accepted, declined, tentative, or null when the provider does not say. */
  response: z.enum(['needs_action', 'accepted', 'declined', 'tentative']).nullable(),
});
export type TAttendee = z.infer<typeof ZAttendee>;

export const ZWorkspaceEvent = z
  .object({
    /** The provider's id; with `connectionId` it names the event for update and delete. */
    id: z.string(),
    connectionId: z.string(),
    provider: ZProvider,
    /** The provider's id of the calendar that holds it (Google calendar id, Graph id, CalDAV URL). */
    calendarId: z.string(),
    /** The calendar's display name. */
    calendar: z.string().nullable(),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    allDay: z.boolean(),
    /** IANA zone of a timed event; null for all-day events or when the provider gives none. */
    timeZone: z.string().nullable(),
    location: z.string().nullable(),
    /** Plain text; whatever a stranger wrote in an invitation, so quoted, never obeyed. */
    description: z.string().nullable(),
    attendees: z.array(ZAttendee),
    organizer: z.string().nullable(),
    /** One occurrence of a recurring event, expanded in the range. */
    recurring: z.boolean(),
  })
  .meta({ id: 'WorkspaceEvent' });
export type TWorkspaceEvent = z.infer<typeof ZWorkspaceEvent>;

/** The longest range a list or free/busy may cover, so a provider's work and our answer stay bounded. */
export const MAX_WORKSPACE_RANGE_DAYS = 92;

/** `YYYY-MM-DD`, a real calendar date. */
export const ZDate = z.iso.date();
/** A wall-clock time without offset (`2026-12-01T09:30` or with seconds), read in `timeZone`. */
export const ZLocalDateTime = z.iso.datetime({ local: true });

export const ZTimeZone = ZSingleLineText.min(1)
  .max(64)
  .refine(isIanaZone, 'Unknown time zone: use an IANA name such as Europe/London.');

const ZEventText = z.string().max(8000).regex(MULTI_LINE_PATTERN, 'Control characters are not allowed.');

/**
 * A new event. Timed: `start` and `end` are either instants with an offset, or wall-clock times
 * read in `timeZone`; the event keeps `timeZone` as its zone (the person's when absent). All-day:
 * dates, the end exclusive (a one-day event on the 4th ends on the 5th).
 */
export const ZEventFields = z.object({
  title: ZSingleLineText.trim().min(1).max(300),
  start: z.union([ZIsoDateTime, ZLocalDateTime, ZDate]),
  end: z.union([ZIsoDateTime, ZLocalDateTime, ZDate]),
  allDay: z.boolean().default(false),
  timeZone: ZTimeZone.optional(),
  location: ZSingleLineText.trim().max(500).optional(),
  description: ZEventText.optional(),
  attendees: z.array(z.email().max(254)).max(100).optional(),
  /** Whether the attendees are told by the provider (Google `sendUpdates=all`, Graph always does). */
  sendUpdates: z.boolean().default(true),
});

export const ZCreateEventBody = ZEventFields.extend({
  /** Which account's calendar; absent: the person's default calendar (the first connection with one). */
  connectionId: ZSingleLineText.min(1).max(64).optional(),
  /** A calendar of that connection other than its primary one. */
  calendarId: ZSingleLineText.min(1).max(1000).optional(),
}).superRefine(checkEventTimes);
export type TCreateEventBody = z.infer<typeof ZCreateEventBody>;

/** Only what changes; times given together are checked together. */
export const ZUpdateEventBody = ZEventFields.partial()
  .extend({
    allDay: z.boolean().optional(),
    sendUpdates: z.boolean().default(true),
    location: ZSingleLineText.trim().max(500).nullable().optional(),
    description: ZEventText.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.start === undefined) !== (body.end === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Give start and end together.' });
      return;
    }
    if (body.start !== undefined && body.end !== undefined)
      checkEventTimes({ ...body, start: body.start, end: body.end, allDay: body.allDay ?? false }, ctx);
  });
export type TUpdateEventBody = z.infer<typeof ZUpdateEventBody>;

function checkEventTimes(
  body: { start: string; end: string; allDay: boolean },
  ctx: z.core.$RefinementCtx,
): void {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const wrongKind = body.allDay
    ? !isDate(body.start) || !isDate(body.end)
    : isDate(body.start) || isDate(body.end);
  if (wrongKind) {
    ctx.addIssue({
      code: 'custom',
      path: ['start'],
      message: body.allDay
        ? 'An all-day event takes dates (YYYY-MM-DD).'
        : 'A timed event takes date-times; set allDay for dates.',
    });
    return;
  }
  // No calendar holds anything a person asks for outside these years, and every provider's
  // format (RFC 3339, iCalendar) needs four digits either side of the offset.
  for (const [field, value] of [
    ['start', body.start],
    ['end', body.end],
  ] as const) {
    const year = Number(value.slice(0, 4));
    if (year < 1900 || year > 2999) {
      ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.en.eventsDateOutOfRange });
      return;
    }
  }
  // Wall-clock times in one zone compare as text; instants with offsets compare as instants.
  const comparable = (value: string) =>
    isDate(value) || !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : new Date(value).toISOString();
  const start = comparable(body.start);
  const end = comparable(body.end);
  const bothKinds = /Z$/.test(start) === /Z$/.test(end);
  if (bothKinds && end <= start)
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must come after the start.' });
}

export const ZBusyInterval = z.object({
  start: ZIsoDateTime,
  end: ZIsoDateTime,
  connectionId: z.string(),
});
export type TBusyInterval = z.infer<typeof ZBusyInterval>;
