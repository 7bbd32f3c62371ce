import { getActivityRoute } from '@app/contract/account/activity';
import { DELETES_PER_HOUR, deleteAccountRoute } from '@app/contract/account/delete-account';
import { EXPORTS_PER_HOUR, exportAccountRoute } from '@app/contract/account/export';
import {
  listSessionsRoute,
  revokeOtherSessionsRoute,
  revokeSessionRoute,
} from '@app/contract/account/sessions';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { requestOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { perSessionLimit } from '../../lib/session-rate-limit';
import { requireAuth } from '../../plugins/authenticate';
import { getActivity } from './activity';
import { deleteAccount } from './delete-account';
import { accountDeps } from './deps';
import { exportAccount } from './export-account';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';

const HOUR = 60 * 60 * 1000;

/** The account screen: devices and sessions, security activity, the data export, deletion. */
export async function accountRoutes(app: FastifyInstance) {
  const deps = accountDeps(app);

  registerRoute(app, listSessionsRoute, async (req) => {
    const { user, session } = requireAuth(req);
    return { sessions: await listSessions(deps, { userId: user.id, currentSessionId: session.id }) };
  });

  registerRoute(app, revokeSessionRoute, async (req) => {
    await revokeSession(deps, {
      userId: requireAuth(req).user.id,
      sessionId: req.params.id,
      language: requestLanguage(req),
      origin: requestOrigin(req),
    });
    return { success: true as const };
  });

  registerRoute(app, revokeOtherSessionsRoute, async (req) => {
    const { user, session } = requireAuth(req);
    return revokeOtherSessions(deps, {
      userId: user.id,
      currentSessionId: session.id,
      origin: requestOrigin(req),
    });
  });

  registerRoute(app, getActivityRoute, async (req) => ({
    events: await getActivity(deps, { userId: requireAuth(req).user.id }),
  }));

  registerRoute(
    app,
    exportAccountRoute,
    async (req, reply) => {
      const { user, session } = requireAuth(req);
      const data = await exportAccount(deps, {
        user,
        currentSessionId: session.id,
        origin: requestOrigin(req),
      });
      // Saved as a file when opened directly (curl, a link); the web saves it itself.
      reply.header(
        'Content-Disposition',
        `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      return data;
    },
    { rateLimit: perSessionLimit('account-export', EXPORTS_PER_HOUR, HOUR) },
  );

  registerRoute(
    app,
    deleteAccountRoute,
    async (req) =>
      deleteAccount(deps, { user: requireAuth(req).user, language: requestLanguage(req), log: req.log }),
    { rateLimit: perSessionLimit('account-delete', DELETES_PER_HOUR, HOUR) },
  );
}
