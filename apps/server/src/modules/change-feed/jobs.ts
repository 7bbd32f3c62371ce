import { z } from 'zod';
import { defineJob } from '../../lib/jobs/definition';

/** One sync of a subscription, for a provider's notification (keyed by its marker) or a poll. */
export interface FeedSyncJob {
  subscriptionId: string;
  marker: string;
}
export const feedSyncJob = defineJob<FeedSyncJob>({
  kind: 'feed.sync',
  payload: z.object({ subscriptionId: z.string(), marker: z.string() }),
});

/** The key of a sync: a notification's marker delivered twice is one job. */
export function feedSyncKey(subscriptionId: string, marker: string): string {
  return `feed.sync:${subscriptionId}:${marker}`;
}

/** Renews a push subscription before it lapses (and retries a failed push with back-off). */
export interface FeedSubscriptionJob {
  subscriptionId: string;
}
const subscriptionPayload = z.object({ subscriptionId: z.string() });
export const feedRenewJob = defineJob<FeedSubscriptionJob>({
  kind: 'feed.renew',
  payload: subscriptionPayload,
});
/** Syncs a polled feed (CalDAV, or a push that lapsed) and schedules the next poll. */
export const feedPollJob = defineJob<FeedSubscriptionJob>({
  kind: 'feed.poll',
  payload: subscriptionPayload,
});

/** Starts the feeds of a connection just connected (its calendars, its mailbox), from the queue. */
export interface FeedConnectJob {
  connectionId: string;
}
export const feedConnectJob = defineJob<FeedConnectJob>({
  kind: 'feed.connect',
  payload: z.object({ connectionId: z.string() }),
});

/**
 * Starts the feeds of connections made before the change feed existed (decision 506): a batch of
 * connections without a subscription after `after` (by id), then the next batch as a new job.
 * Keyed by the day and the position, so instances booting together run one walk.
 */
export interface FeedBackfillJob {
  after: string;
}
export const feedBackfillJob = defineJob<FeedBackfillJob>({
  kind: 'feed.backfill',
  payload: z.object({ after: z.string() }),
});
