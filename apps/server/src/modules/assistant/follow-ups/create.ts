import { newId } from '../../../lib/ids';
import { instantOf } from '../../../lib/zoned-time';
import { ownAddresses, readThread, searchMail } from '../../workspace/mail';
import type { AssistantDeps } from '../deps';
import { isDate, localTime, toInstant } from '../tool-times';
import type { TurnContext } from '../turn-context';
import { asksForFollowUp } from './asked';
import { FOLLOW_UP_CHECK_MS } from './check';
import type { FollowUpRow } from './repo';

/** Watches running at once, per person. */
export const MAX_FOLLOW_UPS = 50;
/** A date alone as a deadline means the end of that working day, in the person's zone. */
const DAY_DEADLINE = '17:00';

export interface FollowUpInput {
  connectionId?: string | undefined;
  threadId?: string | undefined;
  from?: string | undefined;
  deadline?: string | undefined;
}

type Deps = Pick<AssistantDeps, 'assistantRepo' | 'followUpsRepo' | 'workspace' | 'clock'>;

/**
 * A watch on a thread the turn found (or on a sender), made only when the person's own texts of
 * the turn ask for one. The thread is read through the person's own accounts: another person's
 * thread id is `not_found`, like one that does not exist.
 */
export async function createFollowUp(deps: Deps, ctx: TurnContext, input: FollowUpInput) {
  const theirs = (await deps.assistantRepo.unanswered(ctx.user.id)).map((m) => m.body).join('\n');
  if (!asksForFollowUp(theirs))
    return {
      error: 'not_asked',
      message: 'Only the person’s own text can ask for a follow-up. Nothing was set.',
    };
  if ((await deps.followUpsRepo.active(ctx.user.id)).length >= MAX_FOLLOW_UPS)
    return { error: 'limit', message: `At most ${MAX_FOLLOW_UPS} follow-ups at once: cancel one first.` };
  const now = deps.clock.now();
  let deadlineAt: string | null = null;
  if (input.deadline) {
    deadlineAt = isDate(input.deadline)
      ? instantOf(`${input.deadline}T${DAY_DEADLINE}`, ctx.timeZone).toISOString()
      : toInstant(input.deadline, ctx.timeZone);
    if (!deadlineAt || Date.parse(deadlineAt) <= now.getTime())
      return { error: 'rejected', message: 'Give the deadline as a local time still to come.' };
  }
  const own = new Set(await ownAddresses(deps.workspace, ctx.user.id));
  let watch: Pick<
    FollowUpRow,
    'connection_id' | 'thread_id' | 'counterpart_email' | 'counterpart_name' | 'subject'
  >;
  if (input.threadId) {
    if (!input.connectionId)
      return { error: 'rejected', message: 'Give the connectionId of the thread, from mail_search.' };
    const thread = await readThread(deps.workspace, {
      userId: ctx.user.id,
      connectionId: input.connectionId,
      threadId: input.threadId,
    });
    const newestFirst = [...thread.messages].reverse();
    const theirsIn = newestFirst.find((m) => m.from && !own.has(m.from.email.toLowerCase()));
    const sentTo = newestFirst.find((m) => m.from && own.has(m.from.email.toLowerCase()))?.to[0];
    const named = input.from?.toLowerCase();
    const counterpart =
      (named &&
        thread.messages
          .flatMap((m) => [m.from, ...m.to])
          .find((a) => a && (a.email.toLowerCase() === named || a.name?.toLowerCase().includes(named)))) ||
      theirsIn?.from ||
      sentTo ||
      null;
    watch = {
      connection_id: thread.connectionId,
      thread_id: thread.id,
      counterpart_email: counterpart?.email.toLowerCase() ?? null,
      counterpart_name: counterpart?.name ?? null,
      subject: cleanSubject(thread.messages[0]?.subject ?? ''),
    };
  } else if (input.from) {
    const found = await searchMail(deps.workspace, {
      userId: ctx.user.id,
      query: { from: input.from, limit: 5 },
    });
    const last = found.messages.find((m) => m.from && !own.has(m.from.email.toLowerCase()));
    const email = input.from.includes('@') ? input.from.toLowerCase() : last?.from?.email.toLowerCase();
    if (!email) return { error: 'not_found', message: 'No mail from that sender: search the mail first.' };
    watch = {
      connection_id: null,
      thread_id: null,
      counterpart_email: email,
      counterpart_name: last?.from?.name ?? null,
      subject: cleanSubject(last?.subject ?? ''),
    };
  } else return { error: 'rejected', message: 'Give a threadId (with its connectionId) or a sender.' };
  const nowIso = now.toISOString();
  const row: FollowUpRow = {
    id: newId(),
    user_id: ctx.user.id,
    ...watch,
    since: nowIso,
    deadline_at: deadlineAt,
    next_check_at: nextCheckAt(now, deadlineAt),
    state: 'watching',
    evidence_message_id: null,
    fired_at: null,
    created_at: nowIso,
  };
  await deps.followUpsRepo.insert(row);
  return describeFollowUp(row, ctx.timeZone);
}

/** The next look: a check interval on, or the deadline when that comes first. */
export function nextCheckAt(now: Date, deadlineAt: string | null): string {
  const next = now.getTime() + FOLLOW_UP_CHECK_MS;
  const deadline = deadlineAt ? Date.parse(deadlineAt) : Number.POSITIVE_INFINITY;
  return new Date(Math.min(next, Math.max(deadline, now.getTime()))).toISOString();
}

/** A watch as the model and the list read it. */
export function describeFollowUp(row: FollowUpRow, zone: string) {
  return {
    id: row.id,
    waitingFor: row.counterpart_name ?? row.counterpart_email,
    subject: row.subject,
    deadline: row.deadline_at ? localTime(row.deadline_at, zone) : null,
  };
}

function cleanSubject(subject: string): string {
  return subject.replace(/^\s*((re|fwd?|回复|转发)\s*[:：]\s*)+/i, '').trim();
}
