import { composeMail } from '../../workspace/mail';
import { defineTool, type ToolEnv } from './shared';

export const mailDraft = (env: ToolEnv) =>
  defineTool(env, 'mail_draft', 'Saves a draft in the person’s mailbox; nothing is sent.', async (input) => {
    const draft = await composeMail(env.deps.workspace, {
      userId: env.ctx.user.id,
      mode: 'draft',
      mail: {
        to: input.to,
        cc: [],
        bcc: [],
        subject: input.subject,
        text: input.text,
        replyAll: false,
        ...(input.connectionId ? { connectionId: input.connectionId } : {}),
      },
    });
    return { saved: true, id: draft.id };
  });
