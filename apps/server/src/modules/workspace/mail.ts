import type {
  TComposeMail,
  TMailMessage,
  TMailSearch,
  TMailSummary,
  TMailThread,
  TSentMail,
} from '@app/contract/workspace/mail';
import type { MailboxAdapter } from '../../providers/mailbox/mailbox';
import type { WorkspaceAccount } from '../../providers/workspace/account';
import { onAccount, onEveryAccount, oneTarget, targetsFor } from './accounts';
import type { WorkspaceDeps } from './deps';
import { replyRecipients, replySubject } from './reply-recipients';
import { WorkspaceError } from './workspace-error';

type MailDeps = Pick<WorkspaceDeps, 'usersRepo' | 'connectionsRepo' | 'connectionAccess' | 'mailboxes'>;

function mailboxOf(deps: MailDeps, account: WorkspaceAccount): MailboxAdapter {
  const mailbox = deps.mailboxes[account.provider];
  if (!mailbox) throw new WorkspaceError('not_connected', `${account.provider} has no mail.`);
  return mailbox;
}

/** Newest first across every mailbox of the person. */
export async function searchMail(
  deps: MailDeps,
  input: { userId: string; query: TMailSearch; connectionId?: string },
): Promise<{ messages: TMailSummary[]; failures: WorkspaceError[] }> {
  const targets = await targetsFor(deps, { ...input, service: 'email', access: 'read' });
  const { results, failures } = await onEveryAccount(deps, targets, 'email', (account) =>
    mailboxOf(deps, account).search(account, input.query),
  );
  const messages = results
    .flat()
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, input.query.limit);
  return { messages, failures };
}

export async function readMail(
  deps: MailDeps,
  input: { userId: string; connectionId: string; messageId: string },
): Promise<TMailMessage> {
  const target = await oneTarget(deps, { ...input, service: 'email', access: 'read' });
  return onAccount(deps, target, (account) => mailboxOf(deps, account).read(account, input.messageId));
}

export async function readThread(
  deps: MailDeps,
  input: { userId: string; connectionId: string; threadId: string },
): Promise<TMailThread> {
  const target = await oneTarget(deps, { ...input, service: 'email', access: 'read' });
  return onAccount(deps, target, (account) => mailboxOf(deps, account).thread(account, input.threadId));
}

/**
 * A new message or a reply, saved as a draft or sent. A reply is worked out from the original as
 * the same account reads it: its recipients (reply-recipients.ts), its subject, its thread.
 */
export async function composeMail(
  deps: MailDeps,
  input: { userId: string; mail: TComposeMail; mode: 'draft' | 'send' },
): Promise<TSentMail> {
  const { mail } = input;
  const target = await oneTarget(deps, {
    userId: input.userId,
    service: 'email',
    access: input.mode === 'send' ? 'send' : 'write',
    ...(mail.connectionId ? { connectionId: mail.connectionId } : {}),
  });
  return onAccount(deps, target, async (account) => {
    const mailbox = mailboxOf(deps, account);
    const original = mail.inReplyTo ? await mailbox.read(account, mail.inReplyTo) : null;
    const recipients = original
      ? replyRecipients(original, account.email, { replyAll: mail.replyAll, to: mail.to, cc: mail.cc })
      : { to: mail.to, cc: mail.cc };
    if (recipients.to.length === 0)
      throw new WorkspaceError('rejected', 'The reply has no one to go to.', {
        connectionId: account.connectionId,
      });
    const outgoing = {
      ...recipients,
      bcc: mail.bcc,
      subject: mail.subject ?? replySubject(original?.subject ?? ''),
      text: mail.text,
      replyTo: original,
    };
    const done =
      input.mode === 'send'
        ? await mailbox.send(account, outgoing)
        : await mailbox.createDraft(account, outgoing);
    return { id: done.id, connectionId: account.connectionId, threadId: done.threadId, ...recipients };
  });
}
