import type { TBusyInterval, TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TOthersBusy } from '@app/contract/workspace/others-free-busy';
import { dateIn, zoneOrUtc } from '../../lib/zoned-time';
import { GoogleApi, segment } from '../google-api';
import { mapBounded } from '../map-bounded';
import { isProviderError, ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import type {
  CalendarAdapter,
  DeleteOptions,
  EventPatch,
  InstantRange,
  NewEvent,
  OthersQuery,
} from './calendar-adapter';
import {
  type CalendarEntry,
  type GoogleEvent,
  type GoogleFreeBusy,
  timesOf,
  toWorkspaceEvent,
  ZCalendarEntry,
  ZCalendarList,
  ZEventsPage,
  ZFreeBusy,
  ZGoogleEvent,
} from './google-calendar-wire';
import { decodeEventId } from './google-event-id';
import { idempotentId } from './idempotent-id';
import { mergeBusy } from './merge-busy';
import { joinAnswers, othersRequests } from './others-windows';

/** Calendar v3 pages hold at most 250 events. */
const PAGE_SIZE = 250;
/** A page loop that never ends is a provider bug; past this many pages we answer with what we have. */
const MAX_PAGES = 10;
/** Calendars read at once, so a person with twenty calendars does not burst twenty calls. */
const CALENDARS_AT_ONCE = 4;
/** Calendar v3 answers free/busy for at most 50 calendars in one query. */
const MAX_FREEBUSY_CALENDARS = 50;
/** Calendar v3 answers free/busy for at most 90 days at a time ("The requested time range is too long"). */
const MAX_FREEBUSY_DAYS = 90;
/** Members of one group Calendar v3 expands at most (an error past it: `groupTooBig`). */
const MAX_GROUP_MEMBERS = 100;
/** Roles that see the events themselves; a freeBusyReader sees only busy blocks. */
const READER_ROLES = new Set(['reader', 'writer', 'owner']);

/**
 * Google Calendar API v3 behind the workspace's calendar shape. Events of every calendar the
 * person can read (the API's calendar list leaves out the ones they hid); busy time of the
 * calendars that are theirs (primary and owned), not of colleagues' calendars they subscribe to.
 */
export class GoogleCalendarAdapter implements CalendarAdapter {
  private readonly api: GoogleApi;

  constructor(options: { baseUrl: string; timeoutMs: number }) {
    this.api = new GoogleApi(options, 'Google Calendar');
  }

  async listEvents(
    account: WorkspaceAccount,
    range: InstantRange & { limit: number },
  ): Promise<TWorkspaceEvent[]> {
    const limit = Math.max(1, range.limit);
    const calendars = await this.calendars(account);
    const perCalendar = await mapBounded(calendars, CALENDARS_AT_ONCE, (calendar) =>
      this.eventsOf(account, calendar, { ...range, limit }),
    );
    const zone = zoneOrUtc(account.timeZone);
    return perCalendar
      .flat()
      .map((event) => ({ event, key: sortKey(event, zone) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit)
      .map(({ event }) => event);
  }

  async freeBusy(
    account: WorkspaceAccount,
    range: InstantRange,
  ): Promise<Omit<TBusyInterval, 'connectionId'>[]> {
    const own = (await this.calendars(account))
      .filter((calendar) => calendar.primary || calendar.accessRole === 'owner')
      .slice(0, MAX_FREEBUSY_CALENDARS);
    if (own.length === 0) return [];
    const answer = await this.api.read(
      account,
      {
        method: 'POST',
        path: '/freeBusy',
        body: { timeMin: range.from, timeMax: range.to, items: own.map((calendar) => ({ id: calendar.id })) },
      },
      ZFreeBusy,
    );
    const answered = Object.values(answer.calendars).filter((calendar) => !calendar.errors?.length);
    // A calendar Google could not read is left out; none readable is no answer at all.
    if (answered.length === 0)
      throw new ProviderError('unavailable', 'Google Calendar could not read free/busy');
    const intervals = answered.flatMap((calendar) =>
      calendar.busy.map((slot) => {
        const start = Date.parse(slot.start);
        const end = Date.parse(slot.end);
        if (Number.isNaN(start) || Number.isNaN(end))
          throw new ProviderError('protocol', 'Google Calendar sent a busy time without times');
        return { start, end };
      }),
    );
    return mergeBusy(intervals, range);
  }

  /**
   * Others' busy time by the calendar of their address (`items: [{ id: email }]`): Google answers
   * for a calendar shared with the person (or, in a Workspace domain, visible to colleagues) and
   * says `notFound` for any other. A Google Group's address is expanded to its members' calendars
   * (up to `groupExpansionMax`); asked in pieces of 50 addresses and 90 days.
   */
  async othersFreeBusy(account: WorkspaceAccount, query: OthersQuery): Promise<Record<string, TOthersBusy>> {
    const pieces = othersRequests(query, query.emails, {
      maxDays: MAX_FREEBUSY_DAYS,
      perRequest: MAX_FREEBUSY_CALENDARS,
    });
    const answers = await mapBounded(pieces, CALENDARS_AT_ONCE, async (piece) => {
      const answer = await this.api.read(
        account,
        {
          method: 'POST',
          path: '/freeBusy',
          body: {
            timeMin: piece.window.from,
            timeMax: piece.window.to,
            calendarExpansionMax: MAX_FREEBUSY_CALENDARS,
            groupExpansionMax: MAX_GROUP_MEMBERS,
            items: piece.emails.map((email) => ({ id: email })),
          },
        },
        ZFreeBusy,
      );
      return othersFromAnswer(answer, piece.emails, piece.window);
    });
    return joinAnswers(query.emails, answers, query);
  }

  async createEvent(account: WorkspaceAccount, event: NewEvent): Promise<TWorkspaceEvent> {
    // Asked first, so the event carries the calendar's real id and name, and a calendar that is
    // not there fails before anything is written.
    const calendar = await this.calendar(account, event.calendarId ?? 'primary');
    const id = event.idempotencyKey ? idempotentId(event.idempotencyKey) : null;
    const path = `/calendars/${segment(calendar.id)}/events`;
    try {
      const created = await this.api.read(
        account,
        {
          method: 'POST',
          path,
          query: { sendUpdates: event.sendUpdates ? 'all' : 'none' },
          body: {
            ...(id ? { id } : {}),
            ...(event.tentative ? { status: 'tentative' } : {}),
            summary: event.title,
            ...(event.location ? { location: event.location } : {}),
            ...(event.description ? { description: event.description } : {}),
            ...timesOf(event.when, false),
            ...(event.attendees.length > 0 ? { attendees: event.attendees.map((email) => ({ email })) } : {}),
          },
        },
        ZGoogleEvent,
      );
      return toWorkspaceEvent(created, calendar, account);
    } catch (error) {
      // 409 `duplicate`: an event with our id is there already, written by an earlier try.
      if (!id || !isProviderError(error, 'rejected') || error.status !== 409) throw error;
      const existing = await this.api.read(account, { path: `${path}/${segment(id)}` }, ZGoogleEvent);
      return toWorkspaceEvent(existing, calendar, account);
    }
  }

  async updateEvent(account: WorkspaceAccount, eventId: string, patch: EventPatch): Promise<TWorkspaceEvent> {
    const ref = decodeEventId(eventId);
    const calendar = await this.calendar(account, ref.calendarId);
    const path = `/calendars/${segment(calendar.id)}/events/${segment(ref.eventId)}`;
    const body: Record<string, unknown> = {};
    if (patch.title !== undefined) body.summary = patch.title;
    // Google clears a text field given as the empty string.
    if (patch.location !== undefined) body.location = patch.location ?? '';
    if (patch.description !== undefined) body.description = patch.description ?? '';
    if (patch.when !== undefined) Object.assign(body, timesOf(patch.when, true));
    if (patch.attendees !== undefined) {
      const current = await this.api.read(account, { path }, ZGoogleEvent);
      body.attendees = keptAttendees(current, patch.attendees);
    }
    const updated = await this.api.read(
      account,
      { method: 'PATCH', path, query: { sendUpdates: patch.sendUpdates ? 'all' : 'none' }, body },
      ZGoogleEvent,
    );
    return toWorkspaceEvent(updated, calendar, account);
  }

  /** Google's cancellation carries no note: `commented` is false and the caller mails it. */
  async deleteEvent(
    account: WorkspaceAccount,
    eventId: string,
    options: DeleteOptions,
  ): Promise<{ commented: boolean }> {
    const ref = decodeEventId(eventId);
    await this.api.call(account, {
      method: 'DELETE',
      path: `/calendars/${segment(ref.calendarId)}/events/${segment(ref.eventId)}`,
      query: { sendUpdates: options.sendUpdates ? 'all' : 'none' },
    });
    return { commented: false };
  }

  /** The calendars whose events the person can read; hidden ones the API leaves out itself. */
  private async calendars(account: WorkspaceAccount): Promise<CalendarEntry[]> {
    const calendars: CalendarEntry[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await this.api.read(
        account,
        {
          path: '/users/me/calendarList',
          query: { minAccessRole: 'reader', maxResults: '250', ...(pageToken ? { pageToken } : {}) },
        },
        ZCalendarList,
      );
      calendars.push(...answer.items.filter((calendar) => READER_ROLES.has(calendar.accessRole)));
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return calendars;
  }

  /** One calendar's entry; `primary` names the person's main calendar. */
  private calendar(account: WorkspaceAccount, calendarId: string): Promise<CalendarEntry> {
    return this.api.read(account, { path: `/users/me/calendarList/${segment(calendarId)}` }, ZCalendarEntry);
  }

  /** The first `limit` events of one calendar by start, occurrences of recurring events expanded. */
  private async eventsOf(
    account: WorkspaceAccount,
    calendar: CalendarEntry,
    range: InstantRange & { limit: number },
  ): Promise<TWorkspaceEvent[]> {
    const events: TWorkspaceEvent[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES && events.length < range.limit; page += 1) {
      const answer = await this.api.read(
        account,
        {
          path: `/calendars/${segment(calendar.id)}/events`,
          query: {
            timeMin: range.from,
            timeMax: range.to,
            singleEvents: 'true',
            orderBy: 'startTime',
            maxResults: String(Math.min(PAGE_SIZE, range.limit)),
            ...(pageToken ? { pageToken } : {}),
          },
        },
        ZEventsPage,
      );
      const entry = { ...calendar, timeZone: calendar.timeZone ?? answer.timeZone };
      for (const item of answer.items) if (isShown(item)) events.push(toWorkspaceEvent(item, entry, account));
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return events.slice(0, range.limit);
  }
}

function isShown(item: GoogleEvent): boolean {
  return item.status !== 'cancelled';
}

/**
 * Orders events of several calendars: by the day they fall on in the person's zone, that day's
 * all-day events first, then by start. Text compares right: dates and UTC instants are ISO.
 */
function sortKey(event: TWorkspaceEvent, zone: string): string {
  if (event.allDay) return `${event.start} 0 ${event.id}`;
  return `${dateIn(new Date(event.start), zone)} 1 ${event.start} ${event.id}`;
}

/**
 * The attendee list a PATCH replaces whole: people kept are sent back as Google gave them, so
 * their answers and flags stay; the new ones are invited; the organizer's own entry stays.
 */
function keptAttendees(current: GoogleEvent, emails: string[]): object[] {
  const wanted = new Set(emails.map((email) => email.toLowerCase()));
  const existing = current.attendees ?? [];
  const kept = existing.filter(
    (attendee) => attendee.organizer || (attendee.email && wanted.has(attendee.email.toLowerCase())),
  );
  const known = new Set(kept.map((attendee) => attendee.email?.toLowerCase()));
  const added = emails.filter((email) => !known.has(email.toLowerCase())).map((email) => ({ email }));
  return [...kept, ...added];
}

/**
 * One freeBusy answer as others' busy time, by the addresses asked (Google may key its answer
 * in another case): a calendar with busy and no errors is known; `notFound` (not shared, no such
 * calendar) is `not_found`; any other error (internalError, groupTooBig) `unavailable`. A group
 * is known when every member's calendar is, its busy time theirs together.
 */
function othersFromAnswer(
  answer: GoogleFreeBusy,
  emails: readonly string[],
  window: InstantRange,
): Record<string, TOthersBusy> {
  const calendars = new Map(Object.entries(answer.calendars).map(([id, entry]) => [id.toLowerCase(), entry]));
  const groups = new Map(Object.entries(answer.groups ?? {}).map(([id, entry]) => [id.toLowerCase(), entry]));
  const known = (ids: readonly string[]): TOthersBusy => {
    const entries = ids.map((id) => calendars.get(id.toLowerCase()));
    for (const entry of entries) {
      if (!entry) return { unknown: 'unavailable' };
      const reason = entry.errors?.[0]?.reason;
      if (reason !== undefined) return { unknown: reason === 'notFound' ? 'not_found' : 'unavailable' };
    }
    const spans = entries.flatMap((entry) =>
      (entry?.busy ?? []).map((slot) => {
        const start = Date.parse(slot.start);
        const end = Date.parse(slot.end);
        if (Number.isNaN(start) || Number.isNaN(end))
          throw new ProviderError('protocol', 'Google Calendar sent a busy time without times');
        return { start, end };
      }),
    );
    return { busy: mergeBusy(spans, window) };
  };
  const out: Record<string, TOthersBusy> = {};
  for (const email of emails) {
    const group = groups.get(email.toLowerCase());
    if (group?.errors?.length) out[email] = { unknown: 'unavailable' };
    else if (group) out[email] = known(group.calendars ?? []);
    else out[email] = known([email]);
  }
  return out;
}
