import { generateText, stepCountIs } from 'ai';
import type { AssistantDeps } from './deps';
import { conversation, systemPrompt } from './prompt';
import type { AssistantMessageRow } from './repo';
import { HISTORY_MESSAGES, rollingSummary, SUMMARY_MESSAGES } from './summary';
import { assistantTools } from './tools/index';
import type { TurnContext } from './turn-context';

/** Design §9: at most 8 model steps a turn. */
export const MAX_STEPS = 8;

export interface TurnResult {
  /** What the model said; empty when it said nothing usable. */
  text: string;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
}

/**
 * One agent turn: the model with the workspace tools, until it answers, asks for an approval
 * (a tool with an effect ends the turn: nothing more runs until the person says YES), reaches
 * the step limit or the deadline. A model that errors, times out or calls nonsense never gets
 * further than its tools allow; the caller answers the person whatever happens.
 */
export async function runTurn(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'model' | 'clock' | 'productName' | 'turnDeadlineMs'> &
    Parameters<typeof assistantTools>[0],
  ctx: TurnContext,
  history: AssistantMessageRow[],
): Promise<TurnResult> {
  const started = Date.now();
  const older = await deps.assistantRepo.recent(ctx.user.id, SUMMARY_MESSAGES, HISTORY_MESSAGES);
  const summary = rollingSummary(older);
  const result = await generateText({
    model: deps.model.model,
    system: systemPrompt(ctx, deps.clock.now(), deps.productName, summary),
    messages: conversation(history),
    tools: assistantTools(deps, ctx),
    // The turn ends once an approval is stored, not at any call of an approval tool: a call the
    // schema refused goes back to the model as an error it can correct.
    stopWhen: [stepCountIs(MAX_STEPS), () => ctx.approval !== null],
    abortSignal: AbortSignal.timeout(deps.turnDeadlineMs),
    // The job queue retries a failed turn with back-off; retrying inside as well would multiply.
    maxRetries: 0,
  });
  return {
    text: result.text.trim(),
    steps: result.steps.length,
    inputTokens: result.totalUsage.inputTokens ?? 0,
    outputTokens: result.totalUsage.outputTokens ?? 0,
    durationMs: Date.now() - started,
  };
}
