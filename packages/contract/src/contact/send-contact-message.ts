import { z } from 'zod';
import { ZMultiLineText, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

export const CONTACT_PRIORITIES = ['low', 'medium', 'high'] as const;
export const ZContactPriority = z.enum(CONTACT_PRIORITIES);

/** Limits of the contact form, after trimming; the web's form reads them from here. */
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export const ZSendContactMessageRequest = z.object({
  subject: ZSingleLineText.trim()
    .min(1, 'Subject is required')
    .max(CONTACT_SUBJECT_MAX, `Subject is at most ${CONTACT_SUBJECT_MAX} characters`),
  message: ZMultiLineText.trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX, `Message is at most ${CONTACT_MESSAGE_MAX.toLocaleString('en')} characters`),
  priority: ZContactPriority.default('medium'),
  /**
   * Honeypot: hidden from people, filled in by bots. Non-empty means silently dropped, so it
   * takes anything (no single-line rule): a bot must get the normal answer, not a 400.
   */
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
