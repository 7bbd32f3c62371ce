import type { TCalendarEvent } from '@app/contract/oauth/list-events';
import type {
  TBusyInterval,
  TCreateEventBody,
  TUpdateEventBody,
  TWorkspaceEvent,
} from '@app/contract/workspace/calendar';
import { onAccount, onEveryAccount, oneTarget, type Target, targetsFor } from './accounts';
import type { WorkspaceDeps } from './deps';
import { eventWhen, patchWhen } from './event-times';
import type { WorkspaceError } from './workspace-error';

export type CalendarDeps = Pick<
  WorkspaceDeps,
  'usersRepo' | 'connectionsRepo' | 'connectionAccess' | 'calendars' | 'sample'
>;

export interface RangeInput {
  userId: string;
  from: string;
  to: string;
  connectionId?: string;
}

/** All-day dates sort before that day's timed events; instants sort as text. */
function startKey(event: TWorkspaceEvent): string {
  return event.allDay ? `${event.start}T00:00:00.000Z` : event.start;
}

/** The person's events in the range across every calendar of every account, by start. */
export async function listEvents(
  deps: CalendarDeps,
  input: RangeInput & { limit: number },
): Promise<{ events: TWorkspaceEvent[]; failures: WorkspaceError[] }> {
  const targets = await targetsFor(deps, { ...input, service: 'calendar', access: 'read' });
  const { results, failures } = await onEveryAccount(deps, targets, 'calendar', (account) =>
    deps.calendars[account.provider].listEvents(account, {
      from: input.from,
      to: input.to,
      limit: input.limit,
    }),
  );
  const events = results
    .flat()
    .sort((a, b) => startKey(a).localeCompare(startKey(b)))
    .slice(0, input.limit);
  return { events, failures };
}

/**
 * One connection's events in the shape of the spec's events routes (GET /v1/google/events and
 * the like), which predate the workspace and show neither attendees nor zones. Any failure is the
 * connection's WorkspaceError: with one account asked, nothing listed means nothing worked.
 */
export async function listConnectionEvents(
  deps: CalendarDeps,
  input: RangeInput & { connectionId: string; limit: number },
): Promise<TCalendarEvent[]> {
  const { events } = await listEvents(deps, input);
  return events.map((event) => ({
    id: event.id,
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    location: event.location,
    calendar: event.calendar,
  }));
}

/** When the person is busy in the range, across every account, each interval naming its account. */
export async function freeBusy(
  deps: CalendarDeps,
  input: RangeInput,
): Promise<{ busy: TBusyInterval[]; failures: WorkspaceError[] }> {
  const targets = await targetsFor(deps, { ...input, service: 'calendar', access: 'read' });
  const { results, failures } = await onEveryAccount(deps, targets, 'calendar', async (account) =>
    (await deps.calendars[account.provider].freeBusy(account, input)).map((interval) => ({
      ...interval,
      connectionId: account.connectionId,
    })),
  );
  return { busy: results.flat().sort((a, b) => a.start.localeCompare(b.start)), failures };
}

/** Creates the event in the named account's calendar, or the person's default one. */
export async function createEvent(
  deps: CalendarDeps,
  input: { userId: string; event: TCreateEventBody },
): Promise<TWorkspaceEvent> {
  const { event } = input;
  const target = await oneTarget(deps, {
    userId: input.userId,
    service: 'calendar',
    access: 'write',
    ...(event.connectionId ? { connectionId: event.connectionId } : {}),
  });
  const when = eventWhen(event, zoneOf(target));
  const created = await onAccount(deps, target, (account) =>
    deps.calendars[account.provider].createEvent(account, {
      title: event.title,
      when,
      location: event.location ?? null,
      description: event.description ?? null,
      attendees: event.attendees ?? [],
      sendUpdates: event.sendUpdates,
      calendarId: event.calendarId ?? null,
    }),
  );
  await tellSample(deps, target, { kind: 'event.changed', eventId: created.id, event: created });
  return created;
}

export async function updateEvent(
  deps: CalendarDeps,
  input: { userId: string; connectionId: string; eventId: string; patch: TUpdateEventBody },
): Promise<TWorkspaceEvent> {
  const { patch } = input;
  const target = await oneTarget(deps, { ...input, service: 'calendar', access: 'write' });
  const when = patchWhen(patch, zoneOf(target));
  const updated = await onAccount(deps, target, (account) =>
    deps.calendars[account.provider].updateEvent(account, input.eventId, {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(when ? { when } : {}),
      ...(patch.location !== undefined ? { location: patch.location } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.attendees !== undefined ? { attendees: patch.attendees } : {}),
      sendUpdates: patch.sendUpdates,
    }),
  );
  await tellSample(deps, target, { kind: 'event.changed', eventId: updated.id, event: updated });
  return updated;
}

export async function deleteEvent(
  deps: CalendarDeps,
  input: { userId: string; connectionId: string; eventId: string; sendUpdates: boolean },
): Promise<void> {
  const target = await oneTarget(deps, { ...input, service: 'calendar', access: 'write' });
  await onAccount(deps, target, (account) =>
    deps.calendars[account.provider].deleteEvent(account, input.eventId, { sendUpdates: input.sendUpdates }),
  );
  await tellSample(deps, target, { kind: 'event.cancelled', eventId: input.eventId });
}

/**
 * A write to a sample calendar, told as the provider's sync would tell it (decision 504): the
 * sample workspace has no feed of its own. A real provider's feed sees our writes by itself.
 */
async function tellSample(
  deps: Pick<CalendarDeps, 'sample'>,
  target: Target,
  change:
    | { kind: 'event.changed'; eventId: string; event: TWorkspaceEvent }
    | { kind: 'event.cancelled'; eventId: string },
): Promise<void> {
  const { sample } = deps;
  if (!sample?.local.includes(target.connection.provider)) return;
  await sample.writes.tell([{ ...change, userId: target.user.id, connectionId: target.connection.id }]);
}

function zoneOf(target: Target): string {
  return target.user.time_zone ?? 'UTC';
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * One event as the calendar holds it now, by id, for what an update or a delete will change:
 * looked for among the connection's events from a month back to a year ahead (the adapters have
 * no single-event read; what a person asks to change or cancel lies there). Null when not found.
 */
export async function findEvent(
  deps: CalendarDeps,
  input: { userId: string; connectionId: string; eventId: string; now: Date },
): Promise<TWorkspaceEvent | null> {
  const { events } = await listEvents(deps, {
    userId: input.userId,
    connectionId: input.connectionId,
    from: new Date(input.now.getTime() - 31 * DAY_MS).toISOString(),
    to: new Date(input.now.getTime() + 366 * DAY_MS).toISOString(),
    limit: 1000,
  });
  return events.find((event) => event.id === input.eventId) ?? null;
}
