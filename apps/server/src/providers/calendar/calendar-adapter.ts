import type { TBusyInterval, TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TOthersBusy } from '@app/contract/workspace/others-free-busy';
import type { WorkspaceAccount } from '../workspace/account';

/** A range of instants, start inclusive, end exclusive (ISO, UTC). */
export interface InstantRange {
  from: string;
  to: string;
}

/**
 * When an event happens, as the workspace hands it to an adapter: the service has already read
 * wall-clock times in their zone, so a timed event arrives as UTC instants plus the IANA zone it
 * is to be shown in, and an all-day event as dates with the end exclusive.
 */
export type EventWhen =
  | { allDay: false; start: string; end: string; timeZone: string }
  | { allDay: true; startDate: string; endDate: string };

export interface NewEvent {
  title: string;
  when: EventWhen;
  location: string | null;
  description: string | null;
  attendees: string[];
  /** Tell the attendees (Google `sendUpdates=all`; Graph and CalDAV servers tell them anyway). */
  sendUpdates: boolean;
  /** A calendar other than the account's default, by the id events carry in `calendarId`. */
  calendarId: string | null;
  /**
   * Makes the create happen once (decision 587): a second create with the same key answers the
   * event the first one made (Google's client-chosen id, Graph's `transactionId`, a CalDAV object
   * named by it under `If-None-Match: *`), so a crash between the write and storing its id, or a
   * retried job, never books twice. Absent: every create is a new event.
   */
  idempotencyKey?: string;
  /**
   * A hold, not a meeting (decision 594): Google `status: 'tentative'`, Graph
   * `showAs: 'tentative'`, CalDAV `STATUS:TENTATIVE`, the sample workspace's flag. It still
   * shows as busy, so nothing else is offered over it.
   */
  tentative?: boolean;
}

/** What changes; an absent field stays as it is, null clears it. */
export interface EventPatch {
  title?: string;
  when?: EventWhen;
  location?: string | null;
  description?: string | null;
  attendees?: string[];
  sendUpdates: boolean;
}

export interface DeleteOptions {
  sendUpdates: boolean;
  comment?: string;
}

/** Whose free/busy to ask for, over which range. */
export interface OthersQuery extends InstantRange {
  /** Addresses as the caller spells them; the answer is keyed by the same spellings. */
  emails: string[];
}

/**
 * One provider's calendars behind the workspace's shape. Event ids are the adapter's own and
 * opaque to everyone else: an adapter that needs the calendar too (Google, CalDAV) puts it in
 * the id, so update and delete need nothing but the id. Failures are ProviderErrors.
 */
export interface CalendarAdapter {
  /** Events of every calendar of the account overlapping the range, recurring ones expanded, by start. */
  listEvents(account: WorkspaceAccount, range: InstantRange & { limit: number }): Promise<TWorkspaceEvent[]>;
  /** Busy time of every calendar of the account in the range (free and cancelled time left out). */
  freeBusy(account: WorkspaceAccount, range: InstantRange): Promise<Omit<TBusyInterval, 'connectionId'>[]>;
  /**
   * Other people's busy time as this account may see it, one entry per address asked (keyed as
   * given): known busy (and working hours when the provider says), or unknown and why. A
   * per-person refusal is `unknown`; a failure of the whole call (401, outage) is a ProviderError.
   */
  othersFreeBusy(account: WorkspaceAccount, query: OthersQuery): Promise<Record<string, TOthersBusy>>;
  createEvent(account: WorkspaceAccount, event: NewEvent): Promise<TWorkspaceEvent>;
  updateEvent(account: WorkspaceAccount, eventId: string, patch: EventPatch): Promise<TWorkspaceEvent>;
  /**
   * With `comment`, a note to the attendees carried by the cancellation itself where the provider
   * has one (Graph's `/cancel`); `commented` says whether it went, so the caller mails it otherwise.
   */
  deleteEvent(
    account: WorkspaceAccount,
    eventId: string,
    options: DeleteOptions,
  ): Promise<{ commented: boolean }>;
}
