import { defineRoute } from '../http';
import { ZListEventsQuery, ZListEventsResponse } from '../oauth/list-events';

/** The same query, range rules and event shape as Google's and Microsoft's events. */
export const appleEventsRoute = defineRoute({
  method: 'GET',
  path: '/apple/events',
  summary: "The signed-in person's iCloud calendar events in a time range (CalDAV, at most 90 days)",
  tag: 'integrations',
  auth: true,
  query: ZListEventsQuery,
  response: ZListEventsResponse,
  errors: ['UNAUTHORIZED', 'NOT_CONNECTED', 'NEEDS_RECONNECT', 'FORBIDDEN', 'SERVICE_UNAVAILABLE'],
});
