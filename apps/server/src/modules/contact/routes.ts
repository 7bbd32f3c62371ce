import { sendContactMessageRoute } from '@app/contract/contact/send-contact-message';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { describeConnections } from '../integrations/describe-connections';
import { sendContactMessage } from './send-contact-message';

export async function contactRoutes(app: FastifyInstance) {
  registerRoute(app, sendContactMessageRoute, async (req) =>
    sendContactMessage(
      {
        repo: app.contactRepo,
        outbox: app.mailOutbox,
        transaction: app.transaction,
        supportEmail: app.config.supportEmail,
        productName: app.config.productName,
        now: () => app.clock.now(),
        // The plan reads "none yet" until the billing module lands.
        describeAccount: async (userId) => ({
          plan: 'none yet (no subscription)',
          providers: await describeConnections({ repo: app.connectionsRepo }, { userId }),
        }),
        afterCommit: () => app.mailWorker.kick(),
      },
      { ...req.body, user: requireAuth(req).user, language: requestLanguage(req) },
    ),
  );
}
