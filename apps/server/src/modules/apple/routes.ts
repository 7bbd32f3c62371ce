import { connectAppleRoute } from '@app/contract/apple/connect-apple';
import { appleEventsRoute } from '@app/contract/apple/list-apple-events';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { requestOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { connectApple } from './connect-apple';
import { appleDeps } from './deps';
import { listAppleEvents } from './list-apple-events';

export async function appleRoutes(app: FastifyInstance) {
  const deps = appleDeps(app);

  registerRoute(
    app,
    connectAppleRoute,
    async (req) =>
      connectApple(deps, {
        userId: requireAuth(req).user.id,
        ...req.body,
        language: requestLanguage(req),
        origin: requestOrigin(req),
        log: req.log,
      }),
    // Each try is a password guess against the person's Apple ID (and Apple locks accounts
    // that see too many): twenty an hour per address is plenty for typos.
    { rateLimit: { max: 20, timeWindow: 60 * 60 * 1000 } },
  );

  registerRoute(app, appleEventsRoute, async (req) =>
    listAppleEvents(deps, {
      userId: requireAuth(req).user.id,
      ...req.query,
      language: requestLanguage(req),
      log: req.log,
    }),
  );
}
