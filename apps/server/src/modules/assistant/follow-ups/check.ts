import type { TMailSummary } from '@app/contract/workspace/mail';
import { z } from 'zod';
import { defineJob } from '../../../lib/jobs/definition';
import { zoneOrUtc } from '../../../lib/zoned-time';
import type { ChangeRecord } from '../../../providers/change-feed/feed-adapter';
import { ownAddresses, readThread, searchMail } from '../../workspace/mail';
import { WorkspaceError } from '../../workspace/workspace-error';
import { mayStartMessage } from '../may-start';
import { quietEnd } from '../quiet-hours';
import { queueReplies } from '../replies';
import type { ProactiveDeps } from '../send-proactive';
import { say } from '../texts';
import type { FollowUpRow } from './repo';

/**
 * How often a watch looks at its thread until the change feed of issue 31 wakes it instead
 * (decision 411): every five minutes per watch, and at its deadline.
 */
export const FOLLOW_UP_CHECK_MS = 5 * 60_000;
/** A watch with no deadline and no reply ends quietly after this long. */
export const FOLLOW_UP_MAX_MS = 30 * 24 * 60 * 60_000;
/** Watches looked at per pass; the next pass takes the rest. */
const BATCH = 200;
const SEGMENTS = 2;

export const FOLLOW_UP_JOB = 'assistant.follow-up';
export interface FollowUpJob {
  followUpId: string;
  event: 'replied' | 'nudged';
  /** Who answered, for a reply. */
  who: string | null;
}
export const followUpJob = defineJob<FollowUpJob>({
  kind: FOLLOW_UP_JOB,
  payload: z.object({
    followUpId: z.string(),
    event: z.enum(['replied', 'nudged']),
    who: z.string().nullable(),
  }),
});

/**
 * Mail arrived (a change record): the person's watches look at their threads on the next pass
 * instead of at their next scheduled look (issue 31). Only the mailbox's own word wakes them, and
 * waking decides nothing: the look reads the thread as it is.
 */
export async function wakeFollowUps(
  deps: Pick<ProactiveDeps, 'followUpsRepo' | 'clock'>,
  records: ChangeRecord[],
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const people = new Set(records.filter((r) => r.kind === 'mail.arrived').map((r) => r.userId));
  for (const userId of people) await deps.followUpsRepo.wake(userId, now);
}

/**
 * The follow-ups part of the scheduling pass (decision 411): only the watches due (by the
 * (state, next_check_at) index, a bounded batch), each claimed by moving its next look so that
 * instances share them. A watch ends once (a compare-and-set on its state), and only the
 * instance that ended it enqueues the text, under a key naming the watch and the event.
 */
export async function checkFollowUps(deps: ProactiveDeps, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  for (const row of await deps.followUpsRepo.due(nowIso, BATCH)) {
    const deadline = row.deadline_at ? Date.parse(row.deadline_at) : null;
    const next = new Date(
      Math.min(
        now.getTime() + FOLLOW_UP_CHECK_MS,
        deadline && deadline > now.getTime() ? deadline : Infinity,
      ),
    ).toISOString();
    if (!(await deps.followUpsRepo.claim(row.id, row.next_check_at!, next))) continue;
    const reply = await replyTo(deps, row).catch((error: unknown) => {
      if (error instanceof WorkspaceError) return null;
      throw error;
    });
    if (reply) {
      if (await deps.followUpsRepo.end(row.id, 'replied', nowIso, reply.id)) {
        await enqueueText(deps, row, now, {
          followUpId: row.id,
          event: 'replied',
          who: reply.from?.name ?? reply.from?.email ?? null,
        });
      }
    } else if (deadline !== null && deadline <= now.getTime()) {
      if (await deps.followUpsRepo.end(row.id, 'nudged', nowIso))
        await enqueueText(deps, row, now, { followUpId: row.id, event: 'nudged', who: null });
    } else if (deadline === null && now.getTime() - Date.parse(row.since) > FOLLOW_UP_MAX_MS) {
      await deps.followUpsRepo.end(row.id, 'expired', nowIso);
    }
  }
}

/**
 * The first mail after the watch began from someone other than the person: in the thread, or
 * from the sender watched. Read through the person's own accounts only.
 */
async function replyTo(deps: ProactiveDeps, row: FollowUpRow): Promise<TMailSummary | null> {
  const own = new Set(await ownAddresses(deps.workspace, row.user_id));
  const after = (m: TMailSummary) => m.date >= row.since && !!m.from && !own.has(m.from.email.toLowerCase());
  if (row.thread_id && row.connection_id) {
    const thread = await readThread(deps.workspace, {
      userId: row.user_id,
      connectionId: row.connection_id,
      threadId: row.thread_id,
    });
    return thread.messages.find(after) ?? null;
  }
  if (!row.counterpart_email) return null;
  const found = await searchMail(deps.workspace, {
    userId: row.user_id,
    query: { from: row.counterpart_email, limit: 10 },
  });
  return (
    found.messages
      .filter((m) => after(m) && m.from!.email.toLowerCase() === row.counterpart_email)
      .sort((a, b) => a.date.localeCompare(b.date))[0] ?? null
  );
}

/**
 * The text waits for the end of the person's quiet hours (decision 412): it is sent once, so
 * it is delayed rather than dropped as an event reminder is, whose moment passes.
 */
async function enqueueText(deps: ProactiveDeps, row: FollowUpRow, now: Date, job: FollowUpJob) {
  const user = await deps.usersRepo.findById(row.user_id);
  const settings = await deps.assistantSettingsRepo.find(row.user_id);
  const runAt = user && settings ? quietEnd(settings, now, zoneOrUtc(user.time_zone ?? 'UTC')) : now;
  await deps.jobs.enqueue(deps.db, followUpJob, {
    key: `followup:${row.id}:${job.event}`,
    payload: job,
    runAt,
  });
}

/** Sends the one text of a watch that ended: who replied, or the nudge offering a draft. */
export async function sendFollowUp(deps: ProactiveDeps, job: FollowUpJob): Promise<void> {
  const row = await deps.followUpsRepo.findById(job.followUpId);
  if (!row) return;
  const settings = await deps.assistantSettingsRepo.find(row.user_id);
  if (!settings) return;
  const check = await mayStartMessage(deps, settings.id, { quietHours: false });
  if (!check.ok) return void deps.log.info({ reason: check.reason }, 'follow-up not sent');
  const { user } = check;
  const name =
    (job.event === 'replied' ? job.who : null) ?? row.counterpart_name ?? row.counterpart_email ?? '?';
  const text = say(user.language, job.event === 'replied' ? 'followUpReplied' : 'followUpNudge', {
    name,
    subject: row.subject,
  });
  const key = `followup:${row.id}:${job.event}`;
  await queueReplies(deps, {
    inboundId: key,
    key,
    userId: user.id,
    to: { channel: 'sms', e164: user.phone_number },
    language: user.language,
    turnId: null,
    parts: [text],
    kind: 'reminder',
    maxSegments: SEGMENTS,
  });
}
