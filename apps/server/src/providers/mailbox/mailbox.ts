import type { TMailMessage, TMailSearch, TMailSummary, TMailThread } from '@app/contract/workspace/mail';
import type { WorkspaceAccount } from '../workspace/account';

/**
 * A message ready to go: the workspace has already worked out every recipient (a reply's
 * included), so the recipient checks live in one place, outside the adapters.
 */
export interface OutgoingMail {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  /**
   * The message answered, as read through the same adapter. The adapter threads the reply the
   * provider's way (Gmail: threadId plus In-Reply-To and References; Graph: createReply), so it
   * lands in the same thread on the other side.
   */
  replyTo: TMailMessage | null;
}

export interface MailboxAdapter {
  /** Newest first, at most `query.limit`. */
  search(account: WorkspaceAccount, query: TMailSearch): Promise<TMailSummary[]>;
  read(account: WorkspaceAccount, messageId: string): Promise<TMailMessage>;
  thread(account: WorkspaceAccount, threadId: string): Promise<TMailThread>;
  /** Saved in the account's drafts, not sent. */
  createDraft(
    account: WorkspaceAccount,
    mail: OutgoingMail,
  ): Promise<{ id: string; threadId: string | null }>;
  send(account: WorkspaceAccount, mail: OutgoingMail): Promise<{ id: string; threadId: string | null }>;
}
