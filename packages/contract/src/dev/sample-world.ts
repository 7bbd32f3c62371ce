import { z } from 'zod';
import { ZMultiLineText, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

/**
 * The world moving in local mode (issue 30, part 7): a change to the sample workspace of the
 * person with this number, so follow-ups and reminders can be seen offline and tests can drive
 * them. Loopback only, like every dev route, and only while the workspace is a stand-in.
 */
export const ZSampleChange = z.discriminatedUnion('kind', [
  /** "Sam replies to the last thread": a reply in the thread of the last mail with that contact. */
  z.object({
    kind: z.literal('reply'),
    who: ZSingleLineText.trim().min(1).max(100),
    text: ZMultiLineText.min(1).max(2000).optional(),
  }),
  /** A new mail from a contact, in a thread of its own. */
  z.object({
    kind: z.literal('mail'),
    who: ZSingleLineText.trim().min(1).max(100),
    subject: ZSingleLineText.trim().min(1).max(200).optional(),
    text: ZMultiLineText.min(1).max(2000).optional(),
  }),
  /** One of the person's events an hour later, or cancelled: the one named, else the next one. */
  z.object({
    kind: z.literal('event'),
    change: z.enum(['later', 'cancel']),
    eventId: ZSingleLineText.max(200).optional(),
  }),
]);
export type TSampleChange = z.infer<typeof ZSampleChange>;

export const ZSampleChangeRequest = z.object({
  phone: z.string().regex(/^\+[1-9][0-9]{1,14}$/, 'An E.164 number such as +14155550100'),
  change: ZSampleChange,
});
export type TSampleChangeRequest = z.infer<typeof ZSampleChangeRequest>;

export const ZSampleChangeResponse = z.object({
  /** The mail that arrived, or the event that changed. */
  id: z.string(),
  threadId: z.string().nullable(),
  /** Who sent the mail, or the event's title. */
  name: z.string(),
  /** The mail's subject, or the event's new start (ISO); null when the event was cancelled. */
  detail: z.string().nullable(),
});
export type TSampleChangeResponse = z.infer<typeof ZSampleChangeResponse>;

export const devSampleChangeRoute = defineRoute({
  method: 'POST',
  path: '/dev/sample/change',
  summary: "Delivers a mail into a person's sample mailbox or changes one of their sample events",
  tag: 'dev',
  auth: false,
  body: ZSampleChangeRequest,
  response: ZSampleChangeResponse,
  errors: ['NOT_FOUND'],
});

/**
 * A sample person answers a scheduling request (issue 32): the request's first attendee replies
 * in its thread, so the loop runs offline. `none`: no reply (the chase's case), nothing changes.
 */
export const ZSchedulingReplyRequest = z.object({
  phone: z.string().regex(/^\+[1-9][0-9]{1,14}$/, 'An E.164 number such as +14155550100'),
  /** The request; absent: the person's latest one waiting on answers. */
  requestId: ZSingleLineText.max(64).optional(),
  answer: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('pick'), slot: z.number().int().min(1).max(10) }),
    z.object({ kind: z.literal('other_time'), text: ZMultiLineText.min(1).max(2000).optional() }),
    z.object({ kind: z.literal('decline') }),
    z.object({ kind: z.literal('none') }),
    /** Any words, for tests and evals (an injection among them). */
    z.object({ kind: z.literal('text'), text: ZMultiLineText.min(1).max(2000) }),
  ]),
});
export type TSchedulingReplyRequest = z.infer<typeof ZSchedulingReplyRequest>;

export const ZSchedulingReplyResponse = z.object({
  requestId: z.string(),
  /** The reply that arrived; null for `none`. */
  id: z.string().nullable(),
  threadId: z.string(),
  text: z.string().nullable(),
});
export type TSchedulingReplyResponse = z.infer<typeof ZSchedulingReplyResponse>;

export const devSchedulingReplyRoute = defineRoute({
  method: 'POST',
  path: '/dev/sample/scheduling-reply',
  summary: 'Makes a sample person answer a scheduling request in its thread',
  tag: 'dev',
  auth: false,
  body: ZSchedulingReplyRequest,
  response: ZSchedulingReplyResponse,
  errors: ['NOT_FOUND'],
});
