import type { TCalendarEvent } from '@app/contract/oauth/list-events';
import type {
  TBusyInterval,
  TCreateEventBody,
  TUpdateEventBody,
  TWorkspaceEvent,
} from '@app/contract/workspace/calendar';
import {
  isKnownBusy,
  type TOthersBusy,
  type TUnknownReason,
  type TWorkingHours,
} from '@app/contract/workspace/others-free-busy';
import { mergeBusy } from '../../providers/calendar/merge-busy';
import { onAccount, onEveryAccount, oneTarget, type Target, targetsFor } from './accounts';
import type { WorkspaceDeps } from './deps';
import { eventWhen, patchWhen } from './event-times';
import { WorkspaceError } from './workspace-error';

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

/**
 * Other people's busy time, asked of every calendar account of the person at once: Google
 * answers for calendars shared with them, Graph for their organisation, CalDAV for nobody. The
 * answers merge per address: known beats unknown, busy time of several accounts is joined, the
 * first working hours given are kept. An account that fails leaves its people `unavailable`
 * (and is named in `failures`) rather than failing the question: others' time only refines the
 * slots the person's own calendar gives. Keys are the addresses as given (the first spelling of
 * one asked twice in another case).
 */
export async function othersFreeBusy(
  deps: CalendarDeps,
  input: { userId: string; emails: string[]; from: string; to: string },
): Promise<{ people: Record<string, TOthersBusy>; failures: WorkspaceError[] }> {
  const emails = distinctAddresses(input.emails);
  if (emails.length === 0) return { people: {}, failures: [] };
  const range = { from: input.from, to: input.to };
  const targets = await targetsFor(deps, { userId: input.userId, service: 'calendar', access: 'read' });
  const settled = await Promise.allSettled(
    targets.usable.map((target) =>
      onAccount(deps, target, (account) =>
        deps.calendars[account.provider].othersFreeBusy(account, { ...range, emails }),
      ),
    ),
  );
  // An account that could not be asked (refused here, or failing below) said nothing of anyone.
  const answers: Record<string, TOthersBusy>[] = targets.refused.map(() => ({}));
  const failures = [...targets.refused];
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') answers.push(outcome.value);
    else if (outcome.reason instanceof WorkspaceError) {
      failures.push(outcome.reason);
      answers.push({});
    } else throw outcome.reason;
  }
  const people: Record<string, TOthersBusy> = {};
  for (const email of emails)
    people[email] = mergeAnswers(
      answers.map((answer) => answer[email]),
      range,
    );
  return { people, failures };
}

/** Trimmed, empty ones dropped, the same address in another case asked once. */
function distinctAddresses(emails: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of emails) {
    const email = raw.trim();
    const key = email.toLowerCase();
    if (!email || seen.has(key)) continue;
    seen.add(key);
    out.push(email);
  }
  return out;
}

/**
 * Which unknown reason says most, when several accounts say different things: an account that
 * could not be asked this time comes first (asking again may know them), then a refusal, then
 * the organisation's edge, then no calendar found; a provider that cannot see anyone last.
 */
const REASON_ORDER: readonly TUnknownReason[] = [
  'unavailable',
  'no_permission',
  'outside_organisation',
  'not_found',
  'not_supported',
];

function mergeAnswers(
  answers: readonly (TOthersBusy | undefined)[],
  range: { from: string; to: string },
): TOthersBusy {
  const known = answers.filter((answer): answer is TOthersBusy => answer !== undefined).filter(isKnownBusy);
  if (known.length > 0) {
    const busy = mergeBusy(
      known.flatMap((answer) =>
        answer.busy.map((span) => ({ start: Date.parse(span.start), end: Date.parse(span.end) })),
      ),
      range,
    );
    const workingHours: TWorkingHours | undefined = known.find((answer) => answer.workingHours)?.workingHours;
    return workingHours ? { busy, workingHours } : { busy };
  }
  const reasons = new Set(
    answers.map((answer) => (answer && !isKnownBusy(answer) ? answer.unknown : 'unavailable')),
  );
  return { unknown: REASON_ORDER.find((reason) => reasons.has(reason)) ?? 'unavailable' };
}

/**
 * Creates the event in the named account's calendar, or the person's default one. With an
 * idempotency key the provider makes it once: a repeat answers the event already made (587).
 */
export async function createEvent(
  deps: CalendarDeps,
  input: { userId: string; event: TCreateEventBody; idempotencyKey?: string; tentative?: boolean },
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
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      ...(input.tentative ? { tentative: true } : {}),
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
  input: { userId: string; connectionId: string; eventId: string; sendUpdates: boolean; comment?: string },
): Promise<{ commented: boolean }> {
  const target = await oneTarget(deps, { ...input, service: 'calendar', access: 'write' });
  const outcome = await onAccount(deps, target, (account) =>
    deps.calendars[account.provider].deleteEvent(account, input.eventId, {
      sendUpdates: input.sendUpdates,
      ...(input.comment ? { comment: input.comment } : {}),
    }),
  );
  await tellSample(deps, target, { kind: 'event.cancelled', eventId: input.eventId });
  return outcome;
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
