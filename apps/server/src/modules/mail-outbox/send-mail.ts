import type { MailOutboxDeps } from './deps';

/**
 * The send job: one stored mail through the mail port, then marked sent. Every try carries the
 * same Message-ID, so a receiving server can drop a copy whose first send went through but was
 * not recorded (a crash between the two). A throw is the job queue's to retry, with back-off.
 */
export async function sendMail(
  deps: Pick<MailOutboxDeps, 'mailOutboxRepo' | 'mail' | 'from' | 'messageIdDomain' | 'clock'>,
  mailId: string,
): Promise<void> {
  const mail = await deps.mailOutboxRepo.find(mailId);
  if (!mail || mail.status === 'sent') return;
  await deps.mail.send({
    to: mail.recipient,
    from: deps.from,
    replyTo: mail.reply_to,
    subject: mail.subject,
    text: mail.body,
    messageId: `<${mail.id}@${deps.messageIdDomain}>`,
  });
  await deps.mailOutboxRepo.markSent(mail.id, deps.clock.now().toISOString());
}
