import { readThread } from '../../workspace/mail';
import { defineTool, quoted, type ToolEnv } from './shared';

/** Its addresses do not become known recipients by being read (known-recipients.ts). */
export const mailThread = (env: ToolEnv) =>
  defineTool(env, 'mail_thread', 'Reads every message of a thread.', async (input) =>
    quoted(await readThread(env.deps.workspace, { userId: env.ctx.user.id, ...input })),
  );
