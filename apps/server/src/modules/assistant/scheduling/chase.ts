import { zoneOrUtc } from '../../../lib/zoned-time';
import { slotWords } from '../../scheduling/slot-words';
import { composeMail } from '../../workspace/mail';
import { WorkspaceError } from '../../workspace/workspace-error';
import type { TAction } from '../actions';
import type { ProactiveDeps } from '../send-proactive';
import { say } from '../texts';
import { mailSlotLine } from './ask-others';
import { askPersonToApprove } from './ask-person';
import { releaseHoldsLater } from './holds';
import type { SchedulingRequestRow } from './repo';
import { type ApprovedSet, answersOf, approvedOf, attendeesOf, withdrawPassed } from './request';
import { namesOf, textPerson } from './texts';

/**
 * No answer within the working days (decision 554): the slots passed are withdrawn from the
 * approved set (their numbers kept), and the person is asked whether to send a reminder: an
 * approval (decision 584) naming every attendee who has not answered, whose YES sends the one
 * reminder (`remindOthers`); when every slot has passed the request expires and the person is
 * told. Claimed by compare-and-set on the chase time, so of two instances one asks.
 */
export async function chaseSchedulingRequest(deps: ProactiveDeps, job: { requestId: string }): Promise<void> {
  const row = await deps.schedulingRepo.findById(job.requestId);
  const approved = row ? approvedOf(row) : null;
  if (!row || !approved || row.status !== 'asked' || !row.chase_due_at) return;
  const now = deps.clock.now();
  if (Date.parse(row.chase_due_at) > now.getTime()) return;
  const at = now.toISOString();
  if (!(await deps.schedulingRepo.claimChase(row.id, row.chase_due_at, at))) return;
  const left = withdrawPassed(approved, now);
  const names = namesOf(row, approved.attendees);
  if (left.withdrawn.length >= left.slots.length) {
    const expired = await deps.transaction(async (trx) => {
      if (!(await deps.schedulingRepo.with(trx).move(row.id, 'expired', { chase_due_at: null }, at)))
        return false;
      await releaseHoldsLater(deps, trx, row, 'expired');
      return true;
    });
    if (expired)
      await textPerson(deps, row, `scheduling:${row.id}:expired`, {
        key: 'schedulingExpired',
        vars: { names },
      });
    return;
  }
  // The slots withdrawn now lose their holds (decision 594).
  await deps.transaction(async (trx) => {
    const updated = await deps.schedulingRepo
      .with(trx)
      .update(row.id, 'asked', { approved: JSON.stringify(left) }, at);
    if (updated && left.withdrawn.length > approved.withdrawn.length)
      await releaseHoldsLater(deps, trx, row, `withdrawn-${left.withdrawn.join('-')}`);
  });
  const answered = new Set(answersOf(row).map((stored) => stored.from.toLowerCase()));
  const to = left.attendees.filter((email) => !answered.has(email.toLowerCase()));
  const key = `scheduling:${row.id}:chase`;
  if (to.length === 0) {
    await textPerson(deps, row, key, { key: 'schedulingChase', vars: { names } });
    return;
  }
  const user = await deps.usersRepo.findById(row.user_id);
  const owner = {
    name: user?.name ?? user?.email ?? '',
    zone: zoneOrUtc(user?.time_zone ?? 'UTC'),
    language: user?.language ?? 'en',
  };
  const open = openSlots(left);
  await askPersonToApprove(deps, row, key, {
    action: { kind: 'remind_others', requestId: row.id, to, slots: open.map(({ n }) => n) },
    title: row.title,
    when: null,
    recipients: to,
    lines: [
      say(owner.language, 'lineRemind', { title: row.title }),
      ...open.map(({ n, slot }) => `${n}. ${slotWords(slot, owner.zone, owner.language)}`),
    ],
    body: reminderMailText(row, to, open, owner),
  });
}

/** The approved slots neither withdrawn nor passed, with the numbers the first mail gave them. */
function openSlots(approved: ApprovedSet): { n: number; slot: ApprovedSet['slots'][number] }[] {
  return approved.slots
    .map((slot, i) => ({ n: i + 1, slot }))
    .filter(({ n }) => !approved.withdrawn.includes(n));
}

/** The reminder, signed as the person's assistant: the open slots with their first numbers. */
function reminderMailText(
  row: SchedulingRequestRow,
  to: string[],
  open: { n: number; slot: ApprovedSet['slots'][number] }[],
  owner: { name: string; zone: string; language: 'en' | 'zh' },
): string {
  const wanted = new Set(to.map((email) => email.toLowerCase()));
  const readers = attendeesOf(row).filter((attendee) => wanted.has(attendee.email.toLowerCase()));
  const names = readers.map((a) => a.name ?? a.email).join(owner.language === 'zh' ? '、' : ', ');
  const vars = { names, owner: owner.name, minutes: String(row.duration_minutes), title: row.title };
  return [
    say(owner.language, 'schedulingReminderOpen', vars),
    open.map(({ n, slot }) => mailSlotLine(slot, n, readers, owner.zone, owner.language)).join('\n'),
    say(owner.language, 'schedulingMailClose', vars),
  ].join('\n\n');
}

/**
 * The person's YES to a reminder (decision 584): one mail from the request's account, in its
 * thread (a reply to the offer, with its threading headers), to exactly the attendees the
 * approval named, listing the slots it showed that are still open, signed as the assistant.
 * A request no longer waiting on answers, or with no slot left, sends nothing.
 */
export async function remindOthers(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'usersRepo' | 'workspace' | 'clock'>,
  userId: string,
  action: Extract<TAction, { kind: 'remind_others' }>,
): Promise<string> {
  const row = await deps.schedulingRepo.find(userId, action.requestId);
  const approved = row ? approvedOf(row) : null;
  if (!row || !approved || row.status !== 'asked' || !row.message_id)
    throw new WorkspaceError('not_found', 'The scheduling request no longer waits on answers.');
  const allowed = new Set(approved.attendees.map((email) => email.toLowerCase()));
  const to = action.to.filter((email) => allowed.has(email.toLowerCase()));
  const open = openSlots(withdrawPassed(approved, deps.clock.now())).filter(({ n }) =>
    action.slots.includes(n),
  );
  if (to.length !== action.to.length || open.length === 0)
    throw new WorkspaceError('not_found', 'No slot of the request is still open.');
  const user = await deps.usersRepo.findById(userId);
  const text = reminderMailText(row, to, open, {
    name: user?.name ?? user?.email ?? '',
    zone: zoneOrUtc(user?.time_zone ?? 'UTC'),
    language: user?.language ?? 'en',
  });
  const sent = await composeMail(deps.workspace, {
    userId,
    mode: 'send',
    onlyGiven: true,
    mail: {
      connectionId: row.connection_id,
      to,
      cc: [],
      bcc: [],
      text,
      replyAll: false,
      inReplyTo: row.message_id,
    },
  });
  return sent.id;
}
