import { getAppConfigRoute } from '@app/contract/app/get-app-config';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';

export async function appConfigRoutes(app: FastifyInstance) {
  const body = {
    productName: app.config.productName,
    supportEmail: app.config.supportEmail,
    chatSmsNumber: app.config.chatSmsNumber,
    standIns: app.ports.standIns(),
    payments: { publishableKey: null, starterPriceId: null },
  };
  registerRoute(app, getAppConfigRoute, async () => body);
}
