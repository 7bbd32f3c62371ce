import { z } from 'zod';
import { ZIsoDateTime, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

export const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: ZIsoDateTime,
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZListOutboxQuery = z.object({
  to: ZSingleLineText.max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const ZListOutboxResponse = z.object({ messages: z.array(ZOutboxMessage) });
export type TListOutboxResponse = z.infer<typeof ZListOutboxResponse>;

export const listOutboxRoute = defineRoute({
  method: 'GET',
  path: '/dev/outbox',
  summary: 'What the local stand-ins "sent" (only while a stand-in is in use)',
  tag: 'dev',
  auth: false,
  query: ZListOutboxQuery,
  response: ZListOutboxResponse,
  errors: ['NOT_FOUND'],
});
