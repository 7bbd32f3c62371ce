import type { FastifyInstance } from 'fastify';
import { changeFeedDeps } from './deps';
import { googleHookRoutes } from './google-routes';
import { feedRenewJob } from './jobs';
import { type MicrosoftHookPort, microsoftHookRoutes } from './microsoft-routes';
import { openSecret, secretMatches } from './subscriptions';

/** The providers' webhook routes, all under `/v1/hooks/`. */
export async function hookRoutes(app: FastifyInstance) {
  const deps = changeFeedDeps(app);
  const microsoft: MicrosoftHookPort = {
    verify: async (externalId, clientState) => {
      const row = await deps.feedSubscriptionsRepo.findByExternalId('microsoft', externalId);
      if (!row || clientState === null || !secretMatches(deps, row, clientState)) return null;
      return { subscriptionId: row.id };
    },
    notify: (subscriptionId, marker) => app.changeFeed.notify(subscriptionId, marker),
    renew: async (subscriptionId, marker) => {
      await app.jobs.enqueue(app.db, feedRenewJob, {
        key: `feed.renew:${subscriptionId}:lifecycle:${marker}`,
        payload: { subscriptionId },
      });
    },
    // Graph ended it: subscribed again by the renewal (no external id: a new subscription), then synced.
    resubscribe: async (subscriptionId, marker) => {
      await deps.feedSubscriptionsRepo.update(subscriptionId, {
        external_id: null,
        updated_at: deps.clock.now().toISOString(),
      });
      await microsoft.renew(subscriptionId, marker);
      await app.changeFeed.notify(subscriptionId, marker);
    },
  };
  await app.register(
    async (scope) => {
      await microsoftHookRoutes(scope, microsoft);
      await googleHookRoutes(scope, {
        calendarChannel: async (channelId) => {
          const row = await deps.feedSubscriptionsRepo.findByChannelId(channelId);
          const secret =
            row && row.provider === 'google' && row.resource === 'calendar' ? openSecret(deps, row) : null;
          return row && secret !== null
            ? { subscriptionId: row.id, secret, externalId: row.external_id }
            : null;
        },
        // Gmail's subscription is found by the mailbox's address, kept lower-cased as its external id.
        mailbox: async (emailAddress) => {
          const row = await deps.feedSubscriptionsRepo.findByExternalId('google', emailAddress.toLowerCase());
          return row?.resource === 'mail' ? { subscriptionId: row.id } : null;
        },
        notify: (subscriptionId, marker) => app.changeFeed.notify(subscriptionId, marker),
      });
    },
    { prefix: '/v1/hooks' },
  );
}
