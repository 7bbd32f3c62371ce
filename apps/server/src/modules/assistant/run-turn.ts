import type { TToolName } from '@app/contract/assistant/tools';
import type { TLanguage } from '@app/contract/messages';
import { generateText, type LanguageModelUsage, stepCountIs } from 'ai';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users/repo';
import { billedTokens } from './billed-tokens';
import type { AssistantDeps } from './deps';
import { modelInput } from './model-input';
import type { ApprovalRow, AssistantMessageRow } from './repo';
import { activeTools } from './tool-groups';
import { assistantTools } from './tools/index';
import { newTurnContext } from './turn-context';

/** Design §9: at most 8 model steps a turn. */
export const MAX_STEPS = 8;

export interface TurnResult {
  turnId: string;
  /** The language the turn answered in (the person's). */
  language: TLanguage;
  /**
   * What the model said, then code's own words about the turn (a draft addressed to someone new);
   * empty when neither said anything.
   */
  text: string;
  /**
   * The approval the turn asked for (asking ends the turn): stored, and its request text written
   * by code from the record (tools.ts), never by the model.
   */
  approval: { id: string; text: string } | null;
  steps: number;
  inputTokens: number;
  /** Of the input tokens, those the provider read from its cache (as the SDK reports them). */
  cachedInputTokens: number;
  outputTokens: number;
  /** What the plan counts: cached input at the provider's rate (billed-tokens.ts). */
  billedTokens: number;
  durationMs: number;
}

type TurnDeps = Pick<
  AssistantDeps,
  'assistantRepo' | 'memoryRepo' | 'model' | 'clock' | 'productName' | 'turnDeadlineMs'
> &
  Parameters<typeof assistantTools>[0];

function usageOf(usage: LanguageModelUsage, rate: number) {
  const counted = {
    inputTokens: usage.inputTokens ?? 0,
    cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
  };
  return { ...counted, billedTokens: billedTokens(counted, rate) };
}

/**
 * One agent turn over the person's unanswered texts (design §9, §6 of issue 29): it assembles
 * what the model sees (model-input.ts), offers each step the tools it can use, runs the model with the workspace tools
 * until it answers, asks for an approval (a tool with an effect ends the turn: nothing more runs
 * until the person says YES), reaches the step limit or the deadline, and returns what it said
 * and the approval it asked for. A model that errors, times out or calls nonsense never gets
 * further than its tools allow; the caller answers the person whatever happens.
 */
export async function runTurn(
  deps: TurnDeps,
  user: UserRow,
  answering: AssistantMessageRow[],
  /** Requests the person cancelled with "YES but …" in these texts (decision 451). */
  amending: Pick<ApprovalRow, 'tool' | 'input'>[] = [],
): Promise<TurnResult> {
  const started = Date.now();
  const turnId = newId();
  const ctx = newTurnContext(turnId, user);
  const input = await modelInput(deps, ctx, answering, amending);
  const tools = assistantTools(deps, ctx);
  const names = Object.keys(tools) as TToolName[];
  const result = await generateText({
    model: deps.model.model,
    system: input.system,
    messages: input.messages,
    tools,
    // Each step is offered only the tool groups the person's texts name and the turn has used
    // (tool-groups.ts): every offered schema is paid for on every step.
    prepareStep: ({ steps }) => ({
      activeTools: activeTools(
        names,
        input.asked,
        // The tool of a request cancelled by "YES but …" is the one to ask again with.
        [
          ...amending.map((request) => request.tool),
          ...steps.flatMap((step) => step.toolCalls.map((call) => call.toolName)),
        ],
      ),
    }),
    // The turn ends once an approval is stored, not at any call of an approval tool: a call the
    // schema refused goes back to the model as an error it can correct.
    stopWhen: [stepCountIs(MAX_STEPS), () => ctx.approval !== null],
    abortSignal: AbortSignal.timeout(deps.turnDeadlineMs),
    // The job queue retries a failed turn with back-off; retrying inside as well would multiply.
    maxRetries: 0,
  });
  return {
    turnId,
    language: ctx.language,
    text: [result.text.trim(), ...ctx.notes].filter(Boolean).join('\n'),
    approval: ctx.approval,
    steps: result.steps.length,
    ...usageOf(result.totalUsage, deps.model.cachedInputRate),
    durationMs: Date.now() - started,
  };
}
