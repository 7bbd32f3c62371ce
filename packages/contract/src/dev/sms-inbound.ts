import { z } from 'zod';
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
