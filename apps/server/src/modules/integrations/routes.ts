import { ZProvider } from '@app/contract/common';
import { disableServiceRoute } from '@app/contract/integrations/disable-service';
import { disconnectAccountRoute, disconnectByProviderRoute } from '@app/contract/integrations/disconnect';
import { enableServiceRoute } from '@app/contract/integrations/enable-service';
import { getIntegrationsStatusRoute } from '@app/contract/integrations/get-integrations-status';
import { getPermissionsRoute } from '@app/contract/integrations/get-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { requestOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { integrationsDeps } from './deps';
import { disconnect } from './disconnect';
import { getIntegrationsStatus } from './get-integrations-status';
import { getPermissions } from './get-permissions';
import { setServiceEnabled } from './set-service-enabled';

/** Spec §7's integrations calls; every one reads only the signed-in user's connections. */
export async function integrationsRoutes(app: FastifyInstance) {
  const deps = integrationsDeps(app);
  const who = (req: FastifyRequest) => ({ userId: requireAuth(req).user.id, language: requestLanguage(req) });

  registerRoute(app, getIntegrationsStatusRoute, async (req) => getIntegrationsStatus(deps, who(req)));
  registerRoute(app, getPermissionsRoute, async (req) => getPermissions(deps, who(req)));
  registerRoute(app, enableServiceRoute, async (req) =>
    setServiceEnabled(deps, { ...who(req), ...req.body, enabled: true }),
  );
  registerRoute(app, disableServiceRoute, async (req) =>
    setServiceEnabled(deps, { ...who(req), ...req.body, enabled: false }),
  );
  registerRoute(app, disconnectAccountRoute, async (req) => {
    const provider = ZProvider.safeParse(req.params.account);
    return disconnect(deps, {
      ...who(req),
      account: provider.success ? { provider: provider.data } : { connectionId: req.params.account },
      provider: req.query.provider,
      service: req.query.service,
      origin: requestOrigin(req),
      log: req.log,
    });
  });
  registerRoute(app, disconnectByProviderRoute, async (req) =>
    disconnect(deps, {
      ...who(req),
      account: { provider: req.query.provider },
      origin: requestOrigin(req),
      log: req.log,
    }),
  );
}
