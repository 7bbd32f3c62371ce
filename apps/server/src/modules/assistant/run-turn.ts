import type { TLanguage } from '@app/contract/messages';
import { generateText, stepCountIs } from 'ai';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users/repo';
import { amendingLines } from './amend-request';
import type { AssistantDeps } from './deps';
import { memoriesForPrompt } from './memory/prompt-section';
import { conversation, systemPrompt } from './prompt';
import type { ApprovalRow, AssistantMessageRow } from './repo';
import { HISTORY_MESSAGES, rollingSummary, SUMMARY_MESSAGES } from './summary';
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
  outputTokens: number;
  durationMs: number;
}

type TurnDeps = Pick<
  AssistantDeps,
  'assistantRepo' | 'memoryRepo' | 'model' | 'clock' | 'productName' | 'turnDeadlineMs'
> &
  Parameters<typeof assistantTools>[0];

/**
 * What the model is shown: the recent texts in and out, with the texts this turn answers last
 * whatever their time (one that came in while the last run's model was busy is older than that
 * run's reply, and in time order the model would be shown a conversation that ends with its own
 * reply: seemingly answered, and some providers take a closing assistant message as a prefix to
 * continue); and the rolling summary of what came before them.
 */
async function turnInput(
  deps: Pick<AssistantDeps, 'assistantRepo'>,
  userId: string,
  answering: AssistantMessageRow[],
): Promise<{ history: AssistantMessageRow[]; summary: string | null }> {
  const ids = new Set(answering.map((row) => row.id));
  const earlier = await deps.assistantRepo.recent(userId, HISTORY_MESSAGES);
  const history = [...earlier.filter((row) => !ids.has(row.id)), ...answering].slice(-HISTORY_MESSAGES);
  const older = await deps.assistantRepo.recent(userId, SUMMARY_MESSAGES, HISTORY_MESSAGES);
  return { history, summary: rollingSummary(older) };
}

/**
 * One agent turn over the person's unanswered texts (design §9, §6 of issue 29): it assembles
 * what the model sees (history, summary, system prompt), runs the model with the workspace tools
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
  const { history, summary } = await turnInput(deps, user.id, answering);
  const memories = memoriesForPrompt(await deps.memoryRepo.list(user.id));
  const result = await generateText({
    model: deps.model.model,
    system: [
      systemPrompt(ctx, deps.clock.now(), deps.productName, summary, memories),
      ...amendingLines(amending),
    ].join('\n'),
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
    turnId,
    language: ctx.language,
    text: [result.text.trim(), ...ctx.notes].filter(Boolean).join('\n'),
    approval: ctx.approval,
    steps: result.steps.length,
    inputTokens: result.totalUsage.inputTokens ?? 0,
    outputTokens: result.totalUsage.outputTokens ?? 0,
    durationMs: Date.now() - started,
  };
}
