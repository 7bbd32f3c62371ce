import type { FastifyBaseLogger } from 'fastify';
import { commitAlone, recordUsage } from '../usage/record-usage';
import type { AssistantDeps } from './deps';
import type { TurnResult } from './run-turn';

type Counted = Pick<TurnResult, 'inputTokens' | 'outputTokens' | 'cachedInputTokens' | 'billedTokens'>;

/**
 * A turn's token columns, as every turn stores them, a text's or a routine's (issue 30, decision
 * 372): what the model read and wrote, the part of its input read from the provider's cache, and
 * what the plan counts for it.
 */
export function turnTokens(result: Counted) {
  return {
    input_tokens: result.inputTokens,
    output_tokens: result.outputTokens,
    cached_input_tokens: result.cachedInputTokens,
    billed_tokens: result.billedTokens,
  };
}

/**
 * Counts a turn against the person's plan: what the provider bills, cached input at its cached
 * rate (decision 372), never the raw input. Keyed, so a turn run again after a crash is not
 * counted twice.
 */
export async function countTurn(
  deps: Pick<AssistantDeps, 'usage' | 'clock'> & { log: FastifyBaseLogger },
  userId: string,
  result: Counted,
  idempotencyKey: string,
): Promise<void> {
  const tokens = result.billedTokens;
  if (tokens <= 0) return;
  await recordUsage(
    { ...deps.usage, logAccess: async () => undefined, commit: commitAlone(deps.usage) },
    { userId, tokens, idempotencyKey, occurredAt: deps.clock.now().toISOString(), log: deps.log },
  );
}
