import { readMail } from '../../workspace/mail';
import { localTime } from '../tool-times';
import { defineTool, quoted, remember, type ToolEnv } from './shared';

export const mailRead = (env: ToolEnv) =>
  defineTool(env, 'mail_read', 'Reads one message as plain text.', async (input) => {
    const message = await readMail(env.deps.workspace, { userId: env.ctx.user.id, ...input });
    remember(
      env.ctx,
      message.from?.email,
      ...message.to.map((a) => a.email),
      ...message.cc.map((a) => a.email),
    );
    return quoted({ ...message, date: localTime(message.date, env.ctx.timeZone) });
  });
