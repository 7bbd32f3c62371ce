import type { LanguageModelUsage } from 'ai';
import { commitAlone, recordUsage } from '../../usage/record-usage';
import type { UserRow } from '../../users/repo';
import { billedTokens } from '../billed-tokens';
import { planStanding } from '../plan-standing';
import type { ProactiveDeps } from '../send-proactive';
import { classifyReply, type ReplyAnswer } from './classify-reply';

export type ReadOutcome =
  | { read: true; answer: ReplyAnswer }
  /** The plan stopped it: no model call, the reply unread. */
  | { read: false; reason: 'no_plan' | 'over_limit' };

/**
 * The reply's one model call as every model call is (decision 589): only while the person's plan
 * lets the assistant spend on them (planStanding, as the gate asks before a turn), and its tokens
 * counted against the plan at the provider's billed rate, keyed by the request and the message so
 * a job run again is not counted twice.
 */
export async function readReplyWithinPlan(
  deps: ProactiveDeps,
  input: {
    user: UserRow;
    key: string;
    slots: Parameters<typeof classifyReply>[1]['slots'];
    zone: string;
    reply: string;
  },
): Promise<ReadOutcome> {
  const standing = await planStanding(deps, input.user, deps.clock.now());
  if (standing.kind !== 'active') return { read: false, reason: standing.kind };
  let used: LanguageModelUsage | null = null;
  const answer = await classifyReply(
    deps.model.model,
    { slots: input.slots, zone: input.zone, reply: input.reply },
    { onUsage: (usage) => (used = usage) },
  );
  const tokens = used ? billed(used, deps.model.cachedInputRate) : 0;
  if (tokens > 0)
    await recordUsage(
      { ...deps.usage, logAccess: async () => undefined, commit: commitAlone(deps.usage) },
      {
        userId: input.user.id,
        tokens,
        idempotencyKey: input.key,
        occurredAt: deps.clock.now().toISOString(),
        log: deps.log,
      },
    );
  return { read: true, answer };
}

function billed(usage: LanguageModelUsage, rate: number): number {
  return billedTokens(
    {
      inputTokens: usage.inputTokens ?? 0,
      cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens ?? 0,
      outputTokens: usage.outputTokens ?? 0,
    },
    rate,
  );
}
