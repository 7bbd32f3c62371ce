import type { FastifyInstance } from 'fastify';
import {
  calendarChannelId,
  googleKeys,
  type PubSubConfig,
  verifyCalendarNotice,
  verifyGmailPush,
} from '../../providers/change-feed/google-push';
import { registerHook } from './register-hook';

/** What the Google hooks need of the change-feed core. */
export interface GoogleHookPort {
  /** The Calendar subscription with this channel id, its secret unsealed; null when there is none. */
  calendarChannel(
    channelId: string,
  ): Promise<{ subscriptionId: string; secret: string; externalId: string | null } | null>;
  /** The Gmail subscription of this mailbox; null when there is none. */
  mailbox(emailAddress: string): Promise<{ subscriptionId: string } | null>;
  /** A verified notification: a `feed.sync` job, deduplicated by marker. */
  notify(subscriptionId: string, marker: string): Promise<void>;
}

/**
 * `POST /v1/hooks/google/calendar` (an events.watch channel's notifications) and
 * `POST /v1/hooks/google/gmail` (Gmail's Pub/Sub push), decision 476. Each is verified before
 * anything is stored: the channel's token in constant time and its resource id, or the push's
 * OIDC token (jose: Google's keys, issuer, audience, the service account). A verified one is a
 * sync job at once, answered 2xx; the handshake ('sync') is answered and syncs nothing. Forged:
 * 401 or 403 (an unknown channel 404), nothing stored.
 */
export async function googleHookRoutes(app: FastifyInstance, port: GoogleHookPort): Promise<void> {
  await registerHook(app, {
    path: 'google/calendar',
    handler: async (request, reply) => {
      const channelId = calendarChannelId(request.headers);
      const channel = channelId ? await port.calendarChannel(channelId) : null;
      if (!channel) return reply.code(404).send();
      const notice = verifyCalendarNotice(request.headers, channel);
      if (!notice.ok) return reply.code(notice.reason === 'forged' ? 403 : 400).send();
      if (!notice.handshake) await port.notify(channel.subscriptionId, notice.marker);
      return reply.code(200).send();
    },
  });
  const pubsub = app.config.workspaceApis.google.pubsub;
  if (!pubsub) return;
  const config: PubSubConfig = {
    audience: pubsub.audience,
    serviceAccount: pubsub.serviceAccount,
    keys: googleKeys(pubsub.jwksUrl),
  };
  await registerHook(app, {
    path: 'google/gmail',
    handler: async (request, reply) => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        body = null;
      }
      const notice = await verifyGmailPush(request.headers.authorization, body, config);
      if (!notice.ok)
        return reply
          .code(notice.reason === 'unauthenticated' ? 401 : notice.reason === 'forged' ? 403 : 400)
          .send();
      const mailbox = await port.mailbox(notice.emailAddress);
      // Acknowledged either way: a mailbox no longer followed is not worth Pub/Sub's redelivery.
      if (mailbox) await port.notify(mailbox.subscriptionId, notice.marker);
      return reply.code(204).send();
    },
  });
}
