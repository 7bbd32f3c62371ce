import type { TUsage } from '@app/contract/billing/get-billing-info';
import { isIanaZone } from '@app/contract/usage/time-zone';
import { currentPlanPeriod } from '../billing/plan-period';
import type { UsageReportInput } from '../billing/usage-report';
import type { UsageDeps } from './deps';
import { DAY_MS, firstHourFrom, HOUR_MS, hourKey, lastLocalDays, sumByLocalDay } from './local-days';

/** Spec §9: the chart shows the last 15 days. */
export const CHART_DAYS = 15;

/**
 * What the billing screen's Usage card shows, read from the hourly rollup only: the period's
 * hours summed, at most 16 days of hours for the chart and the counts, in one statement, however
 * many events the person has.
 */
export async function usageSummary(
  deps: Pick<UsageDeps, 'usageRepo' | 'usersRepo' | 'billingRepo' | 'clock'>,
  input: UsageReportInput,
): Promise<TUsage> {
  const now = input.now ?? deps.clock.now();
  const user = input.user ?? (await deps.usersRepo.findById(input.userId));
  // A zone the runtime does not know is ignored rather than failing the billing screen.
  const given = input.timeZone && isIanaZone(input.timeZone) ? input.timeZone : null;
  if (user && given && given !== user.time_zone) await deps.usersRepo.setTimeZone(user.id, given);
  const stored = user?.time_zone && isIanaZone(user.time_zone) ? user.time_zone : null;
  const timeZone = given ?? stored ?? 'UTC';

  const plan = input.plan ?? (user ? await currentPlanPeriod(deps, user, now) : null);

  const days = lastLocalDays(now, timeZone, CHART_DAYS);
  // The oldest local day starts less than 15 days before now in any zone; one more day of margin.
  const from = hourKey(new Date(now.getTime() - (CHART_DAYS + 1) * DAY_MS));
  const to = new Date(Date.parse(hourKey(now)) + HOUR_MS).toISOString();
  const { total, hours, integrations, storage } = await deps.usageRepo.usageCard(
    input.userId,
    plan ? { from: firstHourFrom(plan.periodStart), to: firstHourFrom(plan.periodEnd) } : null,
    { from, to },
  );
  return { tokens: total ?? 0, integrations, storage, dailyUsage: sumByLocalDay(hours, days, timeZone) };
}
