import { randomUUID } from 'node:crypto';
import type { TBusyInterval, TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TOthersBusy } from '@app/contract/workspace/others-free-busy';
import { z } from 'zod';
import { DavFailure } from '../icloud/dav-fetch';
import {
  type DavServers,
  type DavSession,
  DavSessions,
  isInside,
  withSlash,
  ZXmlText,
} from '../icloud/dav-session';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { allUnknown } from './all-unknown';
import { type CaldavEventRef, calendarUrlOf, decodeEventId, encodeEventId } from './caldav-event-id';
import type {
  CalendarAdapter,
  DeleteOptions,
  EventPatch,
  InstantRange,
  NewEvent,
  OthersQuery,
} from './calendar-adapter';
import { describeCalendarEvent, expandCalendarObject, type IcalOccurrence } from './ical-events';
import { newCalendarObject, patchCalendarObject, withoutOccurrence } from './ical-write';
import { idempotentId } from './idempotent-id';
import { mergeBusy } from './merge-busy';

export type CaldavCalendarOptions = DavServers;

const SERVICE = 'iCloud Calendar';
const DAY = 86_400_000;

export interface CalendarRef {
  url: string;
  name: string;
}

const ZCalendars = z.array(
  z.object({
    url: z.string(),
    displayName: z.unknown().optional(),
    components: z.array(z.string()).optional(),
  }),
);

/** Every answer a multistatus response; one without calendar data (a collection) is passed over. */
const ZObjects = z.array(
  z.object({
    href: z.string(),
    props: z.object({ calendarData: ZXmlText.optional() }),
  }),
);

export function nameOf(url: string, displayName: unknown): string {
  const text = (displayName as { _cdata?: unknown } | null)?._cdata ?? displayName;
  if (typeof text === 'string' && text.trim()) return text.trim();
  return decodeURIComponent(url.replace(/\/+$/, '').split('/').pop() ?? '');
}

/** RFC 4791 time-range form: `20261201T093000Z`. */
function davTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function protocol(what: string, cause: unknown): ProviderError {
  return new ProviderError('protocol', `${SERVICE} answered ${what} we cannot read`, { cause });
}

/**
 * Apple iCloud Calendar (any CalDAV server, RFC 4791) behind the workspace's calendar shape.
 * Recurring series are expanded here (ical-events.ts); event ids carry the object URL and the
 * occurrence (caldav-event-id.ts). One occurrence of a series is changed as RFC 5545 has it:
 * an override VEVENT with its RECURRENCE-ID for an update, an EXDATE for a delete.
 */
export class CaldavCalendarAdapter implements CalendarAdapter {
  private readonly sessions: DavSessions;

  constructor(options: CaldavCalendarOptions) {
    this.sessions = new DavSessions(options, SERVICE);
  }

  async listEvents(
    account: WorkspaceAccount,
    range: InstantRange & { limit: number },
  ): Promise<TWorkspaceEvent[]> {
    const found = await this.read(account, range);
    return found
      .filter(({ occurrence }) => !occurrence.cancelled)
      .sort((a, b) => a.occurrence.startMs - b.occurrence.startMs || a.occurrence.endMs - b.occurrence.endMs)
      .slice(0, range.limit)
      .map(({ calendar, url, occurrence }) => this.event(account, calendar, url, occurrence));
  }

  async freeBusy(
    account: WorkspaceAccount,
    range: InstantRange,
  ): Promise<Omit<TBusyInterval, 'connectionId'>[]> {
    const busy = (await this.read(account, range))
      .map(({ occurrence }) => occurrence)
      .filter((occurrence) => !occurrence.cancelled && !occurrence.transparent)
      .map((occurrence) => ({ start: occurrence.startMs, end: occurrence.endMs }));
    return mergeBusy(busy, range);
  }

  /**
   * CalDAV has no way to see other people's time: RFC 6638's free-busy query goes to the
   * scheduling outbox of a server that knows the attendee, and iCloud answers it for nobody
   * outside the account (decision 548). Everyone is unknown, asked nothing.
   */
  async othersFreeBusy(_account: WorkspaceAccount, query: OthersQuery): Promise<Record<string, TOthersBusy>> {
    return allUnknown(query.emails, 'not_supported');
  }

  async createEvent(account: WorkspaceAccount, event: NewEvent): Promise<TWorkspaceEvent> {
    return this.sessions.run(account, async (session) => {
      const calendars = await this.calendars(session);
      const calendar = event.calendarId
        ? calendars.find((c) => sameCollection(c.url, event.calendarId!))
        : calendars[0];
      if (!calendar) {
        throw new ProviderError(
          'not_found',
          event.calendarId ? `${SERVICE} has no such calendar` : `${SERVICE} has no calendar for events`,
        );
      }
      // With an idempotency key the object's name and UID come from it: a second PUT of the same
      // name is refused (412) and the first one's event is the answer.
      const uid = event.idempotencyKey ? idempotentId(event.idempotencyKey) : randomUUID();
      const url = new URL(`${uid}.ics`, withSlash(calendar.url)).href;
      const text = newCalendarObject({
        uid,
        title: event.title,
        when: event.when,
        location: event.location,
        description: event.description,
        attendees: event.attendees,
        organizer: account.email,
        now: new Date(),
        tentative: event.tentative ?? false,
      });
      // If-None-Match: never overwrite an object that has the name already.
      try {
        await session.fetch(url, {
          method: 'PUT',
          headers: {
            ...session.headers,
            'content-type': 'text/calendar; charset=utf-8',
            'if-none-match': '*',
          },
          body: text,
        });
      } catch (error) {
        if (!event.idempotencyKey || !(error instanceof DavFailure) || error.status !== 412) throw error;
        const existing = await this.get(session, url);
        const occurrence = describeCalendarEvent(existing.text, null, { floatingZone: account.timeZone });
        return this.event(account, calendar, url, occurrence);
      }
      // The event as written: reading it back could fail after the write succeeded, and a
      // caller that retried then would create it twice.
      const occurrence = describeCalendarEvent(text, null, { floatingZone: account.timeZone });
      return this.event(account, calendar, url, occurrence);
    });
  }

  async updateEvent(account: WorkspaceAccount, eventId: string, patch: EventPatch): Promise<TWorkspaceEvent> {
    const ref = decodeEventId(eventId);
    return this.sessions.run(account, async (session) => {
      this.checkOwn(session, ref);
      const { text, etag } = await this.get(session, ref.url);
      const calendar = await this.calendar(session, calendarUrlOf(ref.url));
      const next = patchCalendarObject(text, ref.recurrenceId, patch, this.context(account));
      await session.fetch(ref.url, {
        method: 'PUT',
        headers: { ...session.headers, 'content-type': 'text/calendar; charset=utf-8', 'if-match': etag },
        body: next,
      });
      const occurrence = describeCalendarEvent(next, ref.recurrenceId, { floatingZone: account.timeZone });
      return this.event(account, calendar, ref.url, occurrence);
    });
  }

  /** `sendUpdates` is the server's to honour: iCloud tells attendees of a change itself. */
  async deleteEvent(
    account: WorkspaceAccount,
    eventId: string,
    _options: DeleteOptions,
  ): Promise<{ commented: boolean }> {
    const ref = decodeEventId(eventId);
    await this.sessions.run(account, async (session) => {
      this.checkOwn(session, ref);
      const { text, etag } = await this.get(session, ref.url);
      const next =
        ref.recurrenceId === null ? null : withoutOccurrence(text, ref.recurrenceId, this.context(account));
      if (next === null) {
        await session.fetch(ref.url, { method: 'DELETE', headers: { ...session.headers, 'if-match': etag } });
      } else {
        await session.fetch(ref.url, {
          method: 'PUT',
          headers: { ...session.headers, 'content-type': 'text/calendar; charset=utf-8', 'if-match': etag },
          body: next,
        });
      }
    });
    return { commented: false };
  }

  private context(account: WorkspaceAccount) {
    return { organizer: account.email, now: new Date(), floatingZone: account.timeZone };
  }

  /** Every event object of every calendar overlapping the range, expanded. */
  private async read(
    account: WorkspaceAccount,
    range: InstantRange,
  ): Promise<{ calendar: CalendarRef; url: string; occurrence: IcalOccurrence }[]> {
    const { calendarQuery } = await import('tsdav');
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    return this.sessions.run(account, async (session) => {
      // Read again each time: the person may have added a calendar since connecting.
      const calendars = await this.calendars(session);
      const perCalendar = await Promise.all(
        calendars.map(async (calendar) => {
          // One REPORT with the objects' data (no second multiget round trip). The server's
          // filter is widened by a day each side: it reads all-day and floating times in its
          // own zone, we in the person's, and decide below.
          const answer = await calendarQuery({
            url: calendar.url,
            props: { 'd:getetag': {}, 'c:calendar-data': {} },
            filters: {
              'comp-filter': {
                _attributes: { name: 'VCALENDAR' },
                'comp-filter': {
                  _attributes: { name: 'VEVENT' },
                  'time-range': { _attributes: { start: davTime(from - DAY), end: davTime(to + DAY) } },
                },
              },
            },
            depth: '1',
            headers: session.headers,
            fetch: session.fetch,
          });
          const parsed = ZObjects.safeParse(answer);
          if (!parsed.success) throw protocol('a calendar query', parsed.error);
          return parsed.data.flatMap(({ href, props: { calendarData } }) => {
            if (calendarData === undefined) return [];
            const url = new URL(href, withSlash(calendar.url)).href;
            return expandCalendarObject(calendarData, { from, to }, { floatingZone: account.timeZone }).map(
              (occurrence) => ({ calendar, url, occurrence }),
            );
          });
        }),
      );
      return perCalendar.flat();
    });
  }

  /** The account's calendars that hold events (not reminders-only ones), in the server's order. */
  private async calendars(session: DavSession): Promise<CalendarRef[]> {
    const { fetchCalendars } = await import('tsdav');
    const parsed = ZCalendars.safeParse(
      await fetchCalendars({ account: session.caldav, headers: session.headers, fetch: session.fetch }),
    );
    if (!parsed.success) throw protocol('a calendar list', parsed.error);
    return parsed.data
      .filter((calendar) => !calendar.components?.length || calendar.components.includes('VEVENT'))
      .map((calendar) => ({ url: calendar.url, name: nameOf(calendar.url, calendar.displayName) }));
  }

  /** One calendar's name, by a PROPFIND of the collection alone. */
  private async calendar(session: DavSession, url: string): Promise<CalendarRef> {
    const { propfind } = await import('tsdav');
    const answer = await propfind({
      url,
      props: { 'd:displayname': {} },
      depth: '0',
      headers: session.headers,
      fetch: session.fetch,
    });
    const parsed = z
      .array(z.object({ props: z.object({ displayname: z.unknown() }).partial() }))
      .safeParse(answer);
    if (!parsed.success) throw protocol('a calendar', parsed.error);
    return { url, name: nameOf(url, parsed.data[0]?.props.displayname) };
  }

  /** An id names an object in this account's calendar home, nowhere else (its URL is ours to send a password to). */
  private checkOwn(session: DavSession, ref: CaldavEventRef): void {
    if (!isInside(calendarUrlOf(ref.url), session.calendarHome)) {
      throw new ProviderError('not_found', `${SERVICE} has no such event in this account`);
    }
  }

  private async get(session: DavSession, url: string): Promise<{ text: string; etag: string }> {
    const response = await session.fetch(url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/calendar' },
    });
    const etag = response.headers.get('etag');
    const text = await response.text();
    if (response.status !== 200 || !etag)
      throw protocol(`${response.status} without an ETag for an event`, null);
    return { text, etag };
  }

  private event(
    account: WorkspaceAccount,
    calendar: CalendarRef,
    url: string,
    occurrence: IcalOccurrence,
  ): TWorkspaceEvent {
    return caldavEvent(account, calendar, url, occurrence);
  }
}

/** One occurrence of a calendar object as the workspace shows it (listed here, reported by the change feed). */
export function caldavEvent(
  account: WorkspaceAccount,
  calendar: CalendarRef,
  url: string,
  occurrence: IcalOccurrence,
): TWorkspaceEvent {
  return {
    id: encodeEventId({ url, recurrenceId: occurrence.recurrenceId }),
    connectionId: account.connectionId,
    provider: account.provider,
    calendarId: calendar.url,
    calendar: calendar.name,
    title: occurrence.title,
    start: occurrence.start,
    end: occurrence.end,
    allDay: occurrence.allDay,
    timeZone: occurrence.timeZone,
    location: occurrence.location,
    description: occurrence.description,
    attendees: occurrence.attendees,
    organizer: occurrence.organizer,
    recurring: occurrence.recurring,
  };
}

function sameCollection(a: string, b: string): boolean {
  try {
    return new URL(withSlash(a)).href === new URL(withSlash(b)).href;
  } catch {
    return false;
  }
}
