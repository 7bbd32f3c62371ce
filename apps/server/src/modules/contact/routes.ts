import { sendContactMessageRoute } from '@app/contract/contact/send-contact-message';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { contactDeps } from './deps';
import { sendContactMessage } from './send-contact-message';

export async function contactRoutes(app: FastifyInstance) {
  const deps = contactDeps(app);
  registerRoute(app, sendContactMessageRoute, async (req) =>
    sendContactMessage(deps, { ...req.body, user: requireAuth(req).user, language: requestLanguage(req) }),
  );
}
