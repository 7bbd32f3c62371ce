import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Jobs } from '../../lib/jobs/plugin';
import type { UserRow } from '../users/repo';
import { amendRequest } from './amend-request';
import { prepareRequest } from './approval-requests';
import { answerApproval } from './approvals';
import type { AssistantDeps } from './deps';
import { gate } from './gate';
import { answerReaction } from './reactions';
import { inboundJob } from './receive-message';
import { queueReplies, type TOutboundKind, type TReplyPart } from './replies';
import type { AssistantMessageRow } from './repo';
import { say } from './texts';
import { countTurn, turnTokens } from './turn-usage';

export type HandleDeps = AssistantDeps & {
  jobs: Pick<Jobs, 'enqueue'>;
  log: FastifyBaseLogger;
  db: Db;
  /**
   * How long a run may hold the person's lock past the turn's deadline: room to queue its
   * replies (ASSISTANT_LEASE_MARGIN_MS, also the turn job's lease past the deadline).
   */
  leaseMarginMs: number;
};

/**
 * The job behind every inbound text: the gate in plain code, then an approval answer or an
 * agent turn, then the replies queued. Safe to run twice: an answered message is left alone, and
 * replies and usage are keyed by the inbound message.
 */
export async function handleInbound(deps: HandleDeps, messageId: string): Promise<void> {
  const message = await deps.assistantRepo.findMessage(messageId);
  if (message?.direction !== 'in' || message.turn_id) return;
  const from = { channel: message.channel, e164: message.phone };
  const outcome = await gate(deps, from, message.body);
  const userId = outcome.user?.id ?? null;
  // "YES but …" is claimed once its request is cancelled: a turn running meanwhile for the same
  // person takes only claimed texts, so it never answers this one before the cancellation it
  // must be shown (decision 451).
  if (userId && outcome.kind !== 'amend') await deps.assistantRepo.claimForUser(message.id, userId);
  const reply = (text: string | null, turnId: string, kind: TOutboundKind, carrier = false) =>
    queueReplies(deps, {
      kind,
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
    case 'reply':
      // Why the assistant did not answer, for the screen and /dev/phone (not after STOP or HELP).
      if (outcome.reason) await deps.assistantRepo.markUnanswered(message.id, outcome.reason);
      return outcome.kind === 'silent'
        ? reply(null, 'gate', 'notice')
        : reply(outcome.text, 'gate', 'notice', outcome.carrier);
    case 'approval':
      return reply(
        await answerApproval(deps, outcome.user, outcome.answer, {
          createdAt: message.created_at,
          channel: message.channel,
        }),
        'approval',
        'reply',
      );
    case 'reaction': {
      const reacted = await answerReaction(deps, outcome.user, outcome.reaction, {
        createdAt: message.created_at,
        channel: message.channel,
      });
      if (reacted.kind === 'reply') return reply(reacted.text, 'approval', 'reply');
      // No model call and no reply: the screen shows the text and why (decision 450).
      await deps.assistantRepo.markUnanswered(message.id, 'reaction');
      return reply(null, 'gate', 'notice');
    }
    case 'amend': {
      const amended = await amendRequest(deps, outcome.user, outcome.amendment, {
        messageId: message.id,
        createdAt: message.created_at,
        channel: message.channel,
      });
      await deps.assistantRepo.claimForUser(message.id, outcome.user.id);
      return amended.kind === 'reply'
        ? reply(amended.text, 'approval', 'reply')
        : agentTurn(deps, outcome.user, message.id);
    }
    case 'agent':
      return agentTurn(deps, outcome.user, message.id);
  }
}

/**
 * One run at a time per person, across instances. A text that arrives during a run finds the
 * lock taken and leaves it to the holder: the run answers every unanswered text in one turn, and looks
 * again after letting go of the lock, queueing a new job for anything
 * that slipped in between. The text's job also looks once more after the lock's life, in case
 * the holder died.
 */
async function agentTurn(deps: HandleDeps, user: UserRow, messageId: string): Promise<void> {
  const lockMs = deps.turnDeadlineMs + deps.leaseMarginMs;
  const release = await deps.oneTimeStore.lock(`assistant-run:${user.id}`, lockMs);
  if (!release) {
    // A live holder answers this text. A dead one does not: its lock outlives its job's lease by
    // the moments between claim and lock, and a worker polling in them takes that job again (this
    // may be it) and finds the lock held. So one more look once that lock has surely lapsed: a
    // text a live holder answered by then ends it at once.
    const now = deps.clock.now().getTime();
    await deps.jobs.enqueue(deps.db, inboundJob, {
      key: `busy:${messageId}:${now}`,
      payload: { messageId },
      runAt: new Date(now + lockMs),
    });
    return;
  }
  try {
    // One turn per hold: the lock's life covers one turn's deadline, so a run never outlives it;
    // texts that came in meanwhile get a new job below.
    const pending = await deps.assistantRepo.unanswered(user.id);
    if (pending.length > 0) await answer(deps, user, pending);
  } finally {
    await release();
    const left = (await deps.assistantRepo.unanswered(user.id)).at(-1);
    if (left)
      await deps.jobs.enqueue(deps.db, inboundJob, {
        key: `again:${left.id}`,
        payload: { messageId: left.id },
      });
  }
}

/** One turn over the person's unanswered texts: the model, its reply queued, its tokens counted. */
async function answer(deps: HandleDeps, user: UserRow, pending: AssistantMessageRow[]): Promise<void> {
  const last = pending.at(-1)!;
  // The agent (the AI SDK and the tools) is loaded at the first turn, not at start (decision 270).
  const { runTurn } = await import('./run-turn');
  // Requests these texts cancelled with "YES but …": shown to the model to ask again changed.
  const amending = await deps.assistantRepo.amendedBy(pending.map((row) => row.id));
  const result = await runTurn(deps, user, pending, amending);
  const { turnId, approval } = result;
  // The request is written by code alone and goes as a text of its own, after what the model
  // said beside it (the stand-in: "Sam isn't in your contacts"), so the model's words can never
  // pass for a line of the request (decision 291).
  const parts: TReplyPart[] = [];
  if (approval && (await deps.assistantRepo.repliedBefore(last.id))) {
    // Run again after a crash past its replies (queued by the run before, which the person will
    // see): this run's approval is withdrawn, and nothing is replaced or queued again.
    await deps.assistantRepo.withdraw(approval.id, deps.clock.now().toISOString());
  } else if (approval) {
    const request = await prepareRequest(deps, {
      userId: user.id,
      language: result.language,
      approvalId: approval.id,
      text: approval.text,
      channel: last.channel,
    });
    if (result.text) parts.push({ text: result.text, kind: 'reply' });
    if (request.replacedNotice) parts.push({ text: request.replacedNotice, kind: 'notice' });
    parts.push({ text: request.request, kind: 'approval', approvalId: approval.id });
  } else parts.push({ text: result.text || say(result.language, 'apology') });
  await deps.assistantRepo.insertTurn({
    id: turnId,
    user_id: user.id,
    inbound_message_id: last.id,
    model: deps.model.name,
    steps: result.steps,
    ...turnTokens(result),
    duration_ms: result.durationMs,
    outcome: approval ? 'approval_requested' : result.text ? 'answered' : 'empty',
    created_at: deps.clock.now().toISOString(),
  });
  await queueReplies(deps, {
    inboundId: last.id,
    userId: user.id,
    to: { channel: last.channel, e164: last.phone },
    language: result.language,
    turnId,
    parts,
    kind: 'reply',
  });
  await deps.assistantRepo.markAnswered(
    pending.map((row) => row.id),
    turnId,
  );
  // Keyed by the inbound text: a turn run again after a crash is not counted twice.
  await countTurn(deps, user.id, result, `turn:${last.id}`);
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
    kind: 'reply',
  });
  await deps.assistantRepo.markAnswered([message.id], 'failed');
}
