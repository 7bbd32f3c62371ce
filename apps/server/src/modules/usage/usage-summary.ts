import type { TUsage } from '@app/contract/billing/get-billing-info';
import { isIanaZone } from '@app/contract/usage/time-zone';
import type { UserRow, UsersRepo } from '../users/repo';
import { DAY_MS, firstHourFrom, HOUR_MS, hourKey, lastLocalDays, sumByLocalDay } from './local-days';
import { type PlanPeriod, type PlanPeriodSource, trialPlanPeriod } from './plan-period';
import type { UsageRepo } from './repo';

/** Spec §9: the chart shows the last 15 days. */
export const CHART_DAYS = 15;

export interface UsageSummaryDeps {
  repo: UsageRepo;
  usersRepo: UsersRepo;
  planPeriods: PlanPeriodSource;
  now: () => Date;
}

export interface UsageSummaryInput {
  userId: string;
  /** The subscription's current period; without one, the plan source's (the 30-day fallback). */
  period?: { start: Date; end: Date } | null;
  /** The person's row, when the caller already read it (the signed-in user): not read again. */
  user?: UserRow;
  /**
   * Billing's plan and period, when the caller already read them; null when billing has none
   * running (the trial's allowance over the fallback period then applies). Not asked again.
   */
  billingPlan?: PlanPeriod | null;
  /** The browser's zone; remembered for the person, who otherwise gets the last one or UTC. */
  timeZone?: string | null;
  now?: Date;
}

/**
 * What the billing screen's Usage card shows, read from the hourly rollup only: the period's
 * hours summed and at most 16 days of hours for the chart, in one statement, however many
 * events the person has; and the counts in another.
 */
export async function usageSummary(deps: UsageSummaryDeps, input: UsageSummaryInput): Promise<TUsage> {
  const now = input.now ?? deps.now();
  const user = input.user ?? (await deps.usersRepo.findById(input.userId));
  // A zone the runtime does not know is ignored rather than failing the billing screen.
  const given = input.timeZone && isIanaZone(input.timeZone) ? input.timeZone : null;
  if (user && given && given !== user.time_zone) await deps.usersRepo.setTimeZone(user.id, given);
  const stored = user?.time_zone && isIanaZone(user.time_zone) ? user.time_zone : null;
  const timeZone = given ?? stored ?? 'UTC';

  let period = input.period ?? null;
  if (!period) {
    const plan =
      input.billingPlan !== undefined
        ? (input.billingPlan ?? (user ? trialPlanPeriod(user, now) : null))
        : await deps.planPeriods.current(input.userId, now);
    period = plan ? { start: plan.periodStart, end: plan.periodEnd } : null;
  }

  const days = lastLocalDays(now, timeZone, CHART_DAYS);
  // The oldest local day starts less than 15 days before now in any zone; one more day of margin.
  const from = hourKey(new Date(now.getTime() - (CHART_DAYS + 1) * DAY_MS));
  const to = new Date(Date.parse(hourKey(now)) + HOUR_MS).toISOString();
  const { total, hours } = await deps.repo.periodTotalAndHours(
    input.userId,
    period ? { from: firstHourFrom(period.start), to: firstHourFrom(period.end) } : null,
    { from, to },
  );
  const { integrations, storage } = await deps.repo.integrationsAndStorage(input.userId);
  return { tokens: total ?? 0, integrations, storage, dailyUsage: sumByLocalDay(hours, days, timeZone) };
}
