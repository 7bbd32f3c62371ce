import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changeFeedDeps } from './deps';
import { feedRenewJob } from './jobs';
import { type MicrosoftHookPort, microsoftHookRoutes } from './microsoft-routes';
import { secretMatches } from './subscriptions';

/** A webhook body is read as text, whatever its type, and no larger than this. */
const HOOK_BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** A webhook's body as it arrived (routes under /v1/hooks/ only): verified before it is parsed. */
    rawBody: string;
  }
}

/**
 * One provider's webhook under `/v1/hooks/` (issue 31): its own scope where every body arrives as
 * text (an empty handshake body, a JSON notification, a Pub/Sub push alike), at most 1 MB. The
 * handler verifies, stores a job and answers 2xx at once; the sync runs from the job queue.
 */
export async function registerHook(
  app: FastifyInstance,
  hook: { path: string; handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT },
      (request, body, done) => {
        request.rawBody = String(body);
        done(null, body);
      },
    );
    // Not a call of the contract (a provider's format, verified by the handler): out of the docs.
    // Providers post in bursts (a calendar's whole day moved): a limit per address, not per person.
    const options = { schema: { hide: true }, config: { rateLimit: { max: 600, timeWindow: 60_000 } } };
    scope.post(`/${hook.path}`, options, async (request, reply) => {
      request.rawBody ??= '';
      return hook.handler(request, reply);
    });
  });
}

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
  await app.register(async (scope) => microsoftHookRoutes(scope, microsoft), { prefix: '/v1/hooks' });
}
