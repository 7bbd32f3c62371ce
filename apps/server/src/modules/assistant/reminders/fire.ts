import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import type { Jobs } from '../../../lib/jobs/plugin';
import type { AssistantDeps } from '../deps';
import { mayStartMessage, type StartCheck } from '../may-start';
import { queueReplies } from '../replies';
import { defaultSettingsRow } from '../settings';
import { say } from '../texts';
import type { PersonalReminderJob } from './job';
import { occurrenceKey } from './job';
import { nextOccurrence } from './recurrence';
import type { ReminderRow } from './repo';
import { runRoutine } from './run-routine';

/** A routine's occurrence later than this (the server was down) is skipped, not sent late. */
export const ROUTINE_STALE_MS = 2 * 60 * 60_000;
/** A reminder fits in two segments, as the other messages the assistant starts itself. */
const REMINDER_SEGMENTS = 2;

export type FireDeps = AssistantDeps & { jobs: Pick<Jobs, 'enqueue'>; log: FastifyBaseLogger; db: Db };

/**
 * Fires one occurrence (the job queued for it at create, edit or the last occurrence). It does
 * nothing unless the row is still active and still due at this instant, so a cancelled or moved
 * reminder, a second instance or a rerun sends nothing more. A one-off is sent whatever the quiet
 * hours (the person chose the time); a routine in quiet hours, over its plan or late is skipped
 * (decision 393), and its next occurrence is queued either way.
 */
export async function fireReminder(deps: FireDeps, job: PersonalReminderJob): Promise<void> {
  const row = await deps.remindersRepo.findById(job.reminderId);
  if (row?.state !== 'active' || row.due_at !== job.dueAt) return;
  const now = deps.clock.now();
  if (now.getTime() < Date.parse(job.dueAt)) return;
  const routine = row.kind === 'routine' && row.rrule !== null;
  const next = routine ? nextOccurrence(row.rrule!, row.start_local, row.zone, new Date(job.dueAt)) : null;
  const check = await startCheck(deps, row, routine);
  const stale = routine && now.getTime() - Date.parse(job.dueAt) > ROUTINE_STALE_MS;
  const outcome = !check.ok ? check.reason : stale ? 'stale' : 'sent';
  const sendKey = occurrenceKey(row.id, job.dueAt);
  // A text goes first and then the row moves on: the send is keyed by the occurrence, so a crash
  // between the two sends nothing twice. An agent run takes the occurrence first: a rerun never
  // spends the model twice.
  if (check.ok && !stale && row.action === 'text') {
    await queueReplies(deps, {
      inboundId: sendKey,
      key: sendKey,
      userId: row.user_id,
      to: { channel: 'sms', e164: check.user.phone_number },
      language: check.user.language,
      turnId: null,
      parts: [say(check.user.language, 'personalReminder', { what: row.what })],
      kind: 'reminder',
      maxSegments: REMINDER_SEGMENTS,
    });
  }
  const taken = await deps.remindersRepo.takeOccurrence(row.id, job.dueAt, {
    dueAt: next?.toISOString() ?? null,
    outcome,
    nowIso: now.toISOString(),
  });
  if (!taken) return;
  if (next) await deps.queueOccurrence(row.id, next.toISOString());
  if (!check.ok) return void deps.log.info({ reason: check.reason }, 'personal reminder not sent');
  if (!stale && row.action === 'agent') await runRoutine(deps, check.user, row, sendKey);
}

/**
 * Whether the assistant may text now: a linked number, not paused, not opted out, a plan with
 * tokens left; quiet hours only for routines.
 */
async function startCheck(deps: FireDeps, row: ReminderRow, routine: boolean): Promise<StartCheck> {
  const settings =
    (await deps.assistantSettingsRepo.find(row.user_id)) ??
    (await deps.assistantSettingsRepo.ensure(
      defaultSettingsRow(row.user_id, deps.clock.now().toISOString()),
    ));
  return mayStartMessage(deps, settings.id, { quietHours: routine });
}
