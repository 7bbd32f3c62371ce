import type { FastifyInstance } from 'fastify';
import { type BuiltPort, portPlugin } from '../port';
import { LocalPayments } from './local';
import type { PaymentsProvider } from './payments';

/** Stripe when its key is set (with the webhook secret and Starter price); otherwise the stand-in. */
export async function buildPayments(app: FastifyInstance): Promise<BuiltPort<PaymentsProvider>> {
  const { config } = app;
  if (config.stripe) {
    // Loaded only with Stripe configured: the SDK is a large module tree the stand-in never needs.
    const { StripePayments } = await import('./stripe');
    return { port: 'payments', adapter: new StripePayments(config.stripe), standIn: false, vendor: 'stripe' };
  }
  return {
    port: 'payments',
    adapter: new LocalPayments({
      repo: app.localPaymentsRepo,
      transaction: app.transaction,
      publicUrl: config.publicUrl,
      now: () => app.clock.now(),
    }),
    standIn: true,
    vendor: 'local',
    missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_STARTER_PRICE_ID'],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsProvider;
  }
}

export const paymentsPort = portPlugin('payments', buildPayments, ['db', 'local-payments-repo']);
