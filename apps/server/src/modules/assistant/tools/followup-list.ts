import { describeFollowUp } from '../follow-ups/create';
import { defineTool, type ToolEnv } from './shared';

export const followupList = (env: ToolEnv) =>
  defineTool(env, 'followup_list', 'Lists the person’s follow-ups still waiting.', async () => ({
    followUps: (await env.deps.followUpsRepo.active(env.ctx.user.id)).map((row) =>
      describeFollowUp(row, env.ctx.timeZone),
    ),
  }));
