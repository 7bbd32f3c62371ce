import type { TUsage } from '@app/contract/billing/get-billing-info';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PlanPeriodSource, trialPlanPeriodSource } from './plan-period';
import { type UsageSummaryInput, usageSummary } from './usage-summary';

/** What other modules (billing's `GET /billing/info`) ask of usage. */
export interface UsageService {
  summary(input: UsageSummaryInput): Promise<TUsage>;
}

declare module 'fastify' {
  interface FastifyInstance {
    usage: UsageService;
    /** The plan and period usage is measured against; billing decorates the real one first. */
    planPeriodSource: PlanPeriodSource;
  }
}

/**
 * Usage as a service for the rest of the app. Keeps a `planPeriodSource` already decorated by a
 * plugin registered before this one (billing's), otherwise puts in the trial default.
 */
export const usagePlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.hasDecorator('planPeriodSource')) {
      app.decorate('planPeriodSource', trialPlanPeriodSource(app.usageRepo));
    }
    const deps = { repo: app.usageRepo, planPeriods: app.planPeriodSource, now: () => app.clock.now() };
    app.decorate('usage', { summary: (input) => usageSummary(deps, input) } satisfies UsageService);
  },
  { name: 'usage', dependencies: ['usage-repo'] },
);
