import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UsageReport } from '../billing/usage-report';
import { usageDeps } from './deps';
import { usageSummary } from './usage-summary';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other modules (billing's `GET /billing/info`) ask of usage. */
    usage: UsageReport;
  }
}

/** Usage as a service for the rest of the app, measured against billing's plan period. */
export const usagePlugin = fp(
  async (app: FastifyInstance) => {
    const deps = usageDeps(app);
    app.decorate('usage', { summary: (input) => usageSummary(deps, input) } satisfies UsageReport);
  },
  { name: 'usage', dependencies: ['usage-repo', 'users-repo', 'billing-repo', 'mail-outbox', 'sms'] },
);
