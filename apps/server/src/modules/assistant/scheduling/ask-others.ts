import { z } from 'zod';
import { describeWhen } from '../../../lib/describe-when';
import { defineJob } from '../../../lib/jobs/definition';
import { wallTimeOf, zoneOrUtc } from '../../../lib/zoned-time';
import type { Interval } from '../../scheduling/find-slots';
import { slotWords, zonePlace } from '../../scheduling/slot-words';
import { composeMail } from '../../workspace/mail';
import type { ProactiveDeps } from '../send-proactive';
import { say } from '../texts';
import { type Hold, holdSlots, releaseHoldsLater } from './holds';
import type { SchedulingRequestRow } from './repo';
import { type ApprovedSet, type Attendee, attendeesOf, chaseDue } from './request';

export const SCHEDULING_CHASE_JOB = 'scheduling.chase';
export const schedulingChaseJob = defineJob<{ requestId: string }>({
  kind: SCHEDULING_CHASE_JOB,
  payload: z.object({ requestId: z.string() }),
});

/**
 * A slot as the mail's readers read it: in the one recipient's own zone when it is known
 * ("your time"), else in the person's zone, named.
 */
export function mailSlotLine(
  slot: Interval,
  n: number,
  readers: Attendee[],
  ownerZone: string,
  language: 'en' | 'zh',
): string {
  const only = readers.length === 1 ? readers[0]!.zone : null;
  if (only) return `${n}. ${slotWords(slot, zoneOrUtc(only), language)}`;
  const zone = zoneOrUtc(ownerZone);
  const when = describeWhen(
    wallTimeOf(new Date(slot.start), zone),
    wallTimeOf(new Date(slot.end), zone),
    false,
    language,
  );
  return `${n}. ${when} (${zonePlace(zone, language, new Date(slot.start))})`;
}

/** The mail offering the slots, signed as the person's assistant. */
export function schedulingMailText(
  row: Pick<SchedulingRequestRow, 'title' | 'duration_minutes'>,
  attendees: Attendee[],
  slots: Interval[],
  owner: { name: string; zone: string; language: 'en' | 'zh' },
): string {
  const names = attendees.map((a) => a.name ?? a.email).join(owner.language === 'zh' ? '、' : ', ');
  const vars = { names, owner: owner.name, minutes: String(row.duration_minutes), title: row.title };
  return [
    say(owner.language, 'schedulingMailOpen', vars),
    slots.map((slot, i) => mailSlotLine(slot, i + 1, attendees, owner.zone, owner.language)).join('\n'),
    say(owner.language, 'schedulingMailClose', vars),
  ].join('\n\n');
}

/**
 * The person's YES to a proposal (decision 551): the mail goes from their account to exactly the
 * attendees (in the thread the request came from, with its threading headers, else a new one),
 * the approved set is frozen, and the chase is due after the working days. A YES decided twice
 * sends once: only a `proposed` request is asked. With `hold`, each slot is held first
 * (decision 594); holds the mail could not follow, or made for a request cancelled meanwhile,
 * are stored and released by the job queue.
 */
export async function askOthers(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'usersRepo' | 'workspace' | 'clock' | 'transaction' | 'jobs'>,
  userId: string,
  requestId: string,
  hold = false,
): Promise<SchedulingRequestRow> {
  const row = await deps.schedulingRepo.find(userId, requestId);
  if (row?.status !== 'proposed') throw new Error('This scheduling request was already sent or closed.');
  const user = await deps.usersRepo.findById(userId);
  const zone = zoneOrUtc(user?.time_zone ?? 'UTC');
  const language = user?.language ?? 'en';
  const attendees = attendeesOf(row);
  const slots = JSON.parse(row.proposed) as Interval[];
  const text = schedulingMailText(row, attendees, slots, {
    name: user?.name ?? user?.email ?? '',
    zone,
    language,
  });
  const to = attendees.map((a) => a.email);
  // Holds left behind (the mail failed, or the request was cancelled meanwhile) go by the queue.
  const release = (made: Hold[], why: string) =>
    deps.transaction(async (trx) => {
      const json = JSON.stringify(made);
      if (made.length > 0 && (await deps.schedulingRepo.with(trx).setHolds(row.id, null, json)))
        await releaseHoldsLater(deps, trx, { id: row.id, holds: json }, why);
    });
  const holds = hold ? await holdSlots(deps, row, slots, language, (made) => release(made, 'unmade')) : null;
  const sent = await composeMail(deps.workspace, {
    userId,
    mode: 'send',
    mail: {
      connectionId: row.connection_id,
      to,
      cc: [],
      bcc: [],
      text,
      replyAll: false,
      ...(row.message_id ? { inReplyTo: row.message_id } : { subject: row.title }),
    },
  }).catch(async (error: unknown) => {
    if (holds) await release(holds, 'unsent');
    throw error;
  });
  const now = deps.clock.now();
  const due = chaseDue(now, zone);
  const approved: ApprovedSet = { slots, attendees: to, withdrawn: [] };
  const asked = await deps.transaction(async (trx) => {
    const marked = await deps.schedulingRepo.with(trx).markAsked(
      row.id,
      {
        approved: JSON.stringify(approved),
        threadId: sent.threadId ?? row.thread_id,
        messageId: sent.id,
        subject: row.subject ?? row.title,
        chaseDueAt: due.toISOString(),
        holds: holds ? JSON.stringify(holds) : null,
      },
      now.toISOString(),
    );
    if (!marked) return false;
    await deps.jobs.enqueue(trx, schedulingChaseJob, {
      key: `scheduling-chase:${row.id}:${due.toISOString()}`,
      payload: { requestId: row.id },
      runAt: due,
    });
    return true;
  });
  if (!asked && holds) await release(holds, 'unasked');
  return (await deps.schedulingRepo.findById(row.id))!;
}
