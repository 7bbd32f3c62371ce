import { isGrounded } from '../memory/grounding';
import { MAX_MEMORIES } from '../memory/limits';
import { saveMemory } from '../memory/save-memory';
import type { AssistantMessageRow } from '../repo';
import { say } from '../texts';
import { requestApproval } from './approval-step';
import { addressesIn } from './known-recipients';
import { defineTool, type ToolEnv } from './shared';

/** The person's text of this turn that grounds the fact: one alone if one does, else all of them. */
function evidenceFor(fact: string, own: AssistantMessageRow[]): { id: string; text: string } | null {
  const alone = [...own].reverse().find((message) => isGrounded(fact, message.body));
  if (alone) return { id: alone.id, text: alone.body };
  const all = own.map((message) => message.body).join('\n');
  return own.length > 0 && isGrounded(fact, all) ? { id: own.at(-1)!.id, text: all } : null;
}

/**
 * Remembers a fact about the person (issue 30, part 5; decision 431). Saved at once only when it
 * is grounded in their own texts of this turn (memory/grounding.ts), with that text kept as its
 * evidence. Anything else (the model took it from a mail, an event, a contact, a tool result) is
 * only proposed: an approval asking "Remember: <fact>?", saved by their YES alone.
 */
export const memorySave = (env: ToolEnv) =>
  defineTool(env, 'memory_save', 'Remembers a fact the person told you about themselves.', async (input) => {
    const { deps, ctx } = env;
    const fact = input.text.replace(/\s+/g, ' ').trim();
    if (!fact) return { error: 'rejected', message: 'Give the fact to remember.' };
    const full = {
      error: 'memory_full',
      message: `${MAX_MEMORIES} memories are kept at most: the person must forget one first.`,
    };
    const own = await deps.assistantRepo.unanswered(ctx.user.id);
    const evidence = evidenceFor(fact, own);
    if (!evidence) {
      if ((await deps.memoryRepo.count(ctx.user.id)) >= MAX_MEMORIES) return full;
      return requestApproval(
        env,
        'memory_save',
        {
          kind: 'save_memory',
          text: fact,
          evidenceMessageId: own.at(-1)?.id ?? null,
          evidence: own.map((message) => message.body).join('\n'),
        },
        {
          title: fact,
          when: null,
          // Its addresses go through the recipient check: one new to the person is flagged.
          recipients: addressesIn(fact),
          lines: [say(ctx.language, 'lineMemory', { fact }), say(ctx.language, 'memoryProposed')],
          body: null,
        },
      );
    }
    const saved = await saveMemory(deps.memoryRepo, {
      userId: ctx.user.id,
      text: fact,
      source: 'text',
      evidenceMessageId: evidence.id,
      evidence: evidence.text,
      now: deps.clock.now(),
    });
    if (saved === 'full') return full;
    return { saved: { id: saved.id, text: saved.text } };
  });
