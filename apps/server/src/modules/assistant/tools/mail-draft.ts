import { composeMail } from '../../workspace/mail';
import { say } from '../texts';
import { newRecipients } from './known-recipients';
import { defineTool, type ToolEnv } from './shared';

/**
 * A draft needs no YES (nothing leaves), but one addressed to someone new to the person says so
 * in the reply, in code's words (ctx.notes), whatever the model says.
 */
export const mailDraft = (env: ToolEnv) =>
  defineTool(env, 'mail_draft', 'Saves a draft in the person’s mailbox; nothing is sent.', async (input) => {
    const { deps, ctx } = env;
    const draft = await composeMail(deps.workspace, {
      userId: ctx.user.id,
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
    const flagged = await newRecipients(env, input.to);
    if (flagged.length) ctx.notes.push(say(ctx.language, 'draftFlagged', { list: flagged.join(', ') }));
    return { saved: true, id: draft.id, ...(flagged.length ? { newToThePerson: flagged } : {}) };
  });
