import type { TUsage } from '@app/contract/billing/get-billing-info';

/**
 * The seam between billing and usage: billing/info asks it for a user's usage in the current
 * period (the usage module learns the period from billing's `planPeriodSource`). Wired to the
 * usage module in the routes; the fallback serves an app built without it.
 */
export interface UsageReport {
  forUser(input: { userId: string; timeZone?: string }): Promise<TUsage>;
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
