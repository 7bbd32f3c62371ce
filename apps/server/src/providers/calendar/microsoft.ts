import type { TCalendarEvent } from '@app/contract/oauth/list-events';
import { z } from 'zod';
import { CalendarProtocolError, CalendarScopeError, type EventsRange } from './calendar';
import { getJson, type JsonFailure } from './fetch-json';

const MAX_PAGES = 25;

const ZWhen = z.object({ dateTime: z.string(), timeZone: z.string().optional() });
/** The parts of Graph's `GET /me/calendarView` we read (learn.microsoft.com/graph/api/user-list-calendarview). */
const ZCalendarView = z.object({
  '@odata.nextLink': z.string().optional(),
  value: z
    .array(
      z.object({
        id: z.string(),
        subject: z.string().nullable().optional(),
        isAllDay: z.boolean().optional(),
        isCancelled: z.boolean().optional(),
        start: ZWhen,
        end: ZWhen,
        location: z.object({ displayName: z.string().nullable().optional() }).nullable().optional(),
      }),
    )
    .default([]),
});
type GraphEvent = z.infer<typeof ZCalendarView>['value'][number];

/**
 * Microsoft Graph over REST: `/me/calendarView` (recurring events already expanded) with times
 * in UTC (`Prefer: outlook.timezone="UTC"`), following @odata.nextLink until enough events.
 */
export class MicrosoftCalendar {
  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {}

  async listEvents(accessToken: string, range: EventsRange): Promise<TCalendarEvent[]> {
    const origin = new URL(this.options.baseUrl).origin;
    const events: TCalendarEvent[] = [];
    let url: URL | null = new URL(`${this.options.baseUrl}/me/calendarView`);
    url.search = new URLSearchParams({
      startDateTime: range.timeMin,
      endDateTime: range.timeMax,
      $orderby: 'start/dateTime',
      $top: String(Math.min(250, range.maxResults)),
      $select: 'id,subject,isAllDay,isCancelled,start,end,location',
    }).toString();
    for (let page = 0; url && page < MAX_PAGES; page += 1) {
      const raw = await getJson(
        url,
        {
          headers: {
            authorization: `Bearer ${accessToken}`,
            prefer: 'outlook.timezone="UTC"',
          },
          timeoutMs: this.options.timeoutMs,
          service: 'Microsoft Graph',
        },
        graphClientError,
      );
      const parsed = ZCalendarView.safeParse(raw);
      if (!parsed.success) throw new CalendarProtocolError('Microsoft Graph answered an unexpected shape');
      for (const item of parsed.data.value) {
        if (!item.isCancelled) events.push(toEvent(item));
      }
      const next = parsed.data['@odata.nextLink'];
      if (!next || events.length >= range.maxResults) break;
      url = new URL(next);
      // The next link carries our bearer token: it may only lead back to the same API.
      if (url.origin !== origin)
        throw new CalendarProtocolError('Microsoft Graph sent a next link elsewhere');
    }
    return events.slice(0, range.maxResults);
  }
}

/** Graph writes UTC times without a zone designator ("2026-11-23T09:00:00.0000000"). */
function instant(value: z.infer<typeof ZWhen>): string {
  const text = /([zZ]|[+-]\d\d:\d\d)$/.test(value.dateTime) ? value.dateTime : `${value.dateTime}Z`;
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw new CalendarProtocolError('Microsoft Graph sent an event without a time');
  return new Date(parsed).toISOString();
}

function toEvent(item: GraphEvent): TCalendarEvent {
  const allDay = item.isAllDay ?? false;
  // All-day events run midnight to midnight in the zone asked for (UTC): the dates are the event.
  const when = (value: z.infer<typeof ZWhen>) => (allDay ? instant(value).slice(0, 10) : instant(value));
  return {
    id: item.id,
    title: item.subject ?? '',
    start: when(item.start),
    end: when(item.end),
    allDay,
    location: item.location?.displayName || null,
    calendar: null,
  };
}

/** Graph's 403 is ErrorAccessDenied: the token lacks Calendars.Read(Write). */
function graphClientError(failure: JsonFailure): Error {
  if (failure.status === 403)
    return new CalendarScopeError('Microsoft Graph: the calendar permission is missing');
  const message = (failure.body as { error?: { message?: string } } | null)?.error?.message;
  return new CalendarProtocolError(
    `Microsoft Graph answered ${failure.status}${message ? `: ${message}` : ''}`,
  );
}
