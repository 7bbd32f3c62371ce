import type { TAttendee, TBusyInterval, TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TOthersBusy, TUnknownReason, TWorkingHours } from '@app/contract/workspace/others-free-busy';
import { z } from 'zod';
import { dateIn, startOfDayIn, wallTimeOf } from '../../lib/zoned-time';
import { htmlToText } from '../mailbox/html-text';
import { mapBounded } from '../map-bounded';
import { isProviderError, ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { GRAPH, GraphApi, type GraphOptions } from '../workspace/graph-api';
import type {
  CalendarAdapter,
  DeleteOptions,
  EventPatch,
  EventWhen,
  InstantRange,
  NewEvent,
  OthersQuery,
} from './calendar-adapter';
import { graphDate, graphInstant } from './graph-datetime';
import { idempotentId } from './idempotent-id';
import { mergeBusy } from './merge-busy';
import { joinAnswers, othersRequests } from './others-windows';
import { toIana, toWindows } from './windows-zones';

/** Calendars read per list; an account with more has them left out rather than listed slowly. */
const MAX_CALENDARS = 50;
const MAX_PAGES = 10;
/** Outlook throttles an app past four calls at once to one mailbox. */
const CALLS_AT_ONCE = 3;
const PAGE_SIZE = 100;
const MAX_BUSY_EVENTS = 1000;

/** getSchedule answers for at most 20 schedules and 62 days a call (ErrorTimeIntervalTooBig past it). */
const MAX_SCHEDULES = 20;
const MAX_SCHEDULE_DAYS = 62;
/** The availabilityView's slot; we read the items, not the view, so only its size matters. */
const AVAILABILITY_VIEW_MINUTES = 30;

/**
 * Times come back in UTC whatever zone the event was written in (its own zone is in
 * originalStartTimeZone), and bodies as text rather than Outlook's HTML.
 */
export const READ_PREFER = ['outlook.timezone="UTC"', 'outlook.body-content-type="text"'];

const EVENT_FIELDS =
  'id,subject,bodyPreview,body,isAllDay,isCancelled,start,end,originalStartTimeZone,location,attendees,organizer,type';

const ZWhen = z.object({ dateTime: z.string(), timeZone: z.string().nullish() });
const ZEmailAddress = z.object({ address: z.string().nullish(), name: z.string().nullish() });

/** The parts of Graph's event resource we read (learn.microsoft.com/graph/api/resources/event). */
export const ZGraphEvent = z.object({
  id: z.string().min(1),
  subject: z.string().nullish(),
  bodyPreview: z.string().nullish(),
  body: z.object({ contentType: z.string().nullish(), content: z.string().nullish() }).nullish(),
  isAllDay: z.boolean().nullish(),
  isCancelled: z.boolean().nullish(),
  start: ZWhen,
  end: ZWhen,
  originalStartTimeZone: z.string().nullish(),
  location: z.object({ displayName: z.string().nullish() }).nullish(),
  attendees: z
    .array(
      z.object({
        emailAddress: ZEmailAddress.nullish(),
        status: z.object({ response: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
  organizer: z.object({ emailAddress: ZEmailAddress.nullish() }).nullish(),
  type: z.string().nullish(),
});
type GraphEvent = z.infer<typeof ZGraphEvent>;

const ZBusyEvent = z.object({
  isAllDay: z.boolean().nullish(),
  isCancelled: z.boolean().nullish(),
  showAs: z.string().nullish(),
  start: ZWhen,
  end: ZWhen,
});

export const ZCalendar = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  isDefaultCalendar: z.boolean().nullish(),
});
type GraphCalendar = z.infer<typeof ZCalendar>;

const ZOrganizing = z.object({
  isOrganizer: z.boolean().nullish(),
  attendees: z.array(z.unknown()).nullish(),
});

/** The parts of getSchedule's scheduleInformation we read (learn.microsoft.com/graph/api/calendar-getschedule). */
const ZSchedules = z.object({
  value: z.array(
    z.object({
      scheduleId: z.string().nullish(),
      scheduleItems: z.array(z.object({ status: z.string().nullish(), start: ZWhen, end: ZWhen })).nullish(),
      workingHours: z
        .object({
          daysOfWeek: z.array(z.string()).nullish(),
          startTime: z.string().nullish(),
          endTime: z.string().nullish(),
          timeZone: z.object({ name: z.string().nullish() }).nullish(),
        })
        .nullish(),
      error: z.object({ message: z.string().nullish(), responseCode: z.string().nullish() }).nullish(),
    }),
  ),
});
type Schedules = z.infer<typeof ZSchedules>;

/**
 * getSchedule's per-schedule error codes: an address Exchange cannot resolve in the directory
 * (5009 "Unable to resolve e-mail address … to an Active Directory object") is someone outside
 * the organisation (or no one); a refusal is a permission; anything else is a failure this time.
 */
const OUTSIDE_CODES = new Set(['5009', 'errormailrecipientnotfound', 'errorinvalidsmtpaddress']);
const REFUSED_CODES = new Set(['erroraccessdenied', 'errornofreebusyaccess', 'errorfreebusyaccessdenied']);

const ISO_DAYS: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

/** What Outlook's show-as means for free/busy: free and working elsewhere leave the time free. */
const BUSY_SHOW_AS = new Set(['busy', 'tentative', 'oof']);

const RESPONSES: Record<string, TAttendee['response']> = {
  none: 'needs_action',
  notResponded: 'needs_action',
  accepted: 'accepted',
  organizer: 'accepted',
  declined: 'declined',
  tentativelyAccepted: 'tentative',
};

/**
 * Outlook calendars over Microsoft Graph v1.0. Event ids are Graph's own: they are unique in
 * the mailbox, so `/me/events/{id}` reaches an event whatever calendar holds it.
 */
export class GraphCalendarAdapter implements CalendarAdapter {
  private readonly api: GraphApi;

  constructor(options: GraphOptions) {
    this.api = new GraphApi(options);
  }

  async listEvents(
    account: WorkspaceAccount,
    range: InstantRange & { limit: number },
  ): Promise<TWorkspaceEvent[]> {
    const calendars = await this.calendars(account);
    const lists = await mapBounded(calendars, CALLS_AT_ONCE, (calendar) =>
      this.eventsOf(account, calendar, range),
    );
    return byStart(lists.flat(), account.timeZone).slice(0, range.limit);
  }

  /**
   * Built from calendarView across every calendar, not `getSchedule`: getSchedule answers for
   * the default calendar only and not at all for personal Microsoft accounts (outlook.com),
   * while the workspace promises the busy time of every calendar of the account.
   */
  async freeBusy(
    account: WorkspaceAccount,
    range: InstantRange,
  ): Promise<Omit<TBusyInterval, 'connectionId'>[]> {
    const calendars = await this.calendars(account);
    const lists = await mapBounded(calendars, CALLS_AT_ONCE, (calendar) =>
      this.skipUnreadable(calendar, () =>
        this.api.collect(
          account,
          this.calendarView(calendar, range, 'isAllDay,isCancelled,showAs,start,end', 250),
          ZBusyEvent,
          {
            maxItems: MAX_BUSY_EVENTS,
            maxPages: MAX_PAGES,
            keep: (event) => !event.isCancelled && BUSY_SHOW_AS.has(event.showAs ?? 'busy'),
          },
          { prefer: READ_PREFER },
        ),
      ),
    );
    const intervals = lists.flat().map((event) => {
      // An all-day event is midnight to midnight in any zone: it blocks the person's own day.
      if (event.isAllDay) {
        const startDate = graphDate(event.start);
        const endDate = graphDate(event.end);
        if (!startDate || !endDate) throw unreadableTime();
        return {
          start: startOfDayIn(startDate, account.timeZone).getTime(),
          end: startOfDayIn(endDate, account.timeZone).getTime(),
        };
      }
      const start = graphInstant(event.start);
      const end = graphInstant(event.end);
      if (!start || !end) throw unreadableTime();
      return { start: Date.parse(start), end: Date.parse(end) };
    });
    return mergeBusy(intervals, range);
  }

  /**
   * Others' busy time by `getSchedule`: Graph answers for people (and rooms) of the person's own
   * organisation, per schedule, with an `error` for an address it cannot resolve or may not read;
   * their working hours come along. Asked in pieces of 20 addresses and 62 days, times in UTC.
   * Work and school accounts only: a personal account's call fails as a whole.
   */
  async othersFreeBusy(account: WorkspaceAccount, query: OthersQuery): Promise<Record<string, TOthersBusy>> {
    const pieces = othersRequests(query, query.emails, {
      maxDays: MAX_SCHEDULE_DAYS,
      perRequest: MAX_SCHEDULES,
    });
    const answers = await mapBounded(pieces, CALLS_AT_ONCE, async (piece) => {
      const answer = await this.api.json(account, this.api.url('/me/calendar/getSchedule'), ZSchedules, {
        method: 'POST',
        body: {
          schedules: piece.emails,
          startTime: { dateTime: utcWallTime(piece.window.from), timeZone: 'UTC' },
          endTime: { dateTime: utcWallTime(piece.window.to), timeZone: 'UTC' },
          availabilityViewInterval: AVAILABILITY_VIEW_MINUTES,
        },
        prefer: ['outlook.timezone="UTC"'],
      });
      return schedulesOf(answer, piece.emails, piece.window);
    });
    return joinAnswers(query.emails, answers, query);
  }

  /**
   * Graph sends the invitations itself whenever an event has attendees; `sendUpdates: false`
   * cannot be honoured here (the contract says so of Graph). With an idempotency key the POST
   * carries a `transactionId`, and Graph answers a repeat with the event it already made.
   */
  async createEvent(account: WorkspaceAccount, event: NewEvent): Promise<TWorkspaceEvent> {
    const calendar = await this.calendar(account, event.calendarId);
    const path = event.calendarId ? `/me/calendars/${encodeURIComponent(calendar.id)}/events` : '/me/events';
    const created = await this.api.json(account, this.api.url(path), ZGraphEvent, {
      method: 'POST',
      body: {
        ...(event.idempotencyKey ? { transactionId: idempotentId(event.idempotencyKey) } : {}),
        subject: event.title,
        ...(event.tentative ? { showAs: 'tentative' } : {}),
        body: { contentType: 'text', content: event.description ?? '' },
        ...(event.location ? { location: { displayName: event.location } } : {}),
        ...whenOf(event.when, account.timeZone),
        attendees: attendeesOf(event.attendees),
      },
      prefer: ['outlook.body-content-type="text"'],
    });
    return toEvent(account, calendar, created);
  }

  /** Only the fields given; as for create, Graph tells the attendees of a changed meeting itself. */
  async updateEvent(account: WorkspaceAccount, eventId: string, patch: EventPatch): Promise<TWorkspaceEvent> {
    const changes: Record<string, unknown> = {};
    if (patch.title !== undefined) changes.subject = patch.title;
    if (patch.when !== undefined) Object.assign(changes, whenOf(patch.when, account.timeZone));
    // Graph clears a location or a body by an empty one; null is refused on these complex types.
    if (patch.location !== undefined) changes.location = { displayName: patch.location ?? '' };
    if (patch.description !== undefined)
      changes.body = { contentType: 'text', content: patch.description ?? '' };
    if (patch.attendees !== undefined) changes.attendees = attendeesOf(patch.attendees);
    const url = this.api.url(`/me/events/${encodeURIComponent(eventId)}`);
    const updated = await this.api.json(account, url, ZGraphEvent, {
      method: Object.keys(changes).length > 0 ? 'PATCH' : 'GET',
      body: Object.keys(changes).length > 0 ? changes : undefined,
      prefer: ['outlook.body-content-type="text"'],
    });
    const calendar = await this.api.json(
      account,
      this.api.url(`/me/events/${encodeURIComponent(eventId)}/calendar`, { $select: 'id,name' }),
      ZCalendar,
    );
    return toEvent(account, calendar, updated);
  }

  /**
   * With sendUpdates, a meeting the person organises is cancelled (`/cancel` sends the attendees
   * Outlook's cancellation and removes it); anything else is deleted. Without it, a plain delete:
   * Graph has no way to delete a meeting quietly, so Exchange may still tell its attendees.
   */
  async deleteEvent(
    account: WorkspaceAccount,
    eventId: string,
    options: DeleteOptions,
  ): Promise<{ commented: boolean }> {
    const path = `/me/events/${encodeURIComponent(eventId)}`;
    if (options.sendUpdates) {
      const event = await this.api.json(
        account,
        this.api.url(path, { $select: 'isOrganizer,attendees' }),
        ZOrganizing,
      );
      if (event.isOrganizer && (event.attendees?.length ?? 0) > 0) {
        // The cancellation carries the person's note as its comment (decision 562).
        await this.api.call(account, this.api.url(`${path}/cancel`), {
          method: 'POST',
          body: options.comment ? { comment: options.comment } : {},
        });
        return { commented: Boolean(options.comment) };
      }
    }
    await this.api.call(account, this.api.url(path), { method: 'DELETE' });
    return { commented: false };
  }

  private async calendars(account: WorkspaceAccount): Promise<GraphCalendar[]> {
    const url = this.api.url('/me/calendars', { $select: 'id,name,isDefaultCalendar', $top: MAX_CALENDARS });
    return this.api.collect(account, url, ZCalendar, { maxItems: MAX_CALENDARS, maxPages: MAX_PAGES });
  }

  /** The calendar an event goes to: the one named, or the account's default. */
  private async calendar(account: WorkspaceAccount, calendarId: string | null): Promise<GraphCalendar> {
    const path = calendarId ? `/me/calendars/${encodeURIComponent(calendarId)}` : '/me/calendar';
    return this.api.json(account, this.api.url(path, { $select: 'id,name,isDefaultCalendar' }), ZCalendar);
  }

  private calendarView(calendar: GraphCalendar, range: InstantRange, select: string, top: number): URL {
    return this.api.url(`/me/calendars/${encodeURIComponent(calendar.id)}/calendarView`, {
      startDateTime: range.from,
      endDateTime: range.to,
      $top: top,
      $orderby: 'start/dateTime',
      $select: select,
    });
  }

  /**
   * A calendar's first `limit` events: calendarView answers by start, so the merged first
   * `limit` of every calendar hold the account's first `limit`.
   */
  private async eventsOf(
    account: WorkspaceAccount,
    calendar: GraphCalendar,
    range: InstantRange & { limit: number },
  ): Promise<TWorkspaceEvent[]> {
    const items = await this.skipUnreadable(calendar, () =>
      this.api.collect(
        account,
        this.calendarView(calendar, range, EVENT_FIELDS, Math.min(range.limit, PAGE_SIZE)),
        ZGraphEvent,
        { maxItems: range.limit, maxPages: MAX_PAGES, keep: (event) => !event.isCancelled },
        { prefer: READ_PREFER },
      ),
    );
    return items.map((item) => toEvent(account, calendar, item));
  }

  /**
   * A calendar someone shared with the person is listed among theirs, but reading it needs a
   * permission we do not ask for (Calendars.Read.Shared), and one unshared since is gone: such a
   * calendar is left out rather than failing the whole account. The default calendar never is.
   */
  private async skipUnreadable<T>(calendar: GraphCalendar, read: () => Promise<T[]>): Promise<T[]> {
    try {
      return await read();
    } catch (error) {
      if (
        !calendar.isDefaultCalendar &&
        (isProviderError(error, 'scope_missing') || isProviderError(error, 'not_found'))
      )
        return [];
      throw error;
    }
  }
}

export function toEvent(
  account: WorkspaceAccount,
  calendar: GraphCalendar,
  item: GraphEvent,
): TWorkspaceEvent {
  const allDay = item.isAllDay ?? false;
  const start = allDay ? graphDate(item.start) : graphInstant(item.start);
  const end = allDay ? graphDate(item.end) : graphInstant(item.end);
  if (!start || !end) throw unreadableTime();
  return {
    id: item.id,
    connectionId: account.connectionId,
    provider: 'microsoft',
    calendarId: calendar.id,
    calendar: calendar.name ?? null,
    title: item.subject ?? '',
    start,
    end,
    allDay,
    // The zone it was written in; start.timeZone is only the zone we asked the answer in.
    timeZone: allDay ? null : toIana(item.originalStartTimeZone),
    location: item.location?.displayName || null,
    description: descriptionOf(item),
    attendees: (item.attendees ?? []).flatMap((attendee) => {
      const email = attendee.emailAddress?.address;
      if (!email) return [];
      return [
        {
          email,
          name: attendee.emailAddress?.name || null,
          response: RESPONSES[attendee.status?.response ?? ''] ?? null,
        },
      ];
    }),
    organizer: item.organizer?.emailAddress?.address || null,
    recurring: item.type === 'occurrence' || item.type === 'exception',
  };
}

/** The body as text; Graph sends HTML when it ignores the text preference (some shared calendars). */
function descriptionOf(item: GraphEvent): string | null {
  const content = item.body?.content;
  if (content) {
    const text = item.body?.contentType?.toLowerCase() === 'html' ? htmlToText(content) : content.trim();
    if (text) return text;
  }
  return item.bodyPreview?.trim() || null;
}

/**
 * When, the Graph way: a timed event as wall-clock times in its own zone (so Outlook shows and
 * repeats it there), by its Windows name when Windows has one; an all-day event as midnights,
 * which Graph requires, in the person's zone so free/busy blocks their own day.
 */
function whenOf(when: EventWhen, personZone: string): Record<string, unknown> {
  if (when.allDay) {
    const timeZone = graphZone(personZone);
    return {
      isAllDay: true,
      start: { dateTime: `${when.startDate}T00:00:00`, timeZone },
      end: { dateTime: `${when.endDate}T00:00:00`, timeZone },
    };
  }
  const timeZone = graphZone(when.timeZone);
  return {
    isAllDay: false,
    // The wall-clock time (`2026-12-02T09:00:00`) each instant shows in the zone: what Graph is sent.
    start: { dateTime: wallTimeOf(new Date(when.start), when.timeZone), timeZone },
    end: { dateTime: wallTimeOf(new Date(when.end), when.timeZone), timeZone },
  };
}

function graphZone(iana: string): string {
  return toWindows(iana) ?? iana;
}

function attendeesOf(emails: string[]): unknown[] {
  return emails.map((address) => ({ emailAddress: { address }, type: 'required' }));
}

/** By start; an all-day event first among the events of its day (its day in the person's zone). */
function byStart(events: TWorkspaceEvent[], zone: string): TWorkspaceEvent[] {
  const key = (event: TWorkspaceEvent) =>
    event.allDay ? `${event.start} 0` : `${dateIn(new Date(event.start), zone)} 1 ${event.start}`;
  return events
    .map((event) => ({ event, key: key(event) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ event }) => event);
}

/** An instant as the wall-clock time Graph takes with `timeZone: 'UTC'` (`2026-12-01T09:00:00`). */
function utcWallTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19);
}

/**
 * One getSchedule answer by the addresses asked (Graph echoes them as scheduleId, maybe in
 * another case): an error is unknown and why; items whose status is busy, tentative, out of
 * office (or a status we do not know) are busy time, free and working elsewhere are not; an
 * answer with neither items nor error, or none at all, is unavailable rather than free.
 */
function schedulesOf(
  answer: Schedules,
  emails: readonly string[],
  window: InstantRange,
): Record<string, TOthersBusy> {
  const byId = new Map(answer.value.map((schedule) => [schedule.scheduleId?.toLowerCase() ?? '', schedule]));
  const out: Record<string, TOthersBusy> = {};
  for (const email of emails) {
    const schedule = byId.get(email.toLowerCase());
    if (!schedule) {
      out[email] = { unknown: 'unavailable' };
      continue;
    }
    if (schedule.error) {
      out[email] = { unknown: scheduleErrorReason(schedule.error.responseCode) };
      continue;
    }
    if (!schedule.scheduleItems) {
      out[email] = { unknown: 'unavailable' };
      continue;
    }
    const spans = schedule.scheduleItems
      .filter((item) => !FREE_STATUSES.has((item.status ?? '').toLowerCase()))
      .map((item) => {
        const start = graphInstant(item.start);
        const end = graphInstant(item.end);
        if (!start || !end) throw unreadableTime();
        return { start: Date.parse(start), end: Date.parse(end) };
      });
    const busy = mergeBusy(spans, window);
    const workingHours = workingHoursOf(schedule.workingHours);
    out[email] = workingHours ? { busy, workingHours } : { busy };
  }
  return out;
}

/** Statuses that leave the time free; busy, tentative, oof and unknown block it. */
const FREE_STATUSES = new Set(['free', 'workingelsewhere']);

function scheduleErrorReason(code: string | null | undefined): TUnknownReason {
  const key = (code ?? '').toLowerCase();
  if (OUTSIDE_CODES.has(key)) return 'outside_organisation';
  if (REFUSED_CODES.has(key)) return 'no_permission';
  return 'unavailable';
}

/**
 * Working hours as Outlook keeps them (one span for the chosen days, `08:00:00.0000000`), in an
 * IANA zone; null when a part is missing or the zone is a custom one we cannot name.
 */
function workingHoursOf(hours: Schedules['value'][number]['workingHours']): TWorkingHours | null {
  if (!hours?.daysOfWeek || !hours.startTime || !hours.endTime) return null;
  const zone = toIana(hours.timeZone?.name);
  const start = clockOf(hours.startTime);
  let end = clockOf(hours.endTime);
  if (!zone || !start || !end) return null;
  // A day worked to midnight ends at 00:00 the Outlook way.
  if (end === '00:00' && start !== '00:00') end = '23:59';
  const days = [...new Set(hours.daysOfWeek.flatMap((day) => ISO_DAYS[day.toLowerCase()] ?? []))].sort(
    (a, b) => a - b,
  );
  return { days, start, end, zone };
}

function clockOf(time: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)/.exec(time.trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

function unreadableTime(): ProviderError {
  return new ProviderError('protocol', `${GRAPH} sent an event time we cannot read`);
}
