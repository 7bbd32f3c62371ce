import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeRecord } from '../../providers/change-feed/feed-adapter';

/** What a consumer is handed: the records of one change, all of one person and connection or not. */
export type ChangeConsumer = (records: ChangeRecord[]) => Promise<void>;

/**
 * The change feed's hand-over point (issue 31): producers (the sample workspace today; the
 * providers' push and poll syncs next) publish typed change records, and the work that follows
 * changes (event reminders, follow-ups) consumes them. Consumers must be idempotent: the same
 * change may be published twice, and out of order, and each must do no harm the second time.
 */
export interface ChangeFeed {
  /** Registered by consumers while the app is built. */
  onChanges(consumer: ChangeConsumer): void;
  /**
   * Hands the records to every consumer in turn. A consumer's failure does not keep the others
   * from their records; the first failure is thrown once all have run, so the producer can retry.
   */
  publish(records: ChangeRecord[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

export const changeFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const consumers: ChangeConsumer[] = [];
    app.decorate('changeFeed', {
      onChanges: (consumer) => void consumers.push(consumer),
      publish: async (records) => {
        if (records.length === 0) return;
        const failures: unknown[] = [];
        for (const consumer of consumers) {
          try {
            await consumer(records);
          } catch (error) {
            app.log.error({ err: error }, 'a change consumer failed');
            failures.push(error);
          }
        }
        if (failures.length > 0) throw failures[0];
      },
    } satisfies ChangeFeed);
  },
  { name: 'change-feed' },
);
