import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import type { Jobs } from '../../lib/jobs/plugin';
import { recordUsage } from '../usage/record-usage';
import type { UserRow } from '../users/repo';
import { answerApproval } from './approvals';
import type { AssistantDeps } from './deps';
import { gate } from './gate';
import { INBOUND_JOB } from './receive-message';
import { queueReplies } from './replies';
import type { AssistantMessageRow } from './repo';
import { HISTORY_MESSAGES, runTurn } from './run-turn';
import { say } from './texts';
import { newTurnContext } from './turn-context';

export type HandleDeps = AssistantDeps & { jobs: Pick<Jobs, 'enqueue'>; log: FastifyBaseLogger; db: Db };

/**
 * The job behind every inbound text: the gate in plain code, then an approval answer or an
 * agent turn, then the replies queued. Safe to run twice: an answered message is left alone, and
 * replies and usage are keyed by the inbound message.
 */
export async function handleInbound(deps: HandleDeps, messageId: string): Promise<void> {
  const message = await deps.assistantRepo.findMessage(messageId);
  if (!message || message.direction !== 'in' || message.turn_id) return;
  const from = { channel: message.channel, e164: message.phone };
  const outcome = await gate(deps, from, message.body);
  const userId = outcome.user?.id ?? null;
  if (userId) await deps.assistantRepo.claimForUser(message.id, userId);
  const reply = (text: string | null, turnId: string, carrier = false) =>
    queueReplies(deps, {
      inboundId: message.id,
      userId,
      to: from,
      language: outcome.user?.language ?? ('language' in outcome ? outcome.language : 'en'),
      turnId: null,
      parts: text ? [text] : [],
      carrier,
    }).then(() => deps.assistantRepo.markAnswered([message.id], turnId));

  switch (outcome.kind) {
    case 'silent':
      return reply(null, 'gate');
    case 'reply':
      return reply(outcome.text, 'gate', outcome.carrier);
    case 'approval':
      return reply(await answerApproval(deps, outcome.user, outcome.answer), 'approval');
    case 'agent':
      return agentTurn(deps, outcome.user);
  }
}

/** How long a run may hold the person's lock: the turn's deadline and room to queue its replies. */
const LOCK_MARGIN_MS = 30_000;
/** Turns one run may take before it hands the rest to a new job, so one chatty person cannot hog a worker. */
const MAX_TURNS_PER_RUN = 3;

/**
 * One run at a time per person, across instances. A text that arrives during a run finds the
 * lock taken and leaves it to the holder: the run answers every unanswered text, and looks again
 * after each turn and once more after letting go of the lock, queueing a new job for anything
 * that slipped in between.
 */
async function agentTurn(deps: HandleDeps, user: UserRow): Promise<void> {
  const release = await deps.oneTimeStore.lock(
    `assistant-run:${user.id}`,
    deps.turnDeadlineMs + LOCK_MARGIN_MS,
  );
  if (!release) return;
  try {
    for (let turn = 0; turn < MAX_TURNS_PER_RUN; turn += 1) {
      const pending = await deps.assistantRepo.unanswered(user.id);
      if (pending.length === 0) return;
      await answer(deps, user, pending);
    }
  } finally {
    await release();
    const left = (await deps.assistantRepo.unanswered(user.id)).at(-1);
    if (left)
      await deps.jobs.enqueue(deps.db, {
        kind: INBOUND_JOB,
        key: `again:${left.id}`,
        payload: { messageId: left.id },
      });
  }
}

/** One turn over the person's unanswered texts: the model, its reply queued, its tokens counted. */
async function answer(deps: HandleDeps, user: UserRow, pending: AssistantMessageRow[]): Promise<void> {
  const last = pending.at(-1)!;
  const turnId = newId();
  const ctx = newTurnContext(turnId, user);
  const history = await deps.assistantRepo.recent(user.id, HISTORY_MESSAGES);
  const result = await runTurn(deps, ctx, history);
  const text = ctx.approval?.text ?? (result.text || say(ctx.language, 'apology'));
  await deps.assistantRepo.insertTurn({
    id: turnId,
    user_id: user.id,
    inbound_message_id: last.id,
    model: deps.model.name,
    steps: result.steps,
    input_tokens: result.inputTokens,
    output_tokens: result.outputTokens,
    duration_ms: result.durationMs,
    outcome: ctx.approval ? 'approval_requested' : result.text ? 'answered' : 'empty',
    created_at: deps.clock.now().toISOString(),
  });
  await queueReplies(deps, {
    inboundId: last.id,
    userId: user.id,
    to: { channel: last.channel, e164: last.phone },
    language: ctx.language,
    turnId,
    parts: [text],
  });
  await deps.assistantRepo.markAnswered(
    pending.map((row) => row.id),
    turnId,
  );
  const tokens = result.inputTokens + result.outputTokens;
  if (tokens > 0) {
    // Keyed by the inbound text: a turn run again after a crash is not counted twice.
    await recordUsage(
      { ...deps.usage, logAccess: async () => undefined },
      {
        userId: user.id,
        tokens,
        idempotencyKey: `turn:${last.id}`,
        occurredAt: deps.clock.now().toISOString(),
        log: deps.log,
      },
    );
  }
}

/** After the last retry failed: one apology, keyed so it too is sent once. */
export async function apologise(deps: HandleDeps, messageId: string): Promise<void> {
  const message = await deps.assistantRepo.findMessage(messageId);
  if (!message || message.turn_id) return;
  const user = message.user_id ? await deps.usersRepo.findById(message.user_id) : undefined;
  if (!user) return;
  await queueReplies(deps, {
    inboundId: `${message.id}:apology`,
    userId: user.id,
    to: { channel: message.channel, e164: message.phone },
    language: user.language,
    turnId: null,
    parts: [say(user.language, 'apology')],
  });
  await deps.assistantRepo.markAnswered([message.id], 'failed');
}
