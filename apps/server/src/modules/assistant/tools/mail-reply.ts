import { readMail } from '../../workspace/mail';
import { replyRecipients, replySubject } from '../../workspace/reply-recipients';
import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, remember, type ToolEnv } from './shared';

export const mailReply = (env: ToolEnv) =>
  defineTool(
    env,
    'mail_reply',
    'Replies in the thread; the person confirms by text first.',
    async (input) => {
      const { ctx } = env;
      const original = await readMail(env.deps.workspace, {
        userId: ctx.user.id,
        connectionId: input.connectionId,
        messageId: input.messageId,
      });
      remember(
        ctx,
        original.from?.email,
        ...original.to.map((a) => a.email),
        ...original.cc.map((a) => a.email),
      );
      const recipients = replyRecipients(original, ctx.user.email, {
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
      const preview = say(ctx.language, 'previewReply', {
        to: [...recipients.to, ...recipients.cc].join(', '),
        subject: replySubject(original.subject),
      });
      return requestApproval(
        env,
        'mail_reply',
        { kind: 'send_mail', mail },
        preview,
        [...recipients.to, ...recipients.cc],
        {
          title: replySubject(original.subject),
          when: null,
        },
      );
    },
  );
