import type {
  TMailAddress,
  TMailMessage,
  TMailSearch,
  TMailSummary,
  TMailThread,
} from '@app/contract/workspace/mail';
import { z } from 'zod';
import { startOfDayIn } from '../../lib/zoned-time';
import { mapBounded } from '../map-bounded';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { GRAPH, GraphApi, type GraphOptions } from '../workspace/graph-api';
import { htmlToText } from './html-text';
import type { MailboxAdapter, OutgoingMail } from './mailbox';

export const SUMMARY_FIELDS =
  'id,conversationId,from,toRecipients,ccRecipients,subject,bodyPreview,receivedDateTime,sentDateTime,isRead,hasAttachments';
const MESSAGE_FIELDS = `${SUMMARY_FIELDS},body,internetMessageId,internetMessageHeaders`;
const TEXT_BODY = ['outlook.body-content-type="text"'];

/** The most messages of one conversation read at once; a longer one keeps its first ones. */
const MAX_THREAD = 100;
/** Pages read to find enough unread (or read) messages among search results. */
const MAX_SEARCH_PAGES = 5;
const CALLS_AT_ONCE = 3;

const ZRecipient = z.object({
  emailAddress: z.object({ address: z.string().nullish(), name: z.string().nullish() }).nullish(),
});

/** The parts of Graph's message resource we read (learn.microsoft.com/graph/api/resources/message). */
export const ZSummary = z.object({
  id: z.string().min(1),
  conversationId: z.string().nullish(),
  from: ZRecipient.nullish(),
  toRecipients: z.array(ZRecipient).nullish(),
  ccRecipients: z.array(ZRecipient).nullish(),
  subject: z.string().nullish(),
  bodyPreview: z.string().nullish(),
  receivedDateTime: z.string().nullish(),
  sentDateTime: z.string().nullish(),
  isRead: z.boolean().nullish(),
  hasAttachments: z.boolean().nullish(),
});
type GraphSummary = z.infer<typeof ZSummary>;

const ZMessage = ZSummary.extend({
  body: z.object({ contentType: z.string().nullish(), content: z.string().nullish() }).nullish(),
  internetMessageId: z.string().nullish(),
  internetMessageHeaders: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
});
type GraphMessage = z.infer<typeof ZMessage>;

const ZAttachment = z.object({
  name: z.string().nullish(),
  contentType: z.string().nullish(),
  size: z.number().int().nonnegative().nullish(),
  isInline: z.boolean().nullish(),
});

const ZDraft = z.object({ id: z.string().min(1), conversationId: z.string().nullish() });
type GraphDraft = z.infer<typeof ZDraft>;

/**
 * An Outlook mailbox over Microsoft Graph v1.0. Ids are Graph's immutable ids (graph-api.ts),
 * so a draft keeps its id once sent and `send` can answer with it.
 */
export class OutlookMailAdapter implements MailboxAdapter {
  private readonly api: GraphApi;

  constructor(options: GraphOptions) {
    this.api = new GraphApi(options);
  }

  /**
   * Free text, from, to and subject go to `$search` as KQL, with the dates; Graph refuses
   * `$orderby` and `$filter` beside `$search` on messages, so there unread is sifted here from
   * what the search answers (newest first). Without free text, `$filter` carries the dates and
   * unread, with `$orderby`.
   */
  async search(account: WorkspaceAccount, query: TMailSearch): Promise<TMailSummary[]> {
    const kql = kqlOf(query);
    const wanted = (message: GraphSummary) => query.unread === undefined || !message.isRead === query.unread;
    let items: GraphSummary[];
    if (kql) {
      const url = this.api.url('/me/messages', {
        $search: `"${kql}"`,
        $top: query.unread === undefined ? query.limit : Math.min(100, query.limit * 4),
        $select: SUMMARY_FIELDS,
      });
      items = await this.api.collect(account, url, ZSummary, {
        maxItems: query.limit,
        maxPages: query.unread === undefined ? 1 : MAX_SEARCH_PAGES,
        keep: wanted,
      });
    } else {
      const url = this.api.url('/me/messages', {
        $filter: filterOf(query, account.timeZone),
        $orderby: 'receivedDateTime desc',
        $top: query.limit,
        $select: SUMMARY_FIELDS,
      });
      items = await this.api.collect(account, url, ZSummary, { maxItems: query.limit, maxPages: 1 });
    }
    return items
      .map((item) => toSummary(account, item))
      .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  }

  async read(account: WorkspaceAccount, messageId: string): Promise<TMailMessage> {
    const url = this.api.url(`/me/messages/${encodeURIComponent(messageId)}`, { $select: MESSAGE_FIELDS });
    const message = await this.api.json(account, url, ZMessage, { prefer: TEXT_BODY });
    return toMessage(account, message, await this.attachmentsOf(account, message));
  }

  async thread(account: WorkspaceAccount, threadId: string): Promise<TMailThread> {
    const url = this.api.url('/me/messages', {
      // OData writes a quote inside a string literal as two.
      $filter: `conversationId eq '${threadId.replaceAll("'", "''")}'`,
      $top: 50,
      $select: MESSAGE_FIELDS,
    });
    const items = await this.api.collect(
      account,
      url,
      ZMessage,
      { maxItems: MAX_THREAD, maxPages: MAX_THREAD / 50 },
      { prefer: TEXT_BODY },
    );
    if (items.length === 0) throw new ProviderError('not_found', `${GRAPH} has no conversation ${threadId}`);
    const messages = await mapBounded(items, CALLS_AT_ONCE, async (item) =>
      toMessage(account, item, await this.attachmentsOf(account, item)),
    );
    messages.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    return { id: threadId, connectionId: account.connectionId, messages };
  }

  async createDraft(
    account: WorkspaceAccount,
    mail: OutgoingMail,
  ): Promise<{ id: string; threadId: string | null }> {
    const draft = await this.draft(account, mail);
    return { id: draft.id, threadId: draft.conversationId ?? null };
  }

  /** Through a draft rather than `/me/sendMail`, which answers 202 with no id to give back. */
  async send(
    account: WorkspaceAccount,
    mail: OutgoingMail,
  ): Promise<{ id: string; threadId: string | null }> {
    const draft = await this.draft(account, mail);
    await this.api.call(account, this.api.url(`/me/messages/${encodeURIComponent(draft.id)}/send`), {
      method: 'POST',
    });
    return { id: draft.id, threadId: draft.conversationId ?? null };
  }

  /**
   * A new message is posted as a draft. A reply starts from `createReply`, which threads it the
   * Outlook way (conversation, In-Reply-To, References); the draft then takes the recipients the
   * workspace worked out and our text with the original quoted under it. The text goes in as the
   * body, not as createReply's `comment`, which Outlook reads as HTML: our text stays text.
   */
  private async draft(account: WorkspaceAccount, mail: OutgoingMail): Promise<GraphDraft> {
    const recipients = {
      toRecipients: mail.to.map(recipient),
      ccRecipients: mail.cc.map(recipient),
      bccRecipients: mail.bcc.map(recipient),
    };
    if (!mail.replyTo) {
      return this.api.json(account, this.api.url('/me/messages'), ZDraft, {
        method: 'POST',
        body: { subject: mail.subject, body: { contentType: 'Text', content: mail.text }, ...recipients },
      });
    }
    const reply = await this.api.json(
      account,
      this.api.url(`/me/messages/${encodeURIComponent(mail.replyTo.id)}/createReply`),
      ZDraft,
      { method: 'POST', body: {} },
    );
    const patched = await this.api.json(
      account,
      this.api.url(`/me/messages/${encodeURIComponent(reply.id)}`),
      ZDraft,
      {
        method: 'PATCH',
        body: {
          subject: mail.subject,
          body: { contentType: 'Text', content: withQuote(mail.text, mail.replyTo) },
          ...recipients,
        },
      },
    );
    return { id: patched.id, conversationId: patched.conversationId ?? reply.conversationId };
  }

  /** The files attached (inline images left out); no call when Graph says there are none. */
  private async attachmentsOf(
    account: WorkspaceAccount,
    message: GraphSummary,
  ): Promise<TMailMessage['attachments']> {
    if (!message.hasAttachments) return [];
    const url = this.api.url(`/me/messages/${encodeURIComponent(message.id)}/attachments`, {
      // Never contentBytes: the bytes are not ours to carry, and could be megabytes.
      $select: 'name,contentType,size,isInline',
    });
    const items = await this.api.collect(account, url, ZAttachment, { maxItems: 100, maxPages: 2 });
    return items
      .filter((item) => !item.isInline)
      .map((item) => ({
        name: item.name ?? '',
        mimeType: item.contentType || 'application/octet-stream',
        size: item.size ?? null,
      }));
  }
}

/** Our filters in KQL, or null when nothing calls for `$search` (dates and unread alone do not). */
function kqlOf(query: TMailSearch): string | null {
  if (!query.q && !query.from && !query.to && !query.subject) return null;
  const terms: string[] = [];
  // The whole search sits in double quotes; Graph takes a phrase inside in single ones.
  if (query.q) terms.push(query.q.replaceAll('"', "'"));
  if (query.from) terms.push(`from:${kqlValue(query.from)}`);
  if (query.to) terms.push(`to:${kqlValue(query.to)}`);
  if (query.subject) terms.push(`subject:${kqlValue(query.subject)}`);
  if (query.after) terms.push(`received>=${query.after}`);
  if (query.before) terms.push(`received<${query.before}`);
  return terms.join(' ');
}

/** A value as one KQL term: a phrase in single quotes unless it is one plain word or address. */
function kqlValue(value: string): string {
  const plain = value
    .replace(/["'\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /^[\w.@+-]+$/.test(plain) ? plain : `'${plain}'`;
}

/**
 * The `$filter` beside `$orderby=receivedDateTime desc`: Graph refuses the pair as too complex
 * unless the ordered property comes first in the filter, hence the open lower bound.
 */
function filterOf(query: TMailSearch, zone: string): string {
  const midnight = (date: string) => startOfDayIn(date, zone).toISOString();
  const clauses = [`receivedDateTime ge ${query.after ? midnight(query.after) : '1900-01-01T00:00:00Z'}`];
  if (query.before) clauses.push(`receivedDateTime lt ${midnight(query.before)}`);
  if (query.unread !== undefined) clauses.push(`isRead eq ${!query.unread}`);
  return clauses.join(' and ');
}

function recipient(address: string): { emailAddress: { address: string } } {
  return { emailAddress: { address } };
}

function address(value: z.infer<typeof ZRecipient> | null | undefined): TMailAddress | null {
  const email = value?.emailAddress?.address;
  return email ? { email, name: value?.emailAddress?.name || null } : null;
}

function addresses(values: z.infer<typeof ZRecipient>[] | null | undefined): TMailAddress[] {
  return (values ?? []).flatMap((value) => address(value) ?? []);
}

export function toSummary(account: WorkspaceAccount, item: GraphSummary): TMailSummary {
  const when = Date.parse(item.receivedDateTime ?? item.sentDateTime ?? '');
  if (Number.isNaN(when)) throw new ProviderError('protocol', `${GRAPH} sent a message without a date`);
  return {
    id: item.id,
    connectionId: account.connectionId,
    provider: 'microsoft',
    threadId: item.conversationId ?? item.id,
    from: address(item.from),
    to: addresses(item.toRecipients),
    cc: addresses(item.ccRecipients),
    subject: item.subject ?? '',
    snippet: item.bodyPreview ?? '',
    date: new Date(when).toISOString(),
    unread: !(item.isRead ?? true),
    hasAttachments: item.hasAttachments ?? false,
  };
}

function toMessage(
  account: WorkspaceAccount,
  item: GraphMessage,
  attachments: TMailMessage['attachments'],
): TMailMessage {
  const content = item.body?.content ?? '';
  const text = item.body?.contentType?.toLowerCase() === 'html' ? htmlToText(content) : content;
  const references = item.internetMessageHeaders?.find(
    (header) => header.name.toLowerCase() === 'references',
  );
  return {
    ...toSummary(account, item),
    text,
    attachments,
    messageId: item.internetMessageId || null,
    references: references?.value.match(/<[^<>\s]+>/g) ?? [],
  };
}

/** Our text, then the original under it the way mail clients quote. */
function withQuote(text: string, original: TMailMessage): string {
  const who = original.from
    ? original.from.name
      ? `${original.from.name} <${original.from.email}>`
      : original.from.email
    : 'someone';
  const when = new Date(original.date).toUTCString();
  const quoted = original.text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `${text}\n\nOn ${when}, ${who} wrote:\n${quoted}`;
}
