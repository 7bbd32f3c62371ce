import type { TSendContactMessageResponse } from '@app/contract/contact/send-contact-message';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type Language, translate } from '../../lib/messages';
import { secondsUntilWindowFrees } from '../../lib/window-limit';
import { hasRealEmail } from '../users/email-address';
import type { UserRow } from '../users/repo';
import type { ContactDeps } from './deps';
import { describeAccount } from './describe-account';
import { confirmationMail, supportMail } from './support-mail';

export const MAX_MESSAGES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Stores the message and its mails in one transaction, then answers: delivery happens
 * afterwards through the outbox, with retries, so nothing sent to support is lost.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  input: {
    user: UserRow;
    language: Language;
    subject: string;
    message: string;
    priority: 'low' | 'medium' | 'high';
    website?: string | undefined;
  },
): Promise<TSendContactMessageResponse> {
  const { user, language } = input;
  const accepted = (id: string) => ({ message: translate(language, 'contactSent'), id });
  // Honeypot: people never see the field, bots fill it. They get the usual answer and nothing happens.
  if (input.website?.trim()) return accepted(newId());

  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const id = newId();
  const account = await describeAccount(deps, user.id);

  await deps.transaction(async (trx) => {
    const repo = deps.contactRepo.with(trx);
    // Under the person's row lock, sends that race are counted one after another.
    await deps.usersRepo.with(trx).lock(user.id);
    const recent = await repo.sentSince(user.id, new Date(now.getTime() - HOUR_MS).toISOString());
    const wait = secondsUntilWindowFrees(recent, MAX_MESSAGES_PER_HOUR, HOUR_MS, now);
    if (wait !== null) {
      throw new AppError(
        'RATE_LIMITED',
        translate(language, 'contactTooMany', { minutes: Math.ceil(wait / 60) }),
        {
          retryAfterSeconds: wait,
        },
      );
    }
    await repo.insert({
      id,
      user_id: user.id,
      email: user.email,
      phone_number: user.phone_number,
      language,
      subject: input.subject,
      message: input.message,
      priority: input.priority,
      created_at: nowIso,
    });
    const mailInput = {
      id,
      subject: input.subject,
      message: input.message,
      priority: input.priority,
      language,
      createdAt: nowIso,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        phoneNumber: user.phone_number,
        provider: user.provider,
        createdAt: user.created_at,
      },
      account,
      productName: deps.productName,
    };
    const queue = (
      kind: 'support' | 'confirmation',
      recipient: string,
      replyTo: string | null,
      mail: { subject: string; body: string },
    ) =>
      deps.mailOutbox.queue(trx, {
        id: newId(),
        kind,
        recipient,
        reply_to: replyTo,
        subject: mail.subject,
        body: mail.body,
        contact_message_id: id,
        created_at: nowIso,
      });
    const toSupport = supportMail(mailInput);
    await queue('support', deps.supportEmail, toSupport.replyTo, toSupport);
    if (hasRealEmail(user.email))
      await queue('confirmation', user.email, deps.supportEmail, confirmationMail(mailInput));
  });
  return accepted(id);
}
