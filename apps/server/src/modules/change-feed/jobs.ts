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
