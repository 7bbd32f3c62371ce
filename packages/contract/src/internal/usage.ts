import { z } from 'zod';
import { singleLine, ZIsoDateTime } from '../common';
import { defineRoute } from '../http';

/**
 * One model call's token use, reported by the assistant service (design §7, §8). The assistant
 * already holds the person's id from `GET /internal/users/by-phone/:e164`; the id is the key
 * because a phone number can move to another account, a usage event must not.
 */
export const MAX_TOKENS_PER_EVENT = 1_000_000;
/** How far back an event may be dated: a month's retries, and no rewriting of older periods. */
export const USAGE_EVENT_MAX_AGE_DAYS = 35;
/** Clock skew tolerated between the assistant's host and ours. */
export const USAGE_EVENT_MAX_SKEW_SECONDS = 300;

export const ZRecordUsageRequest = z
  .object({
    userId: z.string().min(1).max(64),
    tokens: z.number().int().positive().max(MAX_TOKENS_PER_EVENT),
    /** Unique per person: a retry with the same key is answered 200 and not counted again. */
    idempotencyKey: singleLine(z.string().min(1).max(200)),
    /** When the tokens were used; decides the hour, the day and the billing period they count in. */
    occurredAt: ZIsoDateTime,
  })
  .meta({ id: 'RecordUsageRequest' });
export type TRecordUsageRequest = z.infer<typeof ZRecordUsageRequest>;

export const ZRecordUsageResponse = z.object({
  eventId: z.string(),
  /** True when this key was already recorded: nothing was counted this time. */
  duplicate: z.boolean(),
});
export type TRecordUsageResponse = z.infer<typeof ZRecordUsageResponse>;

export const recordUsageRoute = defineRoute({
  method: 'POST',
  path: '/internal/usage',
  summary: 'Records token use of one assistant call, once per idempotency key',
  tag: 'internal',
  auth: 'service',
  body: ZRecordUsageRequest,
  response: ZRecordUsageResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT'],
});
