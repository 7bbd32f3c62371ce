import { z } from 'zod';
import { ZIsoDateTime, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

/**
 * Scheduling with other people on the Assistant screen (issue 32 point 6): the signed-in
 * person's requests in progress and those finished lately, and cancelling one. Requests are
 * started by text only; the screen shows them and can withdraw one (decision 570).
 */

/** What one person asked has answered so far, as code read it; null: no answer yet. */
export const ZSchedulingAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('picked'), slot: z.number().int().min(1) }),
  /** Another time, in the words of their reply (at most 80 characters). */
  z.object({ kind: z.literal('other_time'), when: z.string().max(80) }),
  z.object({ kind: z.literal('declined') }),
  z.object({ kind: z.literal('unclear') }),
]);
export type TSchedulingAnswer = z.infer<typeof ZSchedulingAnswer>;

export const ZSchedulingAttendee = z.object({
  /** The name the person knows them by, else null (then the address is shown). */
  name: z.string().nullable(),
  email: z.string(),
  answer: ZSchedulingAnswer.nullable(),
});
export type TSchedulingAttendee = z.infer<typeof ZSchedulingAttendee>;

/** A slot offered, numbered as the mail lists it; the screen writes it in the person's zone. */
export const ZSchedulingSlot = z.object({
  number: z.number().int().min(1),
  start: ZIsoDateTime,
  end: ZIsoDateTime,
  /** Passed or taken since it was offered: a pick of it is not booked. */
  withdrawn: z.boolean(),
});
export type TSchedulingSlot = z.infer<typeof ZSchedulingSlot>;

/**
 * Where a request stands and so what happens next:
 * - `proposed`: the slots wait for the person's YES by text; nothing has been sent.
 * - `asked`: the mail went out; a pick of an offered slot books it.
 * - `needs_person`: an answer was not a plain pick; the person was asked by text.
 * - `booked`: the event is (being) booked with the invitations.
 * - `cancelled`: withdrawn by the person; nothing more is sent or booked.
 * - `expired`: every slot passed without a pick.
 */
export const ZSchedulingStatus = z.enum([
  'proposed',
  'asked',
  'needs_person',
  'booked',
  'cancelled',
  'expired',
]);
export type TSchedulingStatus = z.infer<typeof ZSchedulingStatus>;

export const ZSchedulingRequest = z.object({
  id: z.string(),
  title: z.string(),
  durationMinutes: z.number().int().min(1),
  status: ZSchedulingStatus,
  attendees: z.array(ZSchedulingAttendee),
  slots: z.array(ZSchedulingSlot),
  /** The slot booked (status `booked`), else null. */
  booked: z.object({ start: ZIsoDateTime, end: ZIsoDateTime }).nullable(),
  /** True when the request is still open, so the person may cancel it. */
  cancellable: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TSchedulingRequest = z.infer<typeof ZSchedulingRequest>;

export const ZSchedulingRequestsResponse = z.object({ requests: z.array(ZSchedulingRequest) });
export type TSchedulingRequestsResponse = z.infer<typeof ZSchedulingRequestsResponse>;

export const listSchedulingRequestsRoute = defineRoute({
  method: 'GET',
  path: '/assistant/scheduling',
  summary:
    'The signed-in person’s scheduling requests: those in progress, then those finished in the last 7 days, newest first',
  tag: 'assistant',
  auth: true,
  response: ZSchedulingRequestsResponse,
  errors: ['UNAUTHORIZED'],
});

export const ZSchedulingRequestParams = z.object({ id: ZSingleLineText.min(1).max(64) });

export const cancelSchedulingRequestRoute = defineRoute({
  method: 'POST',
  path: '/assistant/scheduling/:id/cancel',
  summary:
    'Withdraws one of the signed-in person’s scheduling requests: nothing more is sent or booked for it (already cancelled: the same answer; NOT_FOUND when it is not theirs or is booked or expired)',
  tag: 'assistant',
  auth: true,
  params: ZSchedulingRequestParams,
  response: ZSchedulingRequestsResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});

export const SCHEDULING_REQUEST_ROUTES = [listSchedulingRequestsRoute, cancelSchedulingRequestRoute];
