import type {
  TMailAddress,
  TMailMessage,
  TMailSearch,
  TMailSummary,
  TMailThread,
} from '@app/contract/workspace/mail';
import { newId } from '../../lib/ids';
import type { MailboxAdapter, OutgoingMail } from '../mailbox/mailbox';
import type { WorkspaceAccount } from '../workspace/account';
import { mailMatcher } from './mail-query';
import { notFound, onSampleWorkspace, type SampleWorkspaceDeps } from './open-workspace';
import { mailItem, readStored, type StoredMail, ZStoredMail } from './stored';

const SNIPPET_LENGTH = 160;

/**
 * The mailbox of an account connected to a local stand-in: the sample workspace's mails. Reading
 * changes nothing (no mail becomes read); a draft is kept in the drafts; a sent mail is kept in
 * the sent folder, in its thread when it answers one, and each recipient's copy is recorded in
 * the dev outbox, where a person sees what the assistant sent.
 */
export class LocalMailboxAdapter implements MailboxAdapter {
  constructor(private readonly deps: SampleWorkspaceDeps) {}

  search(account: WorkspaceAccount, query: TMailSearch): Promise<TMailSummary[]> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const matches = mailMatcher(query, account.timeZone);
      const mails = (await this.mails(owner)).filter(matches);
      return mails.slice(0, query.limit).map((mail) => toSummary(account, mail));
    });
  }

  read(account: WorkspaceAccount, messageId: string): Promise<TMailMessage> {
    return onSampleWorkspace(this.deps, account, async (owner) =>
      toMessage(account, await this.mail(owner, messageId)),
    );
  }

  thread(account: WorkspaceAccount, threadId: string): Promise<TMailThread> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const messages = (await this.mails(owner))
        .filter((mail) => mail.threadId === threadId)
        .sort((a, b) => a.date.localeCompare(b.date));
      if (messages.length === 0) throw notFound('thread', threadId);
      return {
        id: threadId,
        connectionId: account.connectionId,
        messages: messages.map((mail) => toMessage(account, mail)),
      };
    });
  }

  createDraft(
    account: WorkspaceAccount,
    mail: OutgoingMail,
  ): Promise<{ id: string; threadId: string | null }> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const draft = await this.compose(owner, account, mail, 'drafts');
      return { id: draft.id, threadId: draft.threadId };
    });
  }

  send(account: WorkspaceAccount, mail: OutgoingMail): Promise<{ id: string; threadId: string | null }> {
    return onSampleWorkspace(this.deps, account, async (owner) => {
      const sent = await this.compose(owner, account, mail, 'sent');
      const heading = [
        `From: ${account.email}`,
        `To: ${mail.to.join(', ')}`,
        ...(mail.cc.length > 0 ? [`Cc: ${mail.cc.join(', ')}`] : []),
      ];
      const body = [...heading, '', mail.text].join('\n');
      // Every recipient gets the message, a Bcc one too; the heading never names the Bcc.
      for (const to of [...mail.to, ...mail.cc, ...mail.bcc]) {
        await this.deps.outbox.record({ channel: 'email', to, subject: mail.subject, body });
      }
      return { id: sent.id, threadId: sent.threadId };
    });
  }

  /** Stores a message written by the account: a reply goes into the thread it answers. */
  private async compose(
    owner: string,
    account: WorkspaceAccount,
    mail: OutgoingMail,
    folder: 'sent' | 'drafts',
  ): Promise<StoredMail> {
    // Answering a message that is not in this mailbox is the provider's 404.
    if (mail.replyTo) await this.mail(owner, mail.replyTo.id);
    const id = newId();
    const address = (email: string): TMailAddress => ({ email, name: null });
    const stored: StoredMail = {
      id,
      threadId: mail.replyTo?.threadId ?? `thread-${id}`,
      folder,
      from: { email: account.email, name: null },
      to: mail.to.map(address),
      cc: mail.cc.map(address),
      bcc: mail.bcc.map(address),
      subject: mail.subject,
      text: mail.text,
      date: this.deps.clock.now().toISOString(),
      unread: false,
      attachments: [],
      messageId: `<${id}@mail.example.com>`,
      references: mail.replyTo
        ? [...mail.replyTo.references, ...(mail.replyTo.messageId ? [mail.replyTo.messageId] : [])]
        : [],
    };
    await this.deps.store.put(owner, mailItem(stored), stored.date);
    return stored;
  }

  private async mail(owner: string, id: string): Promise<StoredMail> {
    const item = await this.deps.store.get(owner, 'mail', id);
    if (!item) throw notFound('message', id);
    return readStored(ZStoredMail, item);
  }

  /** Newest first. */
  private async mails(owner: string): Promise<StoredMail[]> {
    return (await this.deps.store.list(owner, 'mail', { newestFirst: true })).map((item) =>
      readStored(ZStoredMail, item),
    );
  }
}

function toSummary(account: WorkspaceAccount, mail: StoredMail): TMailSummary {
  return {
    id: mail.id,
    connectionId: account.connectionId,
    provider: account.provider,
    threadId: mail.threadId,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    snippet: snippetOf(mail.text),
    date: mail.date,
    unread: mail.unread,
    hasAttachments: mail.attachments.length > 0,
  };
}

function toMessage(account: WorkspaceAccount, mail: StoredMail): TMailMessage {
  return {
    ...toSummary(account, mail),
    text: mail.text,
    attachments: mail.attachments,
    messageId: mail.messageId,
    references: mail.references,
  };
}

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SNIPPET_LENGTH ? flat : `${flat.slice(0, SNIPPET_LENGTH - 1)}…`;
}
