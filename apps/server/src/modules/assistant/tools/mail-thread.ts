import { readThread } from '../../workspace/mail';
import { defineTool, quoted, remember, type ToolEnv } from './shared';

export const mailThread = (env: ToolEnv) =>
  defineTool(env, 'mail_thread', 'Reads every message of a thread.', async (input) => {
    const thread = await readThread(env.deps.workspace, { userId: env.ctx.user.id, ...input });
    for (const m of thread.messages)
      remember(env.ctx, m.from?.email, ...m.to.map((a) => a.email), ...m.cc.map((a) => a.email));
    return quoted(thread);
  });
