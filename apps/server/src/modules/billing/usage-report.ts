import type { TUsage } from '@app/contract/billing/get-billing-info';

/**
 * The seam between billing and usage: billing/info asks it for a user's usage in the current
 * period. The usage module (issue 10 item 4) provides the real one by decorating the app with
 * `usageReport`; until then the fallback reports no tokens and the connected-integrations count.
 */
export interface UsageReport {
  forPeriod(input: { userId: string; periodStart: string; periodEnd: string }): Promise<TUsage>;
}

declare module 'fastify' {
  interface FastifyInstance {
    usageReport: UsageReport;
  }
}

export function fallbackUsageReport(countIntegrations: (userId: string) => Promise<number>): UsageReport {
  return {
    forPeriod: async ({ userId }) => ({
      tokens: 0,
      integrations: await countIntegrations(userId),
      storage: 0,
      dailyUsage: {},
    }),
  };
}
