import { z } from 'zod';
import { ZUnansweredReason } from '../assistant/screen';
import { MULTI_LINE_PATTERN } from '../common';
import { defineRoute } from '../http';

/**
 * The local phone's side of the assistant (issue 21): the same pipeline as Twilio's webhook,
 * for a text typed on /dev/phone or by a test. Loopback only, like every dev route.
 */
export const ZDevSmsInboundRequest = z.object({
  /** E.164, or `whatsapp:` and E.164 to act as WhatsApp. */
  from: z.string().regex(/^(whatsapp:)?\+[1-9][0-9]{1,14}$/, 'An E.164 number such as +14155550100'),
  body: z.string().min(1).max(1600).regex(MULTI_LINE_PATTERN, 'Control characters are not allowed.'),
});
export const ZDevSmsInboundResponse = z.object({ messageId: z.string(), duplicate: z.boolean() });

export const devSmsInboundRoute = defineRoute({
  method: 'POST',
  path: '/dev/sms/inbound',
  summary: 'Texts the assistant from a simulated phone (only while SMS is a stand-in)',
  tag: 'dev',
  auth: false,
  body: ZDevSmsInboundRequest,
  response: ZDevSmsInboundResponse,
  errors: ['NOT_FOUND'],
});

/** One text of the simulated phone's chat, in or out. */
export const ZDevPhoneMessage = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  channel: z.enum(['sms', 'whatsapp']),
  body: z.string(),
  /** Outbound: queued, sent, delivered, failed, suppressed (an opted-out number). */
  status: z.string().nullable(),
  /** Inbound: why the assistant did not answer it (no plan, allowance used up, paused, STOP...). */
  unanswered: ZUnansweredReason.nullable().optional(),
  createdAt: z.string(),
});
export type TDevPhoneMessage = z.infer<typeof ZDevPhoneMessage>;

export const ZDevPhoneQuery = z.object({
  phone: z.string().regex(/^\+[1-9][0-9]{1,14}$/, 'An E.164 number such as +14155550100'),
  /** Only texts after this one (the id of the newest the page has), for polling. */
  after: z.string().max(64).optional(),
});
export const ZDevPhoneConversation = z.object({ messages: z.array(ZDevPhoneMessage) });

export const devPhoneConversationRoute = defineRoute({
  method: 'GET',
  path: '/dev/sms/conversation',
  summary: "The simulated phone's chat with the assistant, oldest first (only while SMS is a stand-in)",
  tag: 'dev',
  auth: false,
  query: ZDevPhoneQuery,
  response: ZDevPhoneConversation,
  errors: ['NOT_FOUND'],
});

/** The numbers linked to accounts, for the simulated phone's picker. */
export const ZDevPhoneNumbers = z.object({
  numbers: z.array(z.object({ phone: z.string(), name: z.string(), language: z.enum(['en', 'zh']) })),
});

export const devPhoneNumbersRoute = defineRoute({
  method: 'GET',
  path: '/dev/sms/numbers',
  summary: 'Numbers linked to accounts, newest first (only while SMS is a stand-in)',
  tag: 'dev',
  auth: false,
  response: ZDevPhoneNumbers,
  errors: ['NOT_FOUND'],
});
