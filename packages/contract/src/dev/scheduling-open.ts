import { z } from 'zod';
import { defineRoute } from '../http';

/**
 * The simulated phone's scheduling control (issue 32 point 7, decision 572): the linked person's
 * latest request waiting on answers, so the page offers the sample person's answers only then.
 */
export const ZSchedulingOpenQuery = z.object({
  phone: z.string().regex(/^\+[1-9][0-9]{1,14}$/, 'An E.164 number such as +14155550100'),
});

export const ZSchedulingOpenResponse = z.object({
  request: z
    .object({
      id: z.string(),
      title: z.string(),
      /** Who answers (the request's first attendee), as the person knows them. */
      who: z.string(),
      /** How many slots were offered (the picks the control offers). */
      slots: z.number().int().min(0),
    })
    .nullable(),
});
export type TSchedulingOpenResponse = z.infer<typeof ZSchedulingOpenResponse>;

export const devSchedulingOpenRoute = defineRoute({
  method: 'GET',
  path: '/dev/sample/scheduling-open',
  summary: 'The person’s latest scheduling request waiting on answers, for the simulated phone',
  tag: 'dev',
  auth: false,
  query: ZSchedulingOpenQuery,
  response: ZSchedulingOpenResponse,
  errors: ['NOT_FOUND'],
});

/**
 * Seeds a scheduling request already sent to the sample workspace's first contact, with three
 * slots on the coming days (decision 572): the screen's card can be seen and cancelled before a
 * request is made by text. Its thread is not in the sample mailbox, so nobody can answer it.
 */
export const ZSchedulingSeedRequest = z.object({
  phone: z.string().regex(/^\+[1-9][0-9]{1,14}$/, 'An E.164 number such as +14155550100'),
});
export const ZSchedulingSeedResponse = z.object({ requestId: z.string() });

export const devSchedulingSeedRoute = defineRoute({
  method: 'POST',
  path: '/dev/sample/scheduling-seed',
  summary: 'Seeds a sent scheduling request for the person (the screen’s card, offline)',
  tag: 'dev',
  auth: false,
  body: ZSchedulingSeedRequest,
  response: ZSchedulingSeedResponse,
  errors: ['NOT_FOUND'],
});
