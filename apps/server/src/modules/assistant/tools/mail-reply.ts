import { ownAddresses, readMail } from '../../workspace/mail';
import { replyRecipients, replySubject } from '../../workspace/reply-recipients';
import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, type ToolEnv } from './shared';

export const mailReply = (env: ToolEnv) =>
  defineTool(env, 'mail_reply', 'Replies in the thread.', async (input) => {
    const { deps, ctx } = env;
    const original = await readMail(deps.workspace, {
      userId: ctx.user.id,
      connectionId: input.connectionId,
      messageId: input.messageId,
    });
    // The same answer the workspace will send to (reply-recipients.ts): never the person's own
    // addresses, never a phone sign-up's placeholder.
    const recipients = replyRecipients(original, await ownAddresses(deps.workspace, ctx.user.id), {
      replyAll: input.replyAll ?? false,
      to: [],
      cc: [],
    });
    const mail = {
      connectionId: input.connectionId,
      to: [],
      cc: [],
      bcc: [],
      text: input.text,
      inReplyTo: input.messageId,
      replyAll: input.replyAll ?? false,
    };
    const subject = replySubject(original.subject);
    return requestApproval(
      env,
      'mail_reply',
      { kind: 'send_mail', mail },
      {
        title: subject,
        when: null,
        recipients: [...recipients.to, ...recipients.cc],
        lines: [say(ctx.language, 'lineSubject', { subject })],
        body: input.text,
        reply: true,
      },
    );
  });
