import { z } from 'zod';
import { ZIsoDateTime, ZSingleLineText } from '../common';
import { defineRoute } from '../http';
import { ZTimeZone } from '../usage/time-zone';

/**
 * The Assistant screen (issue 22): the conversation, what waits for the person's yes, what the
 * assistant did, and its settings. Every call is the signed-in person's own: another person's
 * approval is a 404, as if it did not exist.
 */

/** A local wall-clock time of day, `HH:mm`, 24-hour. */
export const ZLocalTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'A time such as 07:30');
export type TLocalTime = z.infer<typeof ZLocalTime>;

/** The lead times the screen offers for reminders before an event, in minutes. */
export const REMINDER_LEAD_MINUTES = [5, 10, 15, 30, 60, 120] as const;
export const ZReminderLead = z.literal(REMINDER_LEAD_MINUTES);

export const ZQuietHours = z.object({
  /** No message the assistant starts itself from here... */
  start: ZLocalTime,
  /** ...to here, local time; a window past midnight (22:00 to 07:00) is the usual one. */
  end: ZLocalTime,
});
export type TQuietHours = z.infer<typeof ZQuietHours>;

/**
 * Whether a local `HH:mm` falls inside the quiet hours: the server asks before it texts unasked,
 * the screen when a briefing time would never be sent. One past midnight (22:00 to 07:00) wraps;
 * equal ends are no window.
 */
export function isQuietAt(quiet: TQuietHours | null, localTime: string): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const { start, end } = quiet;
  return start < end ? localTime >= start && localTime < end : localTime >= start || localTime < end;
}

export const ZAssistantSettings = z.object({
  /** Paused: texts get one short "paused" answer a day, and nothing is started unasked. */
  paused: z.boolean(),
  /** The zone its times are read and written in; detected from the browser until set. */
  timeZone: ZTimeZone,
  /** The language of its messages. */
  language: z.enum(['en', 'zh']),
  /** null: no quiet hours. */
  quietHours: ZQuietHours.nullable(),
  /** The morning briefing's local time; null: off. */
  briefingTime: ZLocalTime.nullable(),
  /** Minutes before an event with a place or a meeting link; null: off. */
  reminderLeadMinutes: ZReminderLead.nullable(),
  /**
   * Opt-in help texts (issue 31), each off until the person turns it on: a reply on a thread they
   * wait on, mail from someone they told the assistant matters, a new invitation that overlaps an
   * event they accepted. At most HELP_TEXTS_PER_DAY a day, never in quiet hours.
   */
  helpTexts: z.object({ replies: z.boolean(), important: z.boolean(), overlaps: z.boolean() }),
});
export type TAssistantSettings = z.infer<typeof ZAssistantSettings>;

/** The most help texts a person gets in one local day. */
export const HELP_TEXTS_PER_DAY = 3;

export const ZGetAssistantSettingsQuery = z.object({
  /** The browser's zone: taken as the person's while they have never set one. */
  timeZone: ZTimeZone.optional(),
});

export const ZAssistantSettingsResponse = z.object({
  settings: ZAssistantSettings,
  /** The person's linked number (E.164), or null: the screen then says how to link one. */
  phone: z.string().nullable(),
});
export type TAssistantSettingsResponse = z.infer<typeof ZAssistantSettingsResponse>;

export const getAssistantSettingsRoute = defineRoute({
  method: 'GET',
  path: '/assistant/settings',
  summary: "The assistant's settings for the signed-in person, and their linked number",
  tag: 'assistant',
  auth: true,
  query: ZGetAssistantSettingsQuery,
  response: ZAssistantSettingsResponse,
  errors: ['UNAUTHORIZED'],
});

export const ZUpdateAssistantSettingsRequest = ZAssistantSettings.partial().refine(
  (value) => Object.keys(value).length > 0,
  'Nothing to change',
);
export type TUpdateAssistantSettingsRequest = z.infer<typeof ZUpdateAssistantSettingsRequest>;

export const updateAssistantSettingsRoute = defineRoute({
  method: 'PATCH',
  path: '/assistant/settings',
  summary: 'Changes some of the assistant settings; the rest stay as they are',
  tag: 'assistant',
  auth: true,
  body: ZUpdateAssistantSettingsRequest,
  response: ZAssistantSettingsResponse,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
});

// The conversation

export const MESSAGE_KINDS = [
  'text',
  'reply',
  'approval',
  'briefing',
  'reminder',
  'greeting',
  'notice',
  'help',
] as const;

/**
 * Why an inbound text got no answer from the assistant (issue 29): no plan, the allowance used up,
 * paused, the number said STOP, a number with no account (answered once a day at most, within
 * the caps), or WhatsApp while it is off. A notice may have gone out about it (once a day).
 */
export const UNANSWERED_REASONS = [
  'no_plan',
  'over_limit',
  'paused',
  'opted_out',
  'unknown_number',
  'channel_off',
  // An iPhone reaction that answers no pending request (decision 450).
  'reaction',
] as const;
export const ZUnansweredReason = z.enum(UNANSWERED_REASONS);
export type TUnansweredReason = z.infer<typeof ZUnansweredReason>;

export const ZAssistantMessage = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  channel: z.enum(['sms', 'whatsapp']),
  /**
   * What was said, whole: an answer cut to 3 SMS segments is shown here in full. Parts of one
   * answer are one message.
   */
  body: z.string(),
  /**
   * in: text; out: reply (an answer), approval (a request for a yes), briefing, reminder, greeting
   * (sent unasked), notice (the gate's own answers: HELP, STOP, no plan, over the limit, paused).
   */
  kind: z.enum(MESSAGE_KINDS),
  /** Outbound: queued, sent, delivered, failed, suppressed (an opted-out number). */
  status: z.string().nullable(),
  /** Inbound: why the assistant did not answer it; absent or null when it did (or will). */
  unanswered: ZUnansweredReason.nullable().optional(),
  createdAt: ZIsoDateTime,
});
export type TAssistantMessage = z.infer<typeof ZAssistantMessage>;

export const ZPageQuery = z.object({
  /** Only items older than this one (the id of the oldest the page has): scrolling back. */
  before: ZSingleLineText.min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type TPageQuery = z.input<typeof ZPageQuery>;

export const ZAssistantMessagesResponse = z.object({
  /** Oldest first: the page ends with the newest (or with the one just before `before`). */
  messages: z.array(ZAssistantMessage),
  /** Whether older messages remain. */
  hasMore: z.boolean(),
});
export type TAssistantMessagesResponse = z.infer<typeof ZAssistantMessagesResponse>;

export const listAssistantMessagesRoute = defineRoute({
  method: 'GET',
  path: '/assistant/messages',
  summary: 'The conversation with the assistant, a page at a time, newest page first',
  tag: 'assistant',
  auth: true,
  query: ZPageQuery,
  response: ZAssistantMessagesResponse,
  errors: ['UNAUTHORIZED'],
});

// Approvals and actions

export const ACTION_KINDS = [
  'create_event',
  'update_event',
  'delete_event',
  'send_mail',
  'update_settings',
  'save_memory',
  'ask_others',
  'book_time',
  'remind_others',
] as const;
export const ZActionKind = z.enum(ACTION_KINDS);
export type TActionKind = z.infer<typeof ZActionKind>;

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'done',
  'failed',
  'declined',
  'expired',
  'superseded',
] as const;

/** What an approval changes, one field at a time, old -> new, in the person's words. */
export const CHANGE_FIELDS = ['title', 'time', 'place', 'description', 'timeZone', 'language'] as const;
export const ZApprovalChange = z.object({
  field: z.enum(CHANGE_FIELDS),
  /** The value now (read from the workspace or the settings, never from the model); null: none. */
  from: z.string().nullable(),
  /** The value after the YES; null: removed. */
  to: z.string().nullable(),
});
export type TApprovalChange = z.infer<typeof ZApprovalChange>;

export const ZAssistantApproval = z.object({
  id: z.string(),
  kind: ZActionKind,
  /** The whole preview the text message showed: to whom, subject or title, when. */
  preview: z.string(),
  /** Event title or mail subject. */
  title: z.string(),
  /** Mail recipients or event attendees. */
  recipients: z.array(z.string()),
  /**
   * Recipients new to the person: not in their contacts, never sent mail by them, not in their
   * own texts. Being seen in content the assistant read does not make an address known.
   */
  flagged: z.array(z.string()),
  /** The whole mail body, or the new event's description: everything that leaves. */
  body: z.string().nullable(),
  /** A new event's place. */
  place: z.string().nullable(),
  /** An update's (or a settings change's) fields, each old -> new. */
  changes: z.array(ZApprovalChange),
  /**
   * false: the text could not hold every recipient, so it said how many and that this one can be
   * approved only here; a YES by text does not approve it.
   */
  textApprovable: z.boolean(),
  /** The event's start (an instant), or null for mail. */
  when: ZIsoDateTime.nullable(),
  /** The calendar (name and account) an event goes into or is in; null for mail. */
  calendar: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  /** How it was answered: by text, on the web, or not yet. */
  decidedVia: z.enum(['sms', 'web']).nullable(),
  /** A failed action's reason, in the person's language. */
  error: z.string().nullable(),
  createdAt: ZIsoDateTime,
  expiresAt: ZIsoDateTime,
  decidedAt: ZIsoDateTime.nullable(),
});
export type TAssistantApproval = z.infer<typeof ZAssistantApproval>;

export const ZPendingApprovalsResponse = z.object({ approvals: z.array(ZAssistantApproval) });
export type TPendingApprovalsResponse = z.infer<typeof ZPendingApprovalsResponse>;

export const listPendingApprovalsRoute = defineRoute({
  method: 'GET',
  path: '/assistant/approvals',
  summary: 'What waits for the signed-in person’s yes (open, not expired), newest first',
  tag: 'assistant',
  auth: true,
  response: ZPendingApprovalsResponse,
  errors: ['UNAUTHORIZED'],
});

export const ZApprovalParams = z.object({ id: ZSingleLineText.min(1).max(64) });

export const ZDecideApprovalResponse = z.object({
  approval: ZAssistantApproval,
  /** What happened, in the person's language (the same words a text reply would have). */
  message: z.string(),
});
export type TDecideApprovalResponse = z.infer<typeof ZDecideApprovalResponse>;

export const approveApprovalRoute = defineRoute({
  method: 'POST',
  path: '/assistant/approvals/:id/approve',
  summary:
    'Approves a pending action, as a YES by text would: once, whichever comes first (CONFLICT when it is no longer pending)',
  tag: 'assistant',
  auth: true,
  params: ZApprovalParams,
  response: ZDecideApprovalResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
});

export const declineApprovalRoute = defineRoute({
  method: 'POST',
  path: '/assistant/approvals/:id/decline',
  summary: 'Declines a pending action, as a NO by text would (CONFLICT when it is no longer pending)',
  tag: 'assistant',
  auth: true,
  params: ZApprovalParams,
  response: ZDecideApprovalResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
});

export const ZAssistantActionsResponse = z.object({
  /** Approved actions that ran (done) or tried to (failed), newest first. */
  actions: z.array(ZAssistantApproval),
  hasMore: z.boolean(),
});
export type TAssistantActionsResponse = z.infer<typeof ZAssistantActionsResponse>;

export const listAssistantActionsRoute = defineRoute({
  method: 'GET',
  path: '/assistant/actions',
  summary: 'What the assistant did on the person’s behalf, each with its approval, newest first',
  tag: 'assistant',
  auth: true,
  query: ZPageQuery,
  response: ZAssistantActionsResponse,
  errors: ['UNAUTHORIZED'],
});

export const ASSISTANT_SCREEN_ROUTES = [
  getAssistantSettingsRoute,
  updateAssistantSettingsRoute,
  listAssistantMessagesRoute,
  listPendingApprovalsRoute,
  approveApprovalRoute,
  declineApprovalRoute,
  listAssistantActionsRoute,
] as const;
