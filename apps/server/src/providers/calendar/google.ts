import type { TCalendarEvent } from '@app/contract/oauth/list-events';
import { z } from 'zod';
import { CalendarProtocolError, CalendarScopeError, type EventsRange } from './calendar';
import { getJson, type JsonFailure } from './fetch-json';

/** A page loop that never ends is a provider bug; this many pages is far beyond 250 events. */
const MAX_PAGES = 25;

const ZWhen = z.object({ date: z.string().optional(), dateTime: z.string().optional() });
/** The parts of Calendar API v3 `events.list` we read (developers.google.com/calendar/api/v3/reference/events/list). */
const ZGoogleEvents = z.object({
  summary: z.string().optional(),
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z.object({
        id: z.string(),
        status: z.string().optional(),
        summary: z.string().optional(),
        location: z.string().optional(),
        start: ZWhen,
        end: ZWhen,
      }),
    )
    .default([]),
});
type GoogleEvent = z.infer<typeof ZGoogleEvents>['items'][number];

/**
 * Google Calendar API v3 over REST: `events.list` on the primary calendar with recurring events
 * expanded (singleEvents) and ordered by start, following nextPageToken until enough events.
 */
export class GoogleCalendar {
  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  async listEvents(accessToken: string, range: EventsRange): Promise<TCalendarEvent[]> {
    const events: TCalendarEvent[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = new URL(`${this.options.baseUrl}/calendars/primary/events`);
      url.search = new URLSearchParams({
        timeMin: range.timeMin,
        timeMax: range.timeMax,
        singleEvents: 'true',
        orderBy: 'startTime',
        timeZone: 'UTC',
        maxResults: String(Math.min(250, range.maxResults - events.length)),
        ...(pageToken ? { pageToken } : {}),
      }).toString();
      const raw = await getJson(
        url,
        {
          headers: { authorization: `Bearer ${accessToken}` },
          timeoutMs: this.options.timeoutMs,
          service: 'Google Calendar',
        },
        googleClientError,
      );
      const parsed = ZGoogleEvents.safeParse(raw);
      if (!parsed.success) throw new CalendarProtocolError('Google Calendar answered an unexpected shape');
      for (const item of parsed.data.items) {
        if (item.status === 'cancelled') continue;
        events.push(toEvent(item, parsed.data.summary ?? null));
      }
      pageToken = parsed.data.nextPageToken;
      if (!pageToken || events.length >= range.maxResults) break;
    }
    return events.slice(0, range.maxResults);
  }
}

function toEvent(item: GoogleEvent, calendar: string | null): TCalendarEvent {
  const allDay = Boolean(item.start.date);
  const when = (value: z.infer<typeof ZWhen>) => {
    if (allDay) return value.date ?? '';
    const instant = Date.parse(value.dateTime ?? '');
    if (Number.isNaN(instant))
      throw new CalendarProtocolError('Google Calendar sent an event without a time');
    return new Date(instant).toISOString();
  };
  return {
    id: item.id,
    title: item.summary ?? '',
    start: when(item.start),
    end: when(item.end),
    allDay,
    location: item.location ?? null,
    calendar,
  };
}

/** Google says "not allowed" with 403 and reasons such as insufficientPermissions. */
function googleClientError(failure: JsonFailure): Error {
  if (failure.status === 403)
    return new CalendarScopeError('Google Calendar: the calendar permission is missing');
  const message = (failure.body as { error?: { message?: string } } | null)?.error?.message;
  return new CalendarProtocolError(
    `Google Calendar answered ${failure.status}${message ? `: ${message}` : ''}`,
  );
}
