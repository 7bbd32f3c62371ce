import { z } from 'zod';
import { OAUTH_SLUGS, ZIsoDateTime } from '../common';
import { defineRoute } from '../http';
import { MESSAGES } from '../messages';

/** The widest range one call may ask for: bounded work at the provider and in our response. */
export const MAX_EVENTS_RANGE_DAYS = 90;
/** What an open-ended query covers: a week from its one given end, or from now. */
export const DEFAULT_EVENTS_RANGE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instants a query may name. Outside them no calendar holds anything a person asks for, and
 * a range completed by a week from an end inside them still prints with a four-digit year, as
 * RFC 3339 (the providers' format and our response's) requires: 9999-12-31 plus a week does not.
 */
export const EVENTS_EARLIEST = Date.UTC(1900, 0, 1);
export const EVENTS_LATEST = Date.UTC(3000, 0, 1) - 1;

const ZEventsInstant = ZIsoDateTime.refine((value) => {
  const at = Date.parse(value);
  return at >= EVENTS_EARLIEST && at <= EVENTS_LATEST;
}, MESSAGES.en.eventsDateOutOfRange);

/**
 * An optional time range (ISO 8601 with an offset, years 1900 to 2999). Either end alone is
 * completed by the server to a week; when both are given the start must come first and the span
 * be at most 90 days.
 */
export const ZListEventsQuery = z
  .object({
    timeMin: ZEventsInstant.optional(),
    timeMax: ZEventsInstant.optional(),
    maxResults: z.coerce.number().int().min(1).max(250).default(50),
  })
  .superRefine((query, ctx) => {
    if (!query.timeMin || !query.timeMax) return;
    const span = Date.parse(query.timeMax) - Date.parse(query.timeMin);
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', path: ['timeMax'], message: MESSAGES.en.eventsRangeOrder });
    } else if (span > MAX_EVENTS_RANGE_DAYS * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['timeMax'], message: MESSAGES.en.eventsRangeTooLong });
    }
  });
export type TListEventsQuery = z.infer<typeof ZListEventsQuery>;

/**
 * One event, the same for every provider. Timed events carry UTC instants
 * (`2026-11-23T09:30:00.000Z`); all-day events carry dates (`2026-11-24`), their end exclusive
 * as both Google and Microsoft give it.
 */
export const ZCalendarEvent = z
  .object({
    id: z.string(),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    allDay: z.boolean(),
    location: z.string().nullable(),
    calendar: z.string().nullable(),
  })
  .meta({ id: 'CalendarEvent' });
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

/** Not shown in the spec: a normalised event list, the same for Google and Microsoft, by start. */
export const ZListEventsResponse = z.object({
  events: z.array(ZCalendarEvent),
  /**
   * The range actually covered, after the server completed an open-ended query. Optional so
   * every calendar (Apple's too) can answer with this one response schema.
   */
  timeMin: ZIsoDateTime.optional(),
  timeMax: ZIsoDateTime.optional(),
});
export type TListEventsResponse = z.infer<typeof ZListEventsResponse>;

/** Completes an open-ended query to the range the server asks the provider for. */
export function eventsRange(query: Pick<TListEventsQuery, 'timeMin' | 'timeMax'>, now: Date) {
  const week = DEFAULT_EVENTS_RANGE_DAYS * DAY_MS;
  const min = query.timeMin
    ? new Date(query.timeMin)
    : query.timeMax
      ? new Date(Date.parse(query.timeMax) - week)
      : now;
  const max = query.timeMax ? new Date(query.timeMax) : new Date(min.getTime() + week);
  return { timeMin: min.toISOString(), timeMax: max.toISOString() };
}

function listEventsRoute<P extends 'google' | 'microsoft'>(provider: P) {
  return defineRoute({
    method: 'GET',
    path: `/${OAUTH_SLUGS[provider]}/events` as `/${(typeof OAUTH_SLUGS)[P]}/events`,
    summary: `The signed-in person's ${provider} calendar events in a time range (at most 90 days)`,
    tag: 'oauth',
    auth: true,
    query: ZListEventsQuery,
    response: ZListEventsResponse,
    errors: [
      'UNAUTHORIZED',
      'NOT_CONNECTED',
      'NEEDS_RECONNECT',
      'FORBIDDEN',
      'PROVIDER_ERROR',
      'SERVICE_UNAVAILABLE',
    ],
  });
}

export const googleEventsRoute = listEventsRoute('google');
export const azureEventsRoute = listEventsRoute('microsoft');
