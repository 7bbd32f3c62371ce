import { readMail } from '../../workspace/mail';
import { localTime } from '../tool-times';
import { defineTool, quoted, type ToolEnv } from './shared';

/** Its addresses do not become known recipients by being read (known-recipients.ts). */
export const mailRead = (env: ToolEnv) =>
  defineTool(env, 'mail_read', 'Reads one message as plain text.', async (input) => {
    const message = await readMail(env.deps.workspace, { userId: env.ctx.user.id, ...input });
    return quoted({ ...message, date: localTime(message.date, env.ctx.timeZone) });
  });
