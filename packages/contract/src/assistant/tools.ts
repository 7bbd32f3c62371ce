import { z } from 'zod';

/**
 * The assistant's tools (issue 21): their names and inputs, shared by the agent that runs them
 * (apps/server modules/assistant) and the local stand-in model that calls them
 * (apps/server providers/llm/local-model.ts). Inputs are what a model writes, so they are
 * forgiving (strings for times, optional fields) and the tool checks them again before use.
 *
 * Times: wall-clock `YYYY-MM-DDTHH:mm` in the person's zone, or an instant with an offset;
 * dates `YYYY-MM-DD`. The system prompt tells the model the person's current local time and zone.
 */
export const TOOL_NAMES = [
  'calendar_list_events',
  'calendar_free_busy',
  'calendar_create_event',
  'calendar_update_event',
  'calendar_delete_event',
  'mail_search',
  'mail_read',
  'mail_thread',
  'mail_draft',
  'mail_send',
  'mail_reply',
  'contacts_search',
  'settings_get',
  'settings_update',
  'memory_save',
  'memory_list',
  'memory_forget',
  'followup_create',
  'followup_list',
  'followup_cancel',
  'reminder_create',
  'reminder_list',
  'reminder_cancel',
  'reminder_update',
  'schedule_propose',
] as const;
export type TToolName = (typeof TOOL_NAMES)[number];

/**
 * Tools with an effect outside our database: calling one never acts. It stores a pending
 * approval, the person is asked by text, and only their YES runs it (design §9). The one list
 * that decides which tools ask: the server's approval step refuses any tool not in it, and a
 * test checks that the tools that reach that step are exactly these.
 */
export const APPROVAL_TOOLS: readonly TToolName[] = [
  'calendar_create_event',
  'calendar_update_event',
  'calendar_delete_event',
  'mail_send',
  'mail_reply',
  // Asks unless the person's own text in the turn asked for that change (decision 282).
  'settings_update',
  // Saves at once only a fact grounded in the person's own text of the turn (decision 431).
  'memory_save',
  // Offers found slots to others by mail; its YES also approves booking one of them (decision 555).
  'schedule_propose',
];

const text = (max: number) => z.string().max(max);
// Short: every schema is sent on every model step; the system prompt says how times and dates
// are written, once, rather than a description on each of the calendar tools' seven time fields.
const when = z.string().min(1).max(40);

export const TOOL_INPUTS = {
  calendar_list_events: z.object({
    from: when,
    to: when.describe('exclusive'),
  }),
  calendar_free_busy: z.object({
    from: when,
    to: when,
    connectionId: text(64).optional(),
    eventId: text(2000).optional(),
  }),
  calendar_create_event: z.object({
    title: text(300).min(1),
    start: when,
    end: when.optional().describe('default: start + 1h'),
    allDay: z.boolean().optional(),
    location: text(500).optional(),
    description: text(4000).optional(),
    attendees: z.array(text(254)).max(50).optional().describe('email addresses'),
    connectionId: text(64).optional().describe('default: main calendar'),
  }),
  calendar_update_event: z.object({
    connectionId: text(64),
    eventId: text(2000),
    title: text(300).optional(),
    start: when.optional(),
    end: when.optional(),
    location: text(500).optional(),
  }),
  calendar_delete_event: z.object({
    connectionId: text(64),
    eventId: text(2000),
    message: text(1000).optional(),
  }),
  mail_search: z.object({
    query: text(500).optional().describe("the provider's own search syntax, e.g. from:sam"),
    from: text(254).optional(),
    unread: z.boolean().optional(),
    limit: z.number().int().min(1).max(20).optional(),
  }),
  mail_read: z.object({ connectionId: text(64), messageId: text(2000) }),
  mail_thread: z.object({ connectionId: text(64), threadId: text(2000) }),
  mail_draft: z.object({
    to: z.array(text(254)).max(20),
    subject: text(300),
    text: text(20_000),
    connectionId: text(64).optional(),
  }),
  mail_send: z.object({
    to: z.array(text(254)).min(1).max(20),
    cc: z.array(text(254)).max(20).optional(),
    subject: text(300),
    text: text(20_000),
    connectionId: text(64).optional(),
  }),
  mail_reply: z.object({
    connectionId: text(64),
    messageId: text(2000),
    text: text(20_000),
    replyAll: z.boolean().optional(),
  }),
  contacts_search: z.object({ query: text(200).min(1) }),
  settings_get: z.object({}),
  settings_update: z.object({
    timeZone: text(64).optional().describe('IANA name, e.g. Australia/Sydney'),
    language: z.enum(['en', 'zh']).optional(),
  }),
  memory_save: z.object({ text: text(300).min(1).describe('the fact, in the person words') }),
  memory_list: z.object({}),
  memory_forget: z.object({
    id: text(64).optional(),
    about: text(100).optional().describe('words of the memory; neither: the last saved'),
  }),
  followup_create: z.object({
    connectionId: text(64).optional(),
    threadId: text(2000).optional().describe('from mail_search; or give from'),
    from: text(254).optional().describe('a sender to wait for, when there is no thread'),
    deadline: when.optional().describe('nudge if no reply by then'),
  }),
  followup_list: z.object({}),
  followup_cancel: z.object({
    id: text(64).optional(),
    match: text(200).optional().describe('a name or subject word'),
  }),
  reminder_create: z.object({
    what: text(500).min(1).describe('the words to send, or the instruction to run'),
    at: when.optional().describe('local time; for a routine its first time'),
    inMinutes: z.number().int().min(1).max(525_600).optional().describe('instead of at'),
    rrule: text(200).optional().describe('makes a routine, e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'),
    agent: z.boolean().optional().describe('routine: run the assistant with what'),
  }),
  reminder_list: z.object({}),
  reminder_cancel: z.object({ id: text(64) }),
  reminder_update: z.object({ id: text(64), at: when }),
  schedule_propose: z.object({
    attendees: z.array(text(254).min(1)).min(1).max(10).describe('names or emails'),
    durationMinutes: z.number().int().min(5).max(480),
    from: when,
    to: when.describe('exclusive'),
    title: text(300).min(1),
    hold: z
      .boolean()
      .optional()
      .describe(
        'the person asked to hold the times: each offered slot held as a tentative event until one is picked',
      ),
  }),
} satisfies Record<TToolName, z.ZodType>;

/** What an approval tool answers the model: the turn ends and the person is asked. */
export const ZApprovalRequested = z.object({
  status: z.literal('approval_requested'),
  approvalId: z.string(),
  preview: z.string(),
});

/**
 * The first lines of every system prompt, in this exact form, so the stand-in model (and a
 * person reading a transcript) can rely on them.
 */
export const PROMPT_FACTS = {
  now: 'Current local time: ',
  zone: 'Time zone: ',
  language: 'Reply language: ',
  /** After "YES but …": the cancelled request, JSON { tool, action } (decision 451). */
  amending: 'Cancelled request to change: ',
} as const;
