import { newId } from '../../../lib/ids';
import { zoneOrUtc } from '../../../lib/zoned-time';
import {
  type BusyInterval,
  DEFAULT_WORKING_HOURS,
  findSlots,
  type Interval,
  lookAheadRange,
  nextOpenWindow,
  type Participant,
  type SlotQuery,
  type SlotResult,
} from '../../scheduling/find-slots';
import { preferencesFromMemories } from '../../scheduling/preferences';
import { freeBusy, othersFreeBusy } from '../../workspace/calendar';
import type { ProactiveDeps } from '../send-proactive';
import type { SchedulingRequestRow } from './repo';
import type { Attendee } from './request';

/**
 * The finding half of a proposal (issue 32, decision 551): the person's busy time across their
 * calendars, the attendees' where a provider shows it, the person's own scheduling memories, and
 * the pure slot finder. With slots, a `proposed` request is stored for the approval to name;
 * without, nothing is stored and the next window is offered: the first one after it with time
 * for everyone (`nextHasTime`), else the one right after (decision 588). Attendees arrive resolved (contacts,
 * known-recipients) by the caller: the model tool schedule_propose (decision 555).
 */
export async function proposeSchedule(
  deps: Pick<ProactiveDeps, 'workspace' | 'memoryRepo' | 'usersRepo' | 'schedulingRepo' | 'clock'>,
  input: {
    userId: string;
    connectionId: string;
    title: string;
    durationMinutes: number;
    window: Interval;
    attendees: Attendee[];
    thread?: { threadId: string; messageId: string; subject: string };
  },
): Promise<SlotResult & { request: SchedulingRequestRow | null; nextHasTime?: boolean }> {
  const user = await deps.usersRepo.findById(input.userId);
  const zone = zoneOrUtc(user?.time_zone ?? 'UTC');
  const memories = (await deps.memoryRepo.list(input.userId)).map((memory) => memory.text);
  const now = deps.clock.now();
  const queryOver = async (window: Interval, read: Interval = window): Promise<SlotQuery> => {
    const known = await everyonesBusy(deps, input.userId, input.attendees, read);
    return {
      now,
      window,
      durationMinutes: input.durationMinutes,
      zone,
      workingHours: DEFAULT_WORKING_HOURS,
      preferences: preferencesFromMemories(memories),
      ...known,
    };
  };
  const query = await queryOver(input.window);
  const { others } = query;
  const found = findSlots(query);
  if (found.slots.length === 0) {
    // Nothing fits: offer the first window after it that has time for everyone (decision 588),
    // or, when none within the look-ahead does, the one right after.
    const ahead = lookAheadRange(input.window);
    const open = nextOpenWindow(await queryOver(input.window, ahead));
    return { slots: [], nextWindow: open ?? found.nextWindow, nextHasTime: open !== null, request: null };
  }
  const at = now.toISOString();
  const request: SchedulingRequestRow = {
    id: newId(),
    user_id: input.userId,
    connection_id: input.connectionId,
    title: input.title,
    duration_minutes: input.durationMinutes,
    attendees: JSON.stringify(
      input.attendees.map((attendee, i) => ({ ...attendee, zone: others[i]?.zone ?? attendee.zone })),
    ),
    proposed: JSON.stringify(found.slots),
    approved: null,
    thread_id: input.thread?.threadId ?? null,
    message_id: input.thread?.messageId ?? null,
    subject: input.thread?.subject ?? null,
    status: 'proposed',
    answers: '[]',
    chase_due_at: null,
    booked_event_id: null,
    booked_slot: null,
    holds: null,
    created_at: at,
    updated_at: at,
  };
  await deps.schedulingRepo.insert(request);
  return { ...found, request };
}

/** The person's busy time over a range, and each attendee's where a provider shows it. */
async function everyonesBusy(
  deps: Pick<ProactiveDeps, 'workspace'>,
  userId: string,
  attendees: Attendee[],
  over: Interval,
): Promise<{ busy: BusyInterval[]; others: Participant[] }> {
  const range = { userId, from: over.start, to: over.end };
  const own = await freeBusy(deps.workspace, range);
  const { people } = await othersFreeBusy(deps.workspace, {
    ...range,
    emails: attendees.map((attendee) => attendee.email),
  });
  const others: Participant[] = attendees.map((attendee) => {
    const known = people[attendee.email];
    if (!known || 'unknown' in known) return { email: attendee.email, zone: attendee.zone, busy: null };
    const hours = known.workingHours;
    return {
      email: attendee.email,
      zone: hours?.zone ?? attendee.zone,
      busy: known.busy,
      ...(hours ? { workingHours: { days: hours.days, start: hours.start, end: hours.end } } : {}),
    };
  });
  return { busy: own.busy, others };
}
