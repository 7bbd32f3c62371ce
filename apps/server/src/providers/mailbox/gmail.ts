import type { TMailMessage, TMailSearch, TMailSummary, TMailThread } from '@app/contract/workspace/mail';
import { GoogleApi, segment } from '../google-api';
import type { JsonFailure } from '../http-json';
import { mapBounded } from '../map-bounded';
import { isProviderError, ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { gmailQuery } from './gmail-query';
import { gmailRaw } from './gmail-raw';
import {
  toMessage,
  toSummary,
  ZDraft,
  ZGmailMessage,
  ZGmailThread,
  ZMessageList,
  ZSentMessage,
} from './gmail-wire';
import type { MailboxAdapter, OutgoingMail } from './mailbox';

/** Messages fetched at once after a search: Gmail throttles a burst from one account. */
const MESSAGES_AT_ONCE = 5;

/**
 * What a search reads of each message. `format=metadata` carries headers but no MIME parts, so
 * it cannot tell attachments; `format=full` narrowed by `fields` to the headers and the parts'
 * file names (five levels deep) tells them the way `read` does, without the bodies.
 */
const SUMMARY_FIELDS = `id,threadId,labelIds,snippet,internalDate,payload(mimeType,filename,headers,${nestedParts(5)})`;

function nestedParts(depth: number): string {
  return depth === 0 ? 'parts(filename)' : `parts(filename,${nestedParts(depth - 1)})`;
}

/** Gmail answers an id it cannot even read with 400 "Invalid id value": no such message. */
function invalidId(failure: JsonFailure): ProviderError | null {
  const message = (failure.body as { error?: { message?: unknown } } | null)?.error?.message;
  if (failure.status === 400 && typeof message === 'string' && /invalid id/i.test(message))
    return new ProviderError('not_found', 'Gmail: no such message or thread', { status: 400 });
  return null;
}

/** Gmail API v1 behind the workspace's mailbox shape. */
export class GmailAdapter implements MailboxAdapter {
  private readonly api: GoogleApi;

  constructor(options: { baseUrl: string; timeoutMs: number }) {
    this.api = new GoogleApi(options, 'Gmail', invalidId);
  }

  async search(account: WorkspaceAccount, query: TMailSearch): Promise<TMailSummary[]> {
    const q = gmailQuery(query, account.timeZone);
    const list = await this.api.read(
      account,
      { path: '/users/me/messages', query: { ...(q ? { q } : {}), maxResults: String(query.limit) } },
      ZMessageList,
    );
    const summaries = await mapBounded(
      list.messages.slice(0, query.limit),
      MESSAGES_AT_ONCE,
      async ({ id }) => {
        try {
          const message = await this.api.read(
            account,
            { path: `/users/me/messages/${segment(id)}`, query: { format: 'full', fields: SUMMARY_FIELDS } },
            ZGmailMessage,
          );
          return toSummary(message, account);
        } catch (error) {
          // Deleted between the list and the fetch: it is simply no longer found.
          if (isProviderError(error, 'not_found')) return null;
          throw error;
        }
      },
    );
    return summaries.filter((summary): summary is TMailSummary => summary !== null);
  }

  async read(account: WorkspaceAccount, messageId: string): Promise<TMailMessage> {
    const message = await this.api.read(
      account,
      { path: `/users/me/messages/${segment(messageId)}`, query: { format: 'full' } },
      ZGmailMessage,
    );
    return toMessage(message, account);
  }

  async thread(account: WorkspaceAccount, threadId: string): Promise<TMailThread> {
    const thread = await this.api.read(
      account,
      { path: `/users/me/threads/${segment(threadId)}`, query: { format: 'full' } },
      ZGmailThread,
    );
    return {
      id: thread.id,
      connectionId: account.connectionId,
      messages: thread.messages.map((message) => toMessage(message, account)),
    };
  }

  /** The id answered is the draft's message, which `read` opens, as Graph's drafts are. */
  async createDraft(
    account: WorkspaceAccount,
    mail: OutgoingMail,
  ): Promise<{ id: string; threadId: string | null }> {
    const { raw, threadId } = await gmailRaw(account.email, mail);
    const draft = await this.api.read(
      account,
      {
        method: 'POST',
        path: '/users/me/drafts',
        body: { message: { raw, ...(threadId ? { threadId } : {}) } },
      },
      ZDraft,
    );
    return { id: draft.message.id, threadId: draft.message.threadId ?? null };
  }

  async send(
    account: WorkspaceAccount,
    mail: OutgoingMail,
  ): Promise<{ id: string; threadId: string | null }> {
    const { raw, threadId } = await gmailRaw(account.email, mail);
    const sent = await this.api.read(
      account,
      { method: 'POST', path: '/users/me/messages/send', body: { raw, ...(threadId ? { threadId } : {}) } },
      ZSentMessage,
    );
    return { id: sent.id, threadId: sent.threadId ?? null };
  }
}
