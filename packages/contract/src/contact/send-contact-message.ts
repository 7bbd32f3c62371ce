import { z } from 'zod';
import { defineRoute } from '../http';

export const CONTACT_PRIORITIES = ['low', 'medium', 'high'] as const;
export const ZContactPriority = z.enum(CONTACT_PRIORITIES);

export const ZSendContactMessageRequest = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is at most 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is at most 5,000 characters'),
  priority: ZContactPriority.default('medium'),
  /** Honeypot: hidden from people, filled in by bots. Non-empty means silently dropped. */
  website: z.string().max(500).optional(),
});
export const ZSendContactMessageResponse = z.object({ message: z.string(), id: z.string() });
export type TSendContactMessageRequest = z.input<typeof ZSendContactMessageRequest>;
export type TSendContactMessageResponse = z.infer<typeof ZSendContactMessageResponse>;

export const sendContactMessageRoute = defineRoute({
  method: 'POST',
  path: '/contact',
  summary: 'Send a message to support',
  tag: 'contact',
  auth: true,
  body: ZSendContactMessageRequest,
  response: ZSendContactMessageResponse,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
});
