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
import { hasRealEmail } from '../users/email-address';
import { findUser, onAccount, onEveryAccount, oneTarget, targetsFor } from './accounts';
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
  input: {
    userId: string;
    mail: TComposeMail;
    mode: 'draft' | 'send';
    /** A reply in the thread to exactly `to` and `cc`, no one of the original added (code's own mail). */
    onlyGiven?: boolean;
  },
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
    const self = original ? [account.email, ...(await ownAddresses(deps, input.userId))] : [];
    const recipients =
      original && !input.onlyGiven
        ? replyRecipients(original, self, { replyAll: mail.replyAll, to: mail.to, cc: mail.cc })
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

/**
 * The person's own addresses: those of their connected accounts (the sign-in address too when it
 * is a real mailbox; a phone sign-up's placeholder is not). A reply never goes back to them.
 */
export async function ownAddresses(
  deps: Pick<WorkspaceDeps, 'usersRepo' | 'connectionsRepo'>,
  userId: string,
): Promise<string[]> {
  const user = await findUser(deps, userId);
  const connections = await deps.connectionsRepo.listForUser(userId);
  const all = [user.email, ...connections.map((c) => c.email)].filter(
    (email): email is string => typeof email === 'string' && hasRealEmail(email),
  );
  return [...new Set(all.map((email) => email.toLowerCase()))];
}

/**
 * Whether the person has sent mail to the address from one of their mailboxes: each mailbox is
 * searched for mail from its own address to that one (the contract's `from` and `to` filters,
 * which Gmail, Outlook and the sample workspace each write their own way), and a hit counts only
 * when its sender is that mailbox and the address is exactly among its recipients (a provider's
 * search matches loosely). A mailbox that cannot be searched counts as no.
 */
export async function hasSentTo(
  deps: MailDeps,
  input: { userId: string; address: string },
): Promise<boolean> {
  const address = input.address.toLowerCase();
  const targets = await targetsFor(deps, { userId: input.userId, service: 'email', access: 'read' });
  if (targets.usable.length === 0) return false;
  const { results } = await onEveryAccount(
    deps,
    { usable: targets.usable, refused: [] },
    'email',
    async (account) => ({
      own: account.email.toLowerCase(),
      messages: await mailboxOf(deps, account).search(account, {
        from: account.email,
        to: address,
        limit: 10,
      }),
    }),
  ).catch(() => ({ results: [] }));
  return results.some(({ own, messages }) =>
    messages.some(
      (m) =>
        m.from?.email.toLowerCase() === own &&
        [...m.to, ...m.cc].some((a) => a.email.toLowerCase() === address),
    ),
  );
}
