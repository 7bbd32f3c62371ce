import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../users/repo';
import { prepareRequest } from '../approval-requests';
import type { AssistantDeps } from '../deps';
import { queueReplies, type TReplyPart } from '../replies';
import type { AssistantMessageRow } from '../repo';
import { countTurn, turnTokens } from '../turn-usage';
import type { ReminderRow } from './repo';

type RoutineDeps = AssistantDeps & { log: FastifyBaseLogger };

/**
 * A routine whose action is the agent ("every weekday at 8 tell me my first meeting"): one turn
 * with its stored instruction in the place of an inbound text, the plan already checked by the
 * caller. The instruction is not the person's text of this turn, so nothing it asks can create a
 * reminder or change a setting without a YES (those tools read the person's unanswered texts), a
 * routine never answers an approval, and any approval the turn asks goes out as a text's would,
 * waiting for the person's YES. Its tokens are counted once per occurrence.
 */
export async function runRoutine(
  deps: RoutineDeps,
  user: UserRow & { phone_number: string },
  row: ReminderRow,
  key: string,
): Promise<void> {
  const instruction: AssistantMessageRow = {
    id: key,
    user_id: user.id,
    direction: 'in',
    channel: 'sms',
    phone: user.phone_number,
    body: row.what,
    provider_sid: null,
    turn_id: null,
    status: null,
    kind: 'text',
    full_body: null,
    unanswered: null,
    sent_at: null,
    approval_id: null,
    created_at: deps.clock.now().toISOString(),
  };
  const { runTurn } = await import('../run-turn');
  const result = await runTurn(deps, user, [instruction]);
  const parts: TReplyPart[] = [];
  if (result.text) parts.push({ text: result.text, kind: 'reminder' });
  if (result.approval) {
    const request = await prepareRequest(deps, {
      userId: user.id,
      language: result.language,
      approvalId: result.approval.id,
      text: result.approval.text,
      channel: 'sms',
    });
    if (request.replacedNotice) parts.push({ text: request.replacedNotice, kind: 'notice' });
    parts.push({ text: request.request, kind: 'approval', approvalId: result.approval.id });
  }
  await deps.assistantRepo.insertTurn({
    id: result.turnId,
    user_id: user.id,
    inbound_message_id: key,
    model: deps.model.name,
    steps: result.steps,
    ...turnTokens(result),
    duration_ms: result.durationMs,
    outcome: result.approval ? 'approval_requested' : result.text ? 'answered' : 'empty',
    created_at: deps.clock.now().toISOString(),
  });
  if (parts.length)
    await queueReplies(deps, {
      inboundId: key,
      key,
      userId: user.id,
      to: { channel: 'sms', e164: user.phone_number },
      language: result.language,
      turnId: result.turnId,
      parts,
      kind: 'reminder',
    });
  // Counted as a text's turn is: cached input at the provider's rate (decision 372).
  await countTurn(deps, user.id, result, key);
}
