import { searchMail } from '../../workspace/mail';
import { localTime } from '../tool-times';
import { defineTool, quoted, type ToolEnv } from './shared';

export const mailSearch = (env: ToolEnv) =>
  defineTool(env, 'mail_search', 'Searches the person’s mail, newest first.', async (input) => {
    const { messages } = await searchMail(env.deps.workspace, {
      userId: env.ctx.user.id,
      query: {
        ...(input.query ? { q: input.query } : {}),
        ...(input.from ? { from: input.from } : {}),
        ...(input.unread !== undefined ? { unread: input.unread } : {}),
        limit: input.limit ?? 10,
      },
    });
    return quoted({
      messages: messages.map((m) => ({
        id: m.id,
        connectionId: m.connectionId,
        threadId: m.threadId,
        from: m.from,
        subject: m.subject,
        snippet: m.snippet,
        date: localTime(m.date, env.ctx.timeZone),
        unread: m.unread,
      })),
    });
  });
