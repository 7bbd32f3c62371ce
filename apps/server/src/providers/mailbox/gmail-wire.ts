import type { TMailMessage, TMailSummary } from '@app/contract/workspace/mail';
import { z } from 'zod';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { attachmentsOf, bodyText, type GmailPart, headerOf } from './gmail-body';
import { decodeHtmlEntities } from './html-entities';
import { decodeHeaderText } from './mime-words';
import { parseAddressList } from './rfc5322-address';

/** Gmail API v1 as we read it (developers.google.com/gmail/api/reference/rest/v1/users.messages). */

const ZHeader = z.object({ name: z.string(), value: z.string() });

export const ZGmailPart: z.ZodType<GmailPart> = z.object({
  mimeType: z.string().optional(),
  filename: z.string().optional(),
  headers: z.array(ZHeader).optional(),
  body: z
    .object({
      size: z.number().int().nonnegative().optional(),
      data: z.string().optional(),
      attachmentId: z.string().optional(),
    })
    .optional(),
  get parts() {
    return z.array(ZGmailPart).optional();
  },
});

export const ZGmailMessage = z.object({
  id: z.string().min(1),
  threadId: z.string().min(1),
  labelIds: z.array(z.string()).optional(),
  snippet: z.string().optional(),
  /** Epoch milliseconds, as a string. */
  internalDate: z.string().optional(),
  payload: ZGmailPart.optional(),
});
export type GmailMessage = z.infer<typeof ZGmailMessage>;

export const ZMessageList = z.object({
  messages: z.array(z.object({ id: z.string().min(1) })).default([]),
});

export const ZGmailThread = z.object({
  id: z.string().min(1),
  messages: z.array(ZGmailMessage).default([]),
});

/** What drafts.create and messages.send answer: the message (inside the draft) and its thread. */
export const ZSentMessage = z.object({ id: z.string().min(1), threadId: z.string().optional() });
export const ZDraft = z.object({ id: z.string().min(1), message: ZSentMessage });

export function toSummary(message: GmailMessage, account: WorkspaceAccount): TMailSummary {
  const payload = message.payload ?? {};
  const header = (name: string) => headerOf(payload, name);
  return {
    id: message.id,
    connectionId: account.connectionId,
    provider: 'google',
    threadId: message.threadId,
    from: parseAddressList(header('From'))[0] ?? null,
    to: parseAddressList(header('To')),
    cc: parseAddressList(header('Cc')),
    subject: decodeHeaderText(header('Subject') ?? ''),
    snippet: decodeHtmlEntities(message.snippet ?? ''),
    date: receivedAt(message),
    unread: message.labelIds?.includes('UNREAD') ?? false,
    hasAttachments: attachmentsOf(payload).length > 0,
  };
}

export function toMessage(message: GmailMessage, account: WorkspaceAccount): TMailMessage {
  const payload = message.payload ?? {};
  const references = headerOf(payload, 'References') ?? '';
  return {
    ...toSummary(message, account),
    text: bodyText(payload),
    attachments: attachmentsOf(payload),
    messageId: headerOf(payload, 'Message-ID')?.trim() || null,
    references: references.match(/<[^<>\s]+>/g) ?? references.split(/\s+/).filter(Boolean),
  };
}

/** When Gmail took the message in; the Date header, which the sender writes, only when that is missing. */
function receivedAt(message: GmailMessage): string {
  const internal = Number(message.internalDate);
  const instant =
    message.internalDate && Number.isFinite(internal)
      ? internal
      : Date.parse(headerOf(message.payload ?? {}, 'Date') ?? '');
  if (Number.isNaN(instant)) throw new ProviderError('protocol', 'Gmail sent a message without a date');
  return new Date(instant).toISOString();
}
