import { say } from '../texts';
import { requestApproval } from './approval-step';
import { defineTool, type ToolEnv } from './shared';

export const mailSend = (env: ToolEnv) =>
  defineTool(env, 'mail_send', 'Sends a new mail.', async (input) => {
    const mail = {
      to: input.to,
      cc: input.cc ?? [],
      bcc: [],
      subject: input.subject,
      text: input.text,
      replyAll: false,
      ...(input.connectionId ? { connectionId: input.connectionId } : {}),
    };
    return requestApproval(
      env,
      'mail_send',
      { kind: 'send_mail', mail },
      {
        title: input.subject,
        when: null,
        recipients: [...mail.to, ...mail.cc],
        lines: [say(env.ctx.language, 'lineSubject', { subject: input.subject })],
        body: input.text,
      },
    );
  });
