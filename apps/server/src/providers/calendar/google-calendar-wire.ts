import type { TAttendee, TWorkspaceEvent } from '@app/contract/workspace/calendar';
import { z } from 'zod';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import type { EventWhen } from './calendar-adapter';
import { encodeEventId } from './google-event-id';

/** Calendar API v3 as we read it (developers.google.com/calendar/api/v3/reference). */

const ZWhen = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});

export const ZGoogleEvent = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  // A cancelled occurrence of a recurring event comes with its id and status alone.
  start: ZWhen.optional(),
  end: ZWhen.optional(),
  recurringEventId: z.string().optional(),
  organizer: z.object({ email: z.string().optional() }).optional(),
  attendees: z
    .array(
      // Loose: an update sends kept attendees back whole, flags we do not read included.
      z.looseObject({
        email: z.string().optional(),
        displayName: z.string().optional(),
        responseStatus: z.string().optional(),
        organizer: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type GoogleEvent = z.infer<typeof ZGoogleEvent>;

export const ZEventsPage = z.object({
  items: z.array(ZGoogleEvent).default([]),
  nextPageToken: z.string().optional(),
  /** The calendar's own zone. */
  timeZone: z.string().optional(),
});

export const ZCalendarEntry = z.object({
  id: z.string().min(1),
  summary: z.string().optional(),
  /** The name the person gave a calendar someone shared with them. */
  summaryOverride: z.string().optional(),
  timeZone: z.string().optional(),
  accessRole: z.string(),
  primary: z.boolean().optional(),
});
export type CalendarEntry = z.infer<typeof ZCalendarEntry>;

export const ZCalendarList = z.object({
  items: z.array(ZCalendarEntry).default([]),
  nextPageToken: z.string().optional(),
});

const ZFreeBusyErrors = z.array(z.object({ domain: z.string().optional(), reason: z.string().optional() }));

export const ZFreeBusy = z.object({
  calendars: z.record(
    z.string(),
    z.object({
      busy: z.array(z.object({ start: z.string(), end: z.string() })).default([]),
      errors: ZFreeBusyErrors.optional(),
    }),
  ),
  /** A group (a Google Group's address) asked for: the calendars of its members, answered above. */
  groups: z
    .record(
      z.string(),
      z.object({ calendars: z.array(z.string()).optional(), errors: ZFreeBusyErrors.optional() }),
    )
    .optional(),
});
export type GoogleFreeBusy = z.infer<typeof ZFreeBusy>;

const RESPONSES: Record<string, TAttendee['response']> = {
  needsAction: 'needs_action',
  accepted: 'accepted',
  declined: 'declined',
  tentative: 'tentative',
};

/** A Google event in the workspace's shape; `calendar` is the entry of the calendar that holds it. */
export function toWorkspaceEvent(
  item: GoogleEvent,
  calendar: CalendarEntry,
  account: WorkspaceAccount,
): TWorkspaceEvent {
  if (!item.start || !item.end) throw protocol('an event without start or end');
  const allDay = item.start.date !== undefined;
  return {
    id: encodeEventId({ calendarId: calendar.id, eventId: item.id }),
    connectionId: account.connectionId,
    provider: 'google',
    calendarId: calendar.id,
    calendar: calendar.summaryOverride ?? calendar.summary ?? null,
    title: item.summary ?? '',
    start: allDay ? dateOf(item.start) : instantOf(item.start),
    end: allDay ? dateOf(item.end) : instantOf(item.end),
    allDay,
    timeZone: allDay ? null : (item.start.timeZone ?? calendar.timeZone ?? null),
    location: item.location || null,
    description: item.description || null,
    attendees: (item.attendees ?? []).flatMap((attendee) =>
      attendee.email
        ? [
            {
              email: attendee.email,
              name: attendee.displayName ?? null,
              response: RESPONSES[attendee.responseStatus ?? ''] ?? null,
            },
          ]
        : [],
    ),
    organizer: item.organizer?.email ?? null,
    recurring: Boolean(item.recurringEventId),
  };
}

function dateOf(when: z.infer<typeof ZWhen>): string {
  if (!when.date || !/^\d{4}-\d{2}-\d{2}$/.test(when.date)) throw protocol('an all-day event without a date');
  return when.date;
}

function instantOf(when: z.infer<typeof ZWhen>): string {
  const instant = Date.parse(when.dateTime ?? '');
  if (Number.isNaN(instant)) throw protocol('a timed event without a time');
  return new Date(instant).toISOString();
}

function protocol(what: string): ProviderError {
  return new ProviderError('protocol', `Google Calendar sent ${what}`);
}

/**
 * Start and end as Calendar v3 takes them. A PATCH merges into the event's own start and end,
 * so there the form not used is cleared with null: an all-day event made timed keeps no `date`.
 */
export function timesOf(when: EventWhen, patching: boolean): { start: object; end: object } {
  const cleared = (fields: string[]) =>
    patching ? Object.fromEntries(fields.map((name) => [name, null])) : {};
  if (when.allDay)
    return {
      start: { date: when.startDate, ...cleared(['dateTime', 'timeZone']) },
      end: { date: when.endDate, ...cleared(['dateTime', 'timeZone']) },
    };
  return {
    start: { dateTime: when.start, timeZone: when.timeZone, ...cleared(['date']) },
    end: { dateTime: when.end, timeZone: when.timeZone, ...cleared(['date']) },
  };
}
