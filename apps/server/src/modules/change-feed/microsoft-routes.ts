import type { FastifyInstance } from 'fastify';
import {
  type GraphNotice,
  graphValidationToken,
  parseGraphNotifications,
} from '../../providers/change-feed/graph-push';
import { registerHook } from './register-hook';

/**
 * What the Microsoft hook needs of the change-feed core. The core implements it over its
 * subscriptions repo and job queue; the route itself holds no state.
 */
export interface MicrosoftHookPort {
  /**
   * The subscription Graph calls `externalId` when `clientState` is its secret (compared in
   * constant time, e.g. with `clientStateMatches`), else null: unknown and forged look the same.
   */
  verify(externalId: string, clientState: string | null): Promise<{ subscriptionId: string } | null>;
  /** A change or `missed`: a `feed.sync` job, deduplicated by marker. */
  notify(subscriptionId: string, marker: string): Promise<void>;
  /** `reauthorizationRequired`: renew the subscription now (a job, like a sync). */
  renew(subscriptionId: string, marker: string): Promise<void>;
  /** `subscriptionRemoved`: subscribe again, then sync. */
  resubscribe(subscriptionId: string, marker: string): Promise<void>;
}

/**
 * `POST /v1/hooks/microsoft`: Graph's notification and lifecycle URL (decision 482). The
 * handshake is echoed as text/plain; notifications are answered 202 once stored as jobs, forged
 * ones included (nothing is enqueued for them and nothing about them is told).
 */
export async function microsoftHookRoutes(app: FastifyInstance, port: MicrosoftHookPort): Promise<void> {
  // The core's webhook scope: the body as text (an empty handshake body is no error), 1 MB, rate-limited.
  await registerHook(app, {
    path: 'microsoft',
    handler: async (request, reply) => {
      const token = graphValidationToken(request.query);
      if (token !== null) return reply.code(200).type('text/plain; charset=utf-8').send(token);
      let body: unknown = null;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        body = null;
      }
      for (const notice of parseGraphNotifications(body)) await act(port, notice);
      return reply.code(202).send();
    },
  });
}

async function act(port: MicrosoftHookPort, notice: GraphNotice): Promise<void> {
  const found = await port.verify(notice.subscriptionId, notice.clientState);
  if (!found) return;
  if (notice.kind === 'renew') await port.renew(found.subscriptionId, notice.marker);
  else if (notice.kind === 'resubscribe') await port.resubscribe(found.subscriptionId, notice.marker);
  else await port.notify(found.subscriptionId, notice.marker);
}
