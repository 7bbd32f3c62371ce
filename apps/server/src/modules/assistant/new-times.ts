import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import { isKnownBusy } from '@app/contract/workspace/others-free-busy';
import {
  type BusyInterval,
  DEFAULT_WORKING_HOURS,
  findSlots,
  type Interval,
  type Participant,
  type SlotQuery,
} from '../scheduling/find-slots';
import { preferencesFromMemories } from '../scheduling/preferences';
import { freeBusy, othersFreeBusy } from '../workspace/calendar';
import type { AssistantDeps } from './deps';

type NewTimesDeps = Pick<AssistantDeps, 'workspace' | 'memoryRepo' | 'clock'>;

/** Whose calendar a move is checked against: the person and the event's other attendees. */
export interface MoveContext {
  userId: string;
  zone: string;
  event: TWorkspaceEvent;
  /** The event's attendees other than the person. */
  attendees: string[];
}

/**
 * Everyone's busy time over the window, with the event's own time cut out of it (decision 560):
 * the event being moved never blocks where it goes, and its attendees are busy at that time
 * because of it. Others whose calendar is not visible block nothing (busy null).
 */
async function queryFor(
  deps: NewTimesDeps,
  move: MoveContext,
  window: Interval,
  count?: number,
): Promise<SlotQuery> {
  const range = { from: window.start, to: window.end };
  const [own, others, memories] = await Promise.all([
    freeBusy(deps.workspace, { userId: move.userId, ...range }),
    othersFreeBusy(deps.workspace, { userId: move.userId, emails: move.attendees, ...range }),
    deps.memoryRepo.list(move.userId),
  ]);
  const cut = { start: Date.parse(move.event.start), end: Date.parse(move.event.end) };
  const participants: Participant[] = move.attendees.map((email) => {
    const answer = others.people[email];
    if (!answer || !isKnownBusy(answer)) return { email, zone: null, busy: null };
    return {
      email,
      zone: answer.workingHours?.zone ?? null,
      busy: withoutSpan(answer.busy, cut),
      ...(answer.workingHours ? { workingHours: answer.workingHours } : {}),
    };
  });
  return {
    now: deps.clock.now(),
    window,
    durationMinutes: Math.max(
      1,
      Math.round((Date.parse(move.event.end) - Date.parse(move.event.start)) / 60_000),
    ),
    zone: move.zone,
    workingHours: DEFAULT_WORKING_HOURS,
    preferences: preferencesFromMemories(memories.map((memory) => memory.text)),
    busy: withoutSpan(own.busy, cut),
    others: participants,
    ...(count ? { count } : {}),
  };
}

/** Busy spans with one span cut out of them (what is left either side stays busy). */
function withoutSpan(busy: readonly Interval[], cut: { start: number; end: number }): BusyInterval[] {
  return busy.flatMap((span) => {
    const start = Date.parse(span.start);
    const end = Date.parse(span.end);
    if (end <= cut.start || start >= cut.end) return [{ start: span.start, end: span.end }];
    const left = start < cut.start ? [{ start: span.start, end: new Date(cut.start).toISOString() }] : [];
    const right = end > cut.end ? [{ start: new Date(cut.end).toISOString(), end: span.end }] : [];
    return [...left, ...right];
  });
}

/** A few new times for the event in the window, the same length, checked against everyone visible. */
export async function newTimesFor(deps: NewTimesDeps, move: MoveContext, window: Interval) {
  return findSlots(await queryFor(deps, move, window));
}

/**
 * The attendees whose visible calendar is busy at a new time the person named (said before the
 * YES); the person's own calendar is theirs to judge, so only the others are named.
 */
export async function busyAttendeesAt(
  deps: NewTimesDeps,
  move: MoveContext,
  slot: Interval,
): Promise<string[]> {
  if (move.attendees.length === 0) return [];
  const query = await queryFor(deps, move, slot);
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  return query.others
    .filter((other) =>
      (other.busy ?? []).some((span) => Date.parse(span.start) < end && Date.parse(span.end) > start),
    )
    .map((other) => other.email);
}
