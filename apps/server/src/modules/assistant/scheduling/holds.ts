import { z } from 'zod';
import type { Db } from '../../../db/database';
import { defineJob } from '../../../lib/jobs/definition';
import type { Interval } from '../../scheduling/find-slots';
import { createEvent, deleteEvent } from '../../workspace/calendar';
import { WorkspaceError } from '../../workspace/workspace-error';
import type { ProactiveDeps } from '../send-proactive';
import { say } from '../texts';
import type { SchedulingRequestRow } from './repo';
import { approvedOf } from './request';

export const SCHEDULING_HOLDS_JOB = 'scheduling.holds';
export const schedulingHoldsJob = defineJob<{ requestId: string }>({
  kind: SCHEDULING_HOLDS_JOB,
  payload: z.object({ requestId: z.string() }),
});

/** One offered slot held in the person's calendar: its number in the approved set, its event. */
export interface Hold {
  slot: number;
  eventId: string;
}

export const holdsOf = (row: Pick<SchedulingRequestRow, 'holds'>): Hold[] =>
  row.holds ? (JSON.parse(row.holds) as Hold[]) : [];

/**
 * The holds of the YES that offers the slots (decision 594): one tentative event per slot at the
 * request's connection, through the workspace's create with a key per slot (decision 587), so a
 * YES run again finds the same events instead of doubling them. No attendee, no invitation.
 * When one cannot be made, those made are handed to `onFailure` (to be released) and the error
 * goes on: nothing is offered with holds half made.
 */
export async function holdSlots(
  deps: Pick<ProactiveDeps, 'workspace'>,
  row: SchedulingRequestRow,
  slots: Interval[],
  language: 'en' | 'zh',
  onFailure: (made: Hold[]) => Promise<void>,
): Promise<Hold[]> {
  const holds: Hold[] = [];
  try {
    for (const [i, slot] of slots.entries()) {
      const event = await createEvent(deps.workspace, {
        userId: row.user_id,
        event: {
          title: say(language, 'holdTitle', { title: row.title }),
          start: slot.start,
          end: slot.end,
          allDay: false,
          sendUpdates: false,
          connectionId: row.connection_id,
        },
        idempotencyKey: `scheduling-hold:${row.id}:${i + 1}`,
        tentative: true,
      });
      holds.push({ slot: i + 1, eventId: event.id });
    }
  } catch (error) {
    await onFailure(holds);
    throw error;
  }
  return holds;
}

/**
 * Queues the removal of the holds the request no longer keeps, in `db`'s transaction (the one
 * that booked, withdrew, cancelled or expired it); `why` keeps each such moment its own job.
 */
export async function releaseHoldsLater(
  deps: Pick<ProactiveDeps, 'jobs'>,
  db: Db,
  row: Pick<SchedulingRequestRow, 'id' | 'holds'>,
  why: string,
): Promise<void> {
  if (holdsOf(row).length === 0) return;
  await deps.jobs.enqueue(db, schedulingHoldsJob, {
    key: `scheduling-holds:${row.id}:${why}`,
    payload: { requestId: row.id },
  });
}

/** The slots whose holds stay: those still offered while the request waits; none once it closed. */
function keptSlots(row: SchedulingRequestRow): Set<number> {
  const approved = approvedOf(row);
  if (!approved || (row.status !== 'asked' && row.status !== 'needs_person')) return new Set();
  return new Set(approved.slots.map((_, i) => i + 1).filter((n) => !approved.withdrawn.includes(n)));
}

/**
 * The release job (decision 594): every hold whose slot is no longer offered is deleted at the
 * provider, quietly; one gone already (the person deleted it, or an earlier try did) is fine.
 * The list left is written by compare-and-set on the list read, so of two such jobs neither
 * loses the other's work: the one that finds it changed fails and runs again.
 */
export async function releaseHolds(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'workspace' | 'clock'>,
  job: { requestId: string },
): Promise<void> {
  const row = await deps.schedulingRepo.findById(job.requestId);
  if (!row) return;
  const holds = holdsOf(row);
  const kept = keptSlots(row);
  const gone = holds.filter((hold) => !kept.has(hold.slot));
  if (gone.length === 0) return;
  for (const hold of gone) {
    try {
      await deleteEvent(deps.workspace, {
        userId: row.user_id,
        connectionId: row.connection_id,
        eventId: hold.eventId,
        sendUpdates: false,
      });
    } catch (error) {
      if (!(error instanceof WorkspaceError) || error.code !== 'not_found') throw error;
    }
  }
  const left = JSON.stringify(holds.filter((hold) => kept.has(hold.slot)));
  if (!(await deps.schedulingRepo.setHolds(row.id, row.holds, left)))
    throw new Error('the holds changed while they were released; released again on the next try');
}
