import type { TUsage } from '@app/contract/billing/get-billing-info';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PlanPeriodSource, trialPlanPeriodSource } from './plan-period';
import { type UsageSummaryInput, usageSummary } from './usage-summary';

/** What other modules (billing's `GET /billing/info`) ask of usage. */
export interface UsageService {
  summary(input: UsageSummaryInput): Promise<TUsage>;
  /** Billing's plan and period for a person, or the trial's over the fallback period. */
  planPeriods: PlanPeriodSource;
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
 * plugin registered before this one (billing's), falling back to the trial default.
 */
export const usagePlugin = fp(
  async (app: FastifyInstance) => {
    const trial = trialPlanPeriodSource(app.usersRepo);
    if (!app.hasDecorator('planPeriodSource')) app.decorate('planPeriodSource', trial);
    const billing = app.planPeriodSource;
    // Someone billing has no running plan for is measured as on the trial, over the fallback period.
    const planPeriods: PlanPeriodSource = {
      current: async (userId, now) => (await billing.current(userId, now)) ?? trial.current(userId, now),
    };
    const deps = { repo: app.usageRepo, usersRepo: app.usersRepo, planPeriods, now: () => app.clock.now() };
    app.decorate('usage', {
      summary: (input) => usageSummary(deps, input),
      planPeriods,
    } satisfies UsageService);
  },
  { name: 'usage', dependencies: ['usage-repo', 'users-repo'] },
);
