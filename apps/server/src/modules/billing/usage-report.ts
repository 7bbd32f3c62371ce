import type { TUsage } from '@app/contract/billing/get-billing-info';
import type { UserRow } from '../users/repo';

/**
 * The seam between billing and usage: billing/info asks it for a user's usage in the current
 * period (the usage module learns the period from billing's `planPeriodSource`). Wired to the
 * usage module in the routes; the fallback serves an app built without it.
 */
export interface UsageReport {
  forUser(input: {
    userId: string;
    timeZone?: string;
    /** The signed-in user's row, so usage does not read it again. */
    user?: UserRow;
    /** Billing's plan and period (null: none running), so usage does not ask billing again. */
    billingPlan?: { planTokens: number; periodStart: Date; periodEnd: Date } | null;
    /** The instant billing described the subscription at: one per request. */
    now?: Date;
  }): Promise<TUsage>;
}

export function fallbackUsageReport(countIntegrations: (userId: string) => Promise<number>): UsageReport {
  return {
    forUser: async ({ userId }) => ({
      tokens: 0,
      integrations: await countIntegrations(userId),
      storage: 0,
      dailyUsage: {},
    }),
  };
}
