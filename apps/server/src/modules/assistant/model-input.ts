import type { ModelMessage } from 'ai';
import { amendingLines } from './amend-request';
import type { AssistantDeps } from './deps';
import { memoriesForPrompt } from './memory/prompt-section';
import { conversation, systemPrompt } from './prompt';
import type { ApprovalRow, AssistantMessageRow } from './repo';
import { boundHistory, RECENT_MESSAGES, rollingSummary } from './summary';
import { activeTools } from './tool-groups';
import { TOOL_RECORD_CALLS, toolRecord } from './tool-record';
import type { TurnContext } from './turn-context';

/** What one model call of a turn is given besides its tools. */
export interface ModelInput {
  system: string;
  messages: ModelMessage[];
  /** The person's own texts this turn answers: what picks the tools offered (tool-groups.ts). */
  asked: string[];
}

type InputDeps = Pick<AssistantDeps, 'assistantRepo' | 'memoryRepo' | 'clock' | 'productName'>;

/** What the person asked the assistant to remember, bounded (memory/prompt-section.ts). */
async function memoryLines(deps: InputDeps, userId: string): Promise<string[]> {
  return memoriesForPrompt(await deps.memoryRepo.list(userId));
}

/**
 * Everything the model sees in a turn, assembled in one place (issue 30): the system prompt
 * (its PROMPT_FACTS lines first), the memory slot, the rolling summary of older texts, the record
 * of what the tools returned in recent turns (quoted as data; the calls of the tool groups this
 * turn is offered), and the recent texts in and out
 * bounded by tokens, with the texts this turn answers last whatever their time (one that came in
 * while the last run's model was busy is older than that run's reply, and in time order the model
 * would be shown a conversation that ends with its own reply: seemingly answered, and some
 * providers take a closing assistant message as a prefix to continue).
 */
export async function modelInput(
  deps: InputDeps,
  ctx: TurnContext,
  answering: AssistantMessageRow[],
  /** Requests the person cancelled with "YES but …" in these texts (decision 451). */
  amending: Pick<ApprovalRow, 'tool' | 'input'>[] = [],
): Promise<ModelInput> {
  const userId = ctx.user.id;
  const recent = await deps.assistantRepo.recent(userId, RECENT_MESSAGES);
  const { history, older } = boundHistory(recent, answering);
  const asked = answering.filter((row) => row.direction === 'in').map((row) => row.body);
  // Only what the tools this turn is offered can act on: the mail searched before is no help
  // to "what's on tomorrow?" (all of it when the texts name no group).
  const calls = (await deps.assistantRepo.recentToolCalls(userId, TOOL_RECORD_CALLS)).filter(
    (call) => activeTools([call.tool], asked).length > 0,
  );
  const system = [
    systemPrompt(ctx, deps.clock.now(), deps.productName, {
      summary: rollingSummary(older),
      toolRecord: toolRecord(calls),
      memories: await memoryLines(deps, userId),
      savesMemory: activeTools(['memory_save'], asked).length > 0,
    }),
    ...amendingLines(amending),
  ].join('\n');
  return {
    system,
    messages: conversation(history),
    asked,
  };
}
