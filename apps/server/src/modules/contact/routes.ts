import { sendContactMessageRoute } from '@app/contract/contact/send-contact-message';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { describePlan } from '../billing/describe-plan';
import { describeConnections } from '../integrations/describe-connections';
import { sendContactMessage } from './send-contact-message';

export async function contactRoutes(app: FastifyInstance) {
  registerRoute(app, sendContactMessageRoute, async (req) =>
    sendContactMessage(
      {
        repo: app.contactRepo,
        usersRepo: app.usersRepo,
        outbox: app.mailOutbox,
        transaction: app.transaction,
        supportEmail: app.config.supportEmail,
        productName: app.config.productName,
        now: () => app.clock.now(),
        describeAccount: async (userId) => ({
          plan: await describePlan({ repo: app.billingRepo, now: () => app.clock.now() }, userId),
          providers: await describeConnections({ repo: app.connectionsRepo }, { userId }),
        }),
        afterCommit: () => app.mailWorker.kick(),
      },
      { ...req.body, user: requireAuth(req).user, language: requestLanguage(req) },
    ),
  );
}
