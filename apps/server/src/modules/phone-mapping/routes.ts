import { getPhoneMappingRoute } from '@app/contract/phone-mapping/get-phone-mapping';
import { setPhoneMappingRoute } from '@app/contract/phone-mapping/set-phone-mapping';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { requestOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { perSessionLimit } from '../../lib/session-rate-limit';
import { requireAuth } from '../../plugins/authenticate';
import { phoneMappingDeps } from './deps';
import { linkPhoneNumber, phoneMapping } from './link-phone-number';

const HOUR = 60 * 60 * 1000;

/**
 * Per session: each try says whether a number is taken, so one person may not probe many
 * numbers. The code system's own per-number limits still apply underneath.
 */
const LINK_RATE_LIMIT = perSessionLimit('phone-link', 20, HOUR);

export async function phoneMappingRoutes(app: FastifyInstance) {
  const deps = phoneMappingDeps(app);
  registerRoute(app, getPhoneMappingRoute, async (req) => phoneMapping(requireAuth(req).user));

  registerRoute(
    app,
    setPhoneMappingRoute,
    async (req) =>
      linkPhoneNumber(deps, {
        ...req.body,
        user: requireAuth(req).user,
        language: requestLanguage(req),
        origin: requestOrigin(req),
      }),
    { rateLimit: LINK_RATE_LIMIT },
  );
}
