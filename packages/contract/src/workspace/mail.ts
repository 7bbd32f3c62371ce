import { z } from 'zod';
import { MULTI_LINE_PATTERN, ZProvider, ZSingleLineText } from '../common';

/**
 * The workspace's mail shapes (issue 20), the same for Gmail and Outlook. Everything here came
 * from outside: the assistant quotes it to the model as data, never as instructions (design §9).
 */
export const ZMailAddress = z.object({ email: z.string(), name: z.string().nullable() });
export type TMailAddress = z.infer<typeof ZMailAddress>;

export const ZMailSummary = z
  .object({
    /** The provider's message id; with `connectionId` it names the message. */
    id: z.string(),
    connectionId: z.string(),
    provider: ZProvider,
    threadId: z.string(),
    from: ZMailAddress.nullable(),
    to: z.array(ZMailAddress),
    cc: z.array(ZMailAddress),
    subject: z.string(),
    snippet: z.string(),
    /** When it was received (sent, for a sent message): an ISO instant. */
    date: z.string(),
    unread: z.boolean(),
    hasAttachments: z.boolean(),
  })
  .meta({ id: 'MailSummary' });
export type TMailSummary = z.infer<typeof ZMailSummary>;

export const ZAttachmentInfo = z.object({
  name: z.string(),
  mimeType: z.string(),
  /** Bytes, when the provider says. */
  size: z.number().int().nonnegative().nullable(),
});

export const ZMailMessage = ZMailSummary.extend({
  /** The body as plain text; an HTML-only mail is turned into text, links kept as text. */
  text: z.string(),
  attachments: z.array(ZAttachmentInfo),
  /** The RFC 5322 Message-ID, which a reply names in In-Reply-To and References. */
  messageId: z.string().nullable(),
  references: z.array(z.string()),
}).meta({ id: 'MailMessage' });
export type TMailMessage = z.infer<typeof ZMailMessage>;

export const ZMailThread = z.object({
  id: z.string(),
  connectionId: z.string(),
  messages: z.array(ZMailMessage),
});
export type TMailThread = z.infer<typeof ZMailThread>;

/** The most messages one search returns. */
export const MAX_MAIL_RESULTS = 50;

/**
 * One search shape: `q` is passed through in the provider's own syntax (Gmail's `from:x is:unread`,
 * Outlook's KQL), the other filters are ours and each adapter writes them in its provider's terms.
 */
export const ZMailSearch = z.object({
  q: ZSingleLineText.trim().max(500).optional(),
  from: ZSingleLineText.trim().max(254).optional(),
  to: ZSingleLineText.trim().max(254).optional(),
  subject: ZSingleLineText.trim().max(300).optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  after: z.iso.date().optional(),
  before: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_MAIL_RESULTS).default(20),
});
export type TMailSearch = z.infer<typeof ZMailSearch>;

const ZMailBody = z.string().max(100_000).regex(MULTI_LINE_PATTERN, 'Control characters are not allowed.');
const ZRecipients = z.array(z.email().max(254)).max(50);

/**
 * A new message, or a reply: `inReplyTo` names the message answered (its provider id), and the
 * reply lands in that thread on the other side; `replyAll` adds its other recipients.
 */
export const ZComposeMail = z
  .object({
    connectionId: ZSingleLineText.min(1).max(64).optional(),
    to: ZRecipients.default([]),
    cc: ZRecipients.default([]),
    bcc: ZRecipients.default([]),
    subject: ZSingleLineText.max(300).optional(),
    text: ZMailBody,
    inReplyTo: ZSingleLineText.min(1).max(500).optional(),
    replyAll: z.boolean().default(false),
  })
  .superRefine((mail, ctx) => {
    if (!mail.inReplyTo && mail.to.length === 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Name at least one recipient.' });
    if (!mail.inReplyTo && mail.subject === undefined)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'A new message needs a subject.' });
    if (mail.replyAll && !mail.inReplyTo)
      ctx.addIssue({ code: 'custom', path: ['replyAll'], message: 'replyAll needs inReplyTo.' });
  });
export type TComposeMail = z.infer<typeof ZComposeMail>;

export const ZSentMail = z.object({
  id: z.string(),
  connectionId: z.string(),
  threadId: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
});
export type TSentMail = z.infer<typeof ZSentMail>;
