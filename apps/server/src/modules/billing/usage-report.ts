import type { TUsage } from '@app/contract/billing/get-billing-info';
import type { UserRow } from '../users/repo';
import type { PlanPeriod } from './plan-period';

export interface UsageReportInput {
  userId: string;
  /** The person's row, when the caller already read it (the signed-in user): not read again. */
  user?: UserRow;
  /** The plan and period billing described for this request; asked of billing when absent. */
  plan?: PlanPeriod;
  /** The browser's zone; remembered for the person, who otherwise gets the last one or UTC. */
  timeZone?: string | null;
  /** The instant billing described the subscription at: one per request. */
  now?: Date;
}

/**
 * What billing/info asks of usage: the person's usage in the period billing knows. The usage
 * module provides it (`app.usage`, which uses billing's plan period), so billing never imports usage.
 */
export interface UsageReport {
  summary(input: UsageReportInput): Promise<TUsage>;
}
