import { createFollowUp } from '../follow-ups/create';
import { defineTool, type ToolEnv } from './shared';

/** A watch on a thread or a sender: one text when someone answers, one nudge at the deadline. */
export const followupCreate = (env: ToolEnv) =>
  defineTool(env, 'followup_create', 'Tells the person when a thread or sender replies.', (input) =>
    createFollowUp(env.deps, env.ctx, input),
  );
