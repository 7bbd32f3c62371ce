import type { TAttendee, TBusyInterval, TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TOthersBusy } from '@app/contract/workspace/others-free-busy';
import { newId } from '../../lib/ids';
import { allUnknown } from '../calendar/all-unknown';
import type {
  CalendarAdapter,
  DeleteOptions,
  EventPatch,
  EventWhen,
  InstantRange,
  NewEvent,
  OthersQuery,
} from '../calendar/calendar-adapter';
import { idempotentId } from '../calendar/idempotent-id';
import { mergeBusy } from '../calendar/merge-busy';
import type { WorkspaceAccount } from '../workspace/account';
import { eventsInRange } from './events-in-range';
import { type InvitationKind, invitationEntries } from './invitations';
import {
  calendarIdOf,
  calendarNameOf,
  notFound,
  onSampleWorkspace,
  type SampleWorkspaceDeps,
} from './open-workspace';
import { ownBusyOf, samplePersonOf, workingHoursOf } from './sample-people';
import { eventItem, readStored, type StoredEvent, ZStoredContact, ZStoredEvent } from './stored';

/**
 * The calendar of an account connected to a local stand-in: the sample workspace's events,
 * written back there. It behaves as Google's does where the assistant can tell: one calendar,
 * ranges by overlap, all-day events free in free/busy, attendees told when asked.
 */
export class LocalCalendarAdapter implements CalendarAdapter {
  constructor(private readonly deps: SampleWorkspaceDeps) {}

  listEvents(account: WorkspaceAccount, range: InstantRange & { limit: number }): Promise<TWorkspaceEvent[]> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const events = await this.inRange(owner, account, range);
      return events.slice(0, range.limit).map(({ event }) => toWorkspaceEvent(account, event));
    });
  }

  freeBusy(account: WorkspaceAccount, range: InstantRange): Promise<Omit<TBusyInterval, 'connectionId'>[]> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      // All-day events are "free" unless marked busy, as Google and Outlook create them.
      const timed = (await this.inRange(owner, account, range)).filter(({ event }) => !event.allDay);
      return mergeBusy(timed, range);
    });
  }

  /**
   * The sample people's busy time as a provider would show it: their own blocks (sample-people.ts)
   * and the owner's meetings they are invited to and did not decline, with their working hours.
   * Anyone else is unknown as each provider says it (Google `notFound`, Graph outside the
   * organisation); a local Apple account, like iCloud, sees no one (decision 548).
   */
  othersFreeBusy(account: WorkspaceAccount, query: OthersQuery): Promise<Record<string, TOthersBusy>> {
    if (account.provider === 'apple') return Promise.resolve(allUnknown(query.emails, 'not_supported'));
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const meetings = (await this.inRange(owner, account, query)).filter(({ event }) => !event.allDay);
      const out: Record<string, TOthersBusy> = {};
      for (const email of query.emails) {
        const person = samplePersonOf(email);
        if (!person) {
          out[email] = { unknown: account.provider === 'microsoft' ? 'outside_organisation' : 'not_found' };
          continue;
        }
        const workingHours = workingHoursOf(person, account.timeZone);
        const invited = meetings.filter(({ event }) =>
          event.attendees.some(
            (attendee) => attendee.response !== 'declined' && samplePersonOf(attendee.email) === person,
          ),
        );
        const busy = mergeBusy(
          [
            ...ownBusyOf(owner, person, workingHours, query).map((span) => ({
              start: Date.parse(span.start),
              end: Date.parse(span.end),
            })),
            ...invited.map(({ start, end }) => ({ start, end })),
          ],
          query,
        );
        out[email] = { busy, workingHours };
      }
      return out;
    });
  }

  createEvent(account: WorkspaceAccount, input: NewEvent): Promise<TWorkspaceEvent> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const calendarId = calendarIdOf(account);
      if (input.calendarId !== null && input.calendarId !== calendarId)
        throw notFound('calendar', input.calendarId);
      // An idempotency key names the event: a second create with it answers the first one's.
      const id = input.idempotencyKey ? uuidOf(idempotentId(input.idempotencyKey)) : newId();
      if (input.idempotencyKey) {
        const item = await this.deps.store.get(owner, 'event', id);
        if (item) return toWorkspaceEvent(account, readStored(ZStoredEvent, item));
      }
      const event: StoredEvent = {
        id,
        calendarId,
        title: input.title,
        ...whenFields(input.when),
        location: input.location,
        description: input.description,
        attendees: await this.attendees(owner, input.attendees, []),
        organizer: account.email,
        recurring: false,
        ...(input.tentative ? { tentative: true } : {}),
      };
      await this.deps.store.put(owner, eventItem(event), this.deps.clock.now().toISOString());
      if (input.sendUpdates) await this.tell(account, event, 'invitation', event.attendees);
      return toWorkspaceEvent(account, event);
    });
  }

  updateEvent(account: WorkspaceAccount, eventId: string, patch: EventPatch): Promise<TWorkspaceEvent> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const before = await this.event(owner, eventId);
      const event: StoredEvent = {
        ...before,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.when !== undefined ? whenFields(patch.when) : {}),
        ...(patch.location !== undefined ? { location: patch.location } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.attendees !== undefined
          ? { attendees: await this.attendees(owner, patch.attendees, before.attendees) }
          : {}),
      };
      await this.deps.store.put(owner, eventItem(event), this.deps.clock.now().toISOString());
      if (patch.sendUpdates) {
        const staying = new Set(event.attendees.map((a) => a.email.toLowerCase()));
        await this.tell(account, event, 'update', event.attendees);
        // Whoever the change took off the list hears the event is off for them.
        const dropped = before.attendees.filter((a) => !staying.has(a.email.toLowerCase()));
        await this.tell(account, before, 'cancellation', dropped);
      }
      return toWorkspaceEvent(account, event);
    });
  }

  /** Its invitations carry no note: `commented` is false and the caller mails it. */
  deleteEvent(
    account: WorkspaceAccount,
    eventId: string,
    options: DeleteOptions,
  ): Promise<{ commented: boolean }> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const event = await this.event(owner, eventId);
      if (!(await this.deps.store.delete(owner, 'event', eventId))) throw notFound('event', eventId);
      if (options.sendUpdates) await this.tell(account, event, 'cancellation', event.attendees);
      return { commented: false };
    });
  }

  private async event(owner: string, eventId: string): Promise<StoredEvent> {
    const item = await this.deps.store.get(owner, 'event', eventId);
    if (!item) throw notFound('event', eventId);
    return readStored(ZStoredEvent, item);
  }

  private inRange(owner: string, account: WorkspaceAccount, range: InstantRange) {
    return eventsInRange(this.deps.store, owner, account.timeZone, {
      from: Date.parse(range.from),
      to: Date.parse(range.to),
    });
  }

  /** Attendees by address, named from the address book; a known one keeps their answer. */
  private async attendees(owner: string, emails: string[], known: TAttendee[]): Promise<TAttendee[]> {
    if (emails.length === 0) return [];
    const names = new Map<string, string>();
    for (const item of await this.deps.store.list(owner, 'contact')) {
      const contact = readStored(ZStoredContact, item);
      for (const email of contact.emails) names.set(email.toLowerCase(), contact.name);
    }
    const answers = new Map(known.map((a) => [a.email.toLowerCase(), a.response]));
    return emails.map((email) => ({
      email,
      name: names.get(email.toLowerCase()) ?? null,
      response: answers.get(email.toLowerCase()) ?? 'needs_action',
    }));
  }

  private async tell(account: WorkspaceAccount, event: StoredEvent, kind: InvitationKind, to: TAttendee[]) {
    const addresses = to.map((attendee) => attendee.email);
    for (const entry of invitationEntries(account, event, kind, addresses))
      await this.deps.outbox.record(entry);
  }
}

function whenFields(when: EventWhen): Pick<StoredEvent, 'start' | 'end' | 'allDay' | 'timeZone'> {
  if (when.allDay) return { start: when.startDate, end: when.endDate, allDay: true, timeZone: null };
  return {
    start: new Date(when.start).toISOString(),
    end: new Date(when.end).toISOString(),
    allDay: false,
    timeZone: when.timeZone,
  };
}

function toWorkspaceEvent(account: WorkspaceAccount, event: StoredEvent): TWorkspaceEvent {
  return {
    id: event.id,
    connectionId: account.connectionId,
    provider: account.provider,
    calendarId: event.calendarId,
    calendar: calendarNameOf(account),
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    timeZone: event.timeZone,
    location: event.location,
    description: event.description,
    attendees: event.attendees,
    organizer: event.organizer,
    recurring: event.recurring,
  };
}

/** The first 32 hex digits as a UUID (version 8, RFC 9562's custom one), shaped as our own ids are. */
function uuidOf(hex: string): string {
  const h = `${hex.slice(0, 12)}8${hex.slice(13, 16)}${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 32)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
