import { z } from 'zod';
import { defineJob } from '../../../lib/jobs/definition';
import { zoneOrUtc } from '../../../lib/zoned-time';
import type { ChangeRecord } from '../../../providers/change-feed/feed-adapter';
import { createEvent } from '../../workspace/calendar';
import { ownAddresses, readMail } from '../../workspace/mail';
import type { ProactiveDeps } from '../send-proactive';
import type { AssistantTextKey } from '../texts';
import type { ReplyAnswer } from './classify-reply';
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
    const won = await deps.transaction(async (trx) => {
      if (
        !(await deps.schedulingRepo
          .with(trx)
          .move(row.id, 'booked', { booked_slot: outcome.slot, answers, chase_due_at: null }, at))
      )
        return false;
      await deps.jobs.enqueue(trx, schedulingBookJob, {
        key: `scheduling-book:${row.id}`,
        payload: { requestId: row.id },
      });
      return true;
    });
    if (!won) deps.log.info({ requestId: row.id }, 'scheduling reply: the request moved on already');
    return;
  }
  if (!(await deps.schedulingRepo.move(row.id, 'needs_person', { answers, chase_due_at: null }, at))) return;
  await textPerson(deps, row, `scheduling:${row.id}:${message.id}`, {
    key: ASK_TEXT[outcome.reason],
    vars: { name, words: answer.kind === 'other_time' ? answer.when.slice(0, 80) : '' },
  });
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
