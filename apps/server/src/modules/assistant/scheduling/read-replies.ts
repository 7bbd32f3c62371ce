import { z } from 'zod';
import { defineJob } from '../../../lib/jobs/definition';
import { zoneOrUtc } from '../../../lib/zoned-time';
import type { ChangeRecord } from '../../../providers/change-feed/feed-adapter';
import { createEvent } from '../../workspace/calendar';
import { ownAddresses, readMail } from '../../workspace/mail';
import { WorkspaceError } from '../../workspace/workspace-error';
import type { TAction } from '../actions';
import type { ProactiveDeps } from '../send-proactive';
import type { AssistantTextKey } from '../texts';
import type { ReplyAnswer } from './classify-reply';
import { releaseHoldsLater } from './holds';
import { askAboutOtherTime } from './other-time-question';
import { readReplyWithinPlan } from './read-within-plan';
import type { SchedulingRequestRow } from './repo';
import { answersOf, approvedOf, attendeesOf, decideReply, type ReplyOutcome } from './request';
import { namesOf, slotForPerson, textPerson } from './texts';

export const SCHEDULING_REPLY_JOB = 'scheduling.reply';
export const SCHEDULING_BOOK_JOB = 'scheduling.book';

export const schedulingReplyJob = defineJob<{ requestId: string; connectionId: string; messageId: string }>({
  kind: SCHEDULING_REPLY_JOB,
  payload: z.object({ requestId: z.string(), connectionId: z.string(), messageId: z.string() }),
});
export const schedulingBookJob = defineJob<{ requestId: string }>({
  kind: SCHEDULING_BOOK_JOB,
  payload: z.object({ requestId: z.string() }),
});

/**
 * Mail arrived (the change feed, issue 31): a message in the thread of a request waiting on
 * answers, from someone other than the person, gets one job to read it, keyed by the request
 * and the message, so the same reply seen twice (or by two instances) is read once.
 */
export async function takeSchedulingReplies(deps: ProactiveDeps, records: ChangeRecord[]): Promise<void> {
  for (const record of records) {
    if (record.kind !== 'mail.arrived') continue;
    const { message } = record;
    const row = await deps.schedulingRepo.askedInThread(record.userId, message.threadId);
    if (!row || row.connection_id !== record.connectionId) continue;
    const own = await ownAddresses(deps.workspace, record.userId);
    if (!message.from || own.includes(message.from.email.toLowerCase())) continue;
    await deps.jobs.enqueue(deps.db, schedulingReplyJob, {
      key: `scheduling-reply:${row.id}:${message.id}`,
      payload: { requestId: row.id, connectionId: record.connectionId, messageId: message.id },
    });
  }
}

/** A reply the plan kept the model from reading: recorded as unclear, never acted on. */
const UNREAD: ReplyAnswer = { kind: 'unclear', extra: null };

const ASK_TEXT: Record<Exclude<ReplyOutcome, { kind: 'book' }>['reason'], AssistantTextKey> = {
  other_time: 'schedulingOtherTime',
  declined: 'schedulingDeclined',
  unclear: 'schedulingUnclear',
  extra: 'schedulingExtra',
  not_attendee: 'schedulingUnclear',
  outside: 'schedulingPassed',
  passed: 'schedulingPassed',
  others_added: 'schedulingExtra',
};

/**
 * Reads one reply (decision 552): the model classifies it as quoted data, code decides. A pick
 * inside the approved set moves the request to `booked` by compare-and-set and queues the one
 * booking job in the same transaction; anything else moves it to `needs_person` and the person
 * gets one text. Nothing in the reply reaches anyone but the person.
 */
export async function readSchedulingReply(
  deps: ProactiveDeps,
  job: { requestId: string; connectionId: string; messageId: string },
): Promise<void> {
  const row = await deps.schedulingRepo.findById(job.requestId);
  const approved = row ? approvedOf(row) : null;
  if (row?.status !== 'asked' || !approved) return;
  const message = await readMail(deps.workspace, {
    userId: row.user_id,
    connectionId: job.connectionId,
    messageId: job.messageId,
  });
  const from = message.from?.email.toLowerCase() ?? '';
  const sender = attendeesOf(row).find((attendee) => attendee.email.toLowerCase() === from);
  const owner = await deps.usersRepo.findById(row.user_id);
  const zone = zoneOrUtc(sender?.zone ?? owner?.time_zone ?? 'UTC');
  const name = sender?.name ?? message.from?.name ?? from;
  const read = owner
    ? await readReplyWithinPlan(deps, {
        user: owner,
        key: `scheduling-reply:${row.id}:${message.id}`,
        slots: approved.slots,
        zone,
        reply: message.text,
      })
    : ({ read: false, reason: 'no_plan' } as const);
  if (!read.read) {
    // The plan stopped the model (decision 589): the reply stays unread and the person is told,
    // once per reply, as the gate tells them; nothing is booked.
    const unread = JSON.stringify([
      ...answersOf(row),
      { from, messageId: message.id, at: deps.clock.now().toISOString(), answer: UNREAD },
    ]);
    const moved = await deps.schedulingRepo.move(
      row.id,
      'needs_person',
      { answers: unread, chase_due_at: null },
      deps.clock.now().toISOString(),
    );
    if (moved)
      await textPerson(
        deps,
        row,
        `scheduling:${row.id}:${message.id}`,
        {
          key: read.reason === 'over_limit' ? 'schedulingNotReadOverLimit' : 'schedulingNotReadNoPlan',
          vars: { name, product: deps.productName, url: `${deps.publicUrl}/billing` },
        },
        { plan: false },
      );
    return;
  }
  const { answer } = read;
  const now = deps.clock.now();
  const own = await ownAddresses(deps.workspace, row.user_id);
  const outcome = decideReply(approved, message, own, answer, now);
  const answers = JSON.stringify([
    ...answersOf(row),
    { from, messageId: message.id, at: now.toISOString(), answer },
  ]);
  const at = now.toISOString();
  if (outcome.kind === 'book') {
    const won = await claimBooking(deps, row, 'asked', { booked_slot: outcome.slot, answers }, at);
    if (!won) deps.log.info({ requestId: row.id }, 'scheduling reply: the request moved on already');
    return;
  }
  if (!(await deps.schedulingRepo.move(row.id, 'needs_person', { answers, chase_due_at: null }, at))) return;
  if (
    outcome.reason === 'other_time' &&
    answer.kind === 'other_time' &&
    (await askAboutOtherTime(deps, row, approved, { name, words: answer.when, zone, messageId: message.id }))
  )
    return;
  await textPerson(deps, row, `scheduling:${row.id}:${message.id}`, {
    key: ASK_TEXT[outcome.reason],
    vars: { name, words: answer.kind === 'other_time' ? answer.when.slice(0, 80) : '' },
  });
}

/**
 * The one way a request becomes `booked` (a pick, or the person's YES to a suggested time): the
 * compare-and-set from the status it was read in, the one booking job and the release of every
 * hold (the booked slot's too: the booking is a new event with its invitations, decision 594),
 * in one transaction. False when another answer moved it first.
 */
async function claimBooking(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'transaction' | 'jobs'>,
  row: Pick<SchedulingRequestRow, 'id' | 'holds'>,
  from: 'asked' | 'needs_person',
  fields: Partial<Pick<SchedulingRequestRow, 'booked_slot' | 'answers' | 'approved'>>,
  at: string,
): Promise<boolean> {
  return deps.transaction(async (trx) => {
    const { id } = row;
    if (
      !(await deps.schedulingRepo.with(trx).move(id, 'booked', { ...fields, chase_due_at: null }, at, from))
    )
      return false;
    await deps.jobs.enqueue(trx, schedulingBookJob, {
      key: `scheduling-book:${id}`,
      payload: { requestId: id },
    });
    await releaseHoldsLater(deps, trx, row, 'booked');
    return true;
  });
}

/**
 * The person's YES to a suggested time (decision 583): the span joins the approved set as one
 * more numbered slot and the request moves `needs_person -> booked` by compare-and-set, with the
 * one booking job queued in the same transaction, as a pick (read-replies.ts): the event has
 * exactly the approved attendees, invited, and the person gets the one "Booked: …" text. A
 * request no longer waiting on the person (cancelled, booked) books nothing.
 */
export async function bookOtherTime(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'clock' | 'transaction' | 'jobs'>,
  userId: string,
  action: Extract<TAction, { kind: 'book_time' }>,
): Promise<string> {
  const row = await deps.schedulingRepo.find(userId, action.requestId);
  const approved = row ? approvedOf(row) : null;
  const at = deps.clock.now().toISOString();
  if (!row || !approved || row.status !== 'needs_person' || Date.parse(action.start) <= Date.parse(at))
    throw new WorkspaceError('not_found', 'The scheduling request no longer waits on this answer.');
  const slots = [...approved.slots, { start: action.start, end: action.end }];
  const fields = { approved: JSON.stringify({ ...approved, slots }), booked_slot: slots.length };
  if (!(await claimBooking(deps, row, 'needs_person', fields, at)))
    throw new WorkspaceError('not_found', 'The scheduling request moved on.');
  return row.id;
}

/**
 * Books the picked slot once (decision 552): one job per request (its key), run only by the
 * instance whose compare-and-set moved the request to `booked`. The event has exactly the
 * approved attendees, invited by the provider; then the person gets one "Booked: …" text.
 */
export async function bookSchedulingRequest(deps: ProactiveDeps, job: { requestId: string }): Promise<void> {
  let row: SchedulingRequestRow | undefined = await deps.schedulingRepo.findById(job.requestId);
  const approved = row ? approvedOf(row) : null;
  if (row?.status !== 'booked' || !approved || row.booked_slot === null) return;
  const slot = approved.slots[row.booked_slot - 1];
  if (!slot) return;
  if (!row.booked_event_id) {
    const event = await createEvent(deps.workspace, {
      userId: row.user_id,
      event: {
        title: row.title,
        start: slot.start,
        end: slot.end,
        allDay: false,
        attendees: approved.attendees,
        sendUpdates: true,
        connectionId: row.connection_id,
      },
      // The request names the event at the provider: a crash after the create and before the id
      // is stored, or this job run again, finds the same event instead of booking twice (587).
      idempotencyKey: `scheduling-book:${row.id}`,
    });
    await deps.schedulingRepo.update(
      row.id,
      'booked',
      { booked_event_id: event.id },
      deps.clock.now().toISOString(),
    );
    row = { ...row, booked_event_id: event.id };
  }
  await textPerson(deps, row, `scheduling:${row.id}:booked`, {
    key: 'schedulingBooked',
    vars: { when: await slotForPerson(deps, row, slot), names: namesOf(row, approved.attendees) },
  });
}
