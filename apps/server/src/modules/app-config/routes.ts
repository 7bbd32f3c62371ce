import {
  getAppConfigRoute,
  STAND_IN_SERVICES,
  type TAppConfigResponse,
} from '@app/contract/app/get-app-config';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';

/** The public runtime settings: answered at GET /v1/config and written into the page itself. */
export function publicAppConfig(app: FastifyInstance): TAppConfigResponse {
  return {
    productName: app.config.productName,
    supportEmail: app.config.supportEmail,
    chatSmsNumber: app.config.chatSmsNumber,
    // In the contract's order, whatever order the adapters were built in: the banner drawn at
    // build time (apps/web/src/prerender.tsx) names them in that order too.
    standIns: [...app.ports.standIns()].sort(
      (a, b) => STAND_IN_SERVICES.indexOf(a) - STAND_IN_SERVICES.indexOf(b),
    ),
    // The price the server charges for Starter (Stripe's, or the stand-in's); the page may echo it back.
    payments: {
      publishableKey: app.config.stripePublishableKey ?? null,
      starterPriceId: app.payments.starterPriceId,
    },
  };
}

export async function appConfigRoutes(app: FastifyInstance) {
  const body = publicAppConfig(app);
  registerRoute(app, getAppConfigRoute, async () => body);
}
