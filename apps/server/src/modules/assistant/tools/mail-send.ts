import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, type ToolEnv } from './shared';

export const mailSend = (env: ToolEnv) =>
  defineTool(env, 'mail_send', 'Sends a new mail; the person confirms by text first.', async (input) => {
    const mail = {
      to: input.to,
      cc: input.cc ?? [],
      bcc: [],
      subject: input.subject,
      text: input.text,
      replyAll: false,
      ...(input.connectionId ? { connectionId: input.connectionId } : {}),
    };
    const preview = say(env.ctx.language, 'previewSend', {
      to: [...mail.to, ...mail.cc].join(', '),
      subject: input.subject,
    });
    return requestApproval(env, 'mail_send', { kind: 'send_mail', mail }, preview, [...mail.to, ...mail.cc], {
      title: input.subject,
      when: null,
    });
  });
