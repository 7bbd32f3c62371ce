import { z } from 'zod';
import { ZIsoDateTime, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

/**
 * Follow-ups on mail on the Assistant screen (issue 30): the watches still running for the
 * signed-in person, and cancelling one. Set only by the person's texts.
 */
export const ZFollowUp = z.object({
  id: z.string(),
  /** Who is expected to answer: a name, else an address; null when unknown. */
  waitingFor: z.string().nullable(),
  subject: z.string(),
  /** When the watch began. */
  since: ZIsoDateTime,
  /** When the person is nudged if nobody answered; null: only a reply is told. */
  deadlineAt: ZIsoDateTime.nullable(),
});
export type TFollowUp = z.infer<typeof ZFollowUp>;

export const ZFollowUpsResponse = z.object({ followUps: z.array(ZFollowUp) });
export type TFollowUpsResponse = z.infer<typeof ZFollowUpsResponse>;

export const listFollowUpsRoute = defineRoute({
  method: 'GET',
  path: '/assistant/follow-ups',
  summary: 'The follow-ups on mail still waiting for a reply, oldest first',
  tag: 'assistant',
  auth: true,
  response: ZFollowUpsResponse,
  errors: ['UNAUTHORIZED'],
});

export const ZFollowUpParams = z.object({ id: ZSingleLineText.min(1).max(64) });

export const cancelFollowUpRoute = defineRoute({
  method: 'POST',
  path: '/assistant/follow-ups/:id/cancel',
  summary: 'Cancels one of the signed-in person’s follow-ups (NOT_FOUND when it is not waiting)',
  tag: 'assistant',
  auth: true,
  params: ZFollowUpParams,
  response: ZFollowUpsResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});

export const FOLLOW_UP_ROUTES = [listFollowUpsRoute, cancelFollowUpRoute];
