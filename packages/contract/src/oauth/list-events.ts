import { z } from 'zod';
import { OAUTH_SLUGS, ZIsoDateTime } from '../common';
import { defineRoute } from '../http';

export const ZListEventsQuery = z.object({
  timeMin: ZIsoDateTime.optional(),
  timeMax: ZIsoDateTime.optional(),
  maxResults: z.coerce.number().int().min(1).max(250).default(50),
});

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

/** Not shown in the spec: a normalised event list, the same for Google and Microsoft. */
export const ZListEventsResponse = z.object({ events: z.array(ZCalendarEvent) });
export type TListEventsResponse = z.infer<typeof ZListEventsResponse>;

function listEventsRoute<P extends 'google' | 'microsoft'>(provider: P) {
  return defineRoute({
    method: 'GET',
    path: `/${OAUTH_SLUGS[provider]}/events` as `/${(typeof OAUTH_SLUGS)[P]}/events`,
    summary: `Upcoming ${provider} calendar events`,
    tag: 'oauth',
    auth: true,
    query: ZListEventsQuery,
    response: ZListEventsResponse,
    errors: ['UNAUTHORIZED', 'NOT_CONNECTED', 'PROVIDER_ERROR'],
  });
}

export const googleEventsRoute = listEventsRoute('google');
export const azureEventsRoute = listEventsRoute('microsoft');
