import { describeFollowUp } from '../follow-ups/create';
import { defineTool, type ToolEnv } from './shared';

/** Cancels the person's own watch, by id or by a word of its name or subject. */
export const followupCancel = (env: ToolEnv) =>
  defineTool(env, 'followup_cancel', 'Cancels a follow-up, by id or a word.', async (input) => {
    const { deps, ctx } = env;
    const active = await deps.followUpsRepo.active(ctx.user.id);
    const word = input.match?.trim().toLowerCase();
    const chosen = input.id
      ? active.filter((row) => row.id === input.id)
      : word
        ? active.filter((row) =>
            [row.counterpart_name, row.counterpart_email, row.subject].some((field) =>
              field?.toLowerCase().includes(word),
            ),
          )
        : active.length === 1
          ? active
          : [];
    if (chosen.length !== 1)
      return {
        error: chosen.length === 0 ? 'not_found' : 'ambiguous',
        message: 'Say which follow-up: none or several match.',
        followUps: active.map((row) => describeFollowUp(row, ctx.timeZone)),
      };
    const row = chosen[0]!;
    const cancelled = await deps.followUpsRepo.cancel(ctx.user.id, row.id, deps.clock.now().toISOString());
    return { cancelled, ...describeFollowUp(row, ctx.timeZone) };
  });
