import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exponentialBackoff } from '../../lib/jobs/worker';
import type { ChangeRecord } from '../../providers/change-feed/feed-adapter';
import { changeFeedDeps } from './deps';
import { feedSyncJob, feedSyncKey } from './jobs';
import { syncSubscription } from './sync';

export type ChangeConsumer = (records: ChangeRecord[]) => Promise<void>;

/** The change feed as the rest of the server sees it (issue 31). */
export interface ChangeFeed {
  /**
   * Registered by consumers at plugin time. Called with the records of one sync (from the
   * `feed.sync` job; a throw retries the job), so consumers must be idempotent: duplicates and
   * out-of-order deliveries are harmless.
   */
  onChanges(consumer: ChangeConsumer): void;
  /** In-process emit (the sample workspace's changes); runs the consumers. */
  publish(records: ChangeRecord[]): Promise<void>;
  /**
   * A verified provider notification for a subscription: stored as a `feed.sync` job at once
   * (deduplicated by `marker`), processed from the queue.
   */
  notify(subscriptionId: string, marker: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

/**
 * The change feed (issue 31): provider notifications become durable `feed.sync` jobs; a sync
 * reads what changed since the subscription's cursor and hands the records to the consumers.
 */
export const changeFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = changeFeedDeps(app);
    const consumers: ChangeConsumer[] = [];
    const deliver = async (records: ChangeRecord[]) => {
      if (records.length === 0) return;
      for (const consumer of consumers) await consumer(records);
    };
    const feed: ChangeFeed = {
      onChanges: (consumer) => void consumers.push(consumer),
      publish: deliver,
      notify: async (subscriptionId, marker) => {
        await app.jobs.enqueue(app.db, feedSyncJob, {
          key: feedSyncKey(subscriptionId, marker),
          payload: { subscriptionId, marker },
        });
      },
    };
    app.decorate('changeFeed', feed);
    app.jobs.worker.register(
      feedSyncJob,
      async (job) => deliver(await syncSubscription(deps, job.payload.subscriptionId)),
      { maxAttempts: 5, backoff: exponentialBackoff(5000, 5 * 60_000), leaseMs: 60_000, maxRunning: 4 },
    );
  },
  {
    name: 'change-feed',
    dependencies: ['jobs', 'feed-subscriptions-repo', 'connections', 'users-repo', 'workspace-adapters'],
  },
);
