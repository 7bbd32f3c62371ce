import { defineRoute } from '../http';
import { ZListEventsQuery, ZListEventsResponse } from '../oauth/list-events';

/** The longest window one call may ask for, as for Google and Microsoft events. */
export const MAX_EVENTS_RANGE_DAYS = 90;

/**
 * Google's and Microsoft's query with the range rules: the start before the end, and at most
 * 90 days between them (a CalDAV server expands every recurring event over the window).
 */
export const ZListAppleEventsQuery = ZListEventsQuery.superRefine((query, ctx) => {
  if (!query.timeMin || !query.timeMax) return;
  const start = Date.parse(query.timeMin);
  const end = Date.parse(query.timeMax);
  if (end <= start) {
    ctx.addIssue({ code: 'custom', path: ['timeMax'], message: 'timeMax must be after timeMin' });
  } else if (end - start > MAX_EVENTS_RANGE_DAYS * 24 * 60 * 60_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeMax'],
      message: `The range may span at most ${MAX_EVENTS_RANGE_DAYS} days`,
    });
  }
});

export const appleEventsRoute = defineRoute({
  method: 'GET',
  path: '/apple/events',
  summary: 'iCloud calendar events in a time range (CalDAV)',
  tag: 'integrations',
  auth: true,
  query: ZListAppleEventsQuery,
  response: ZListEventsResponse,
  errors: ['UNAUTHORIZED', 'NOT_CONNECTED', 'NEEDS_RECONNECT', 'SERVICE_UNAVAILABLE'],
});
