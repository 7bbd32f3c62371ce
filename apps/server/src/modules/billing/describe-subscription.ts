import type { TSubscription } from '@app/contract/billing/get-billing-info';
import { FALLBACK_BILLING_PERIOD_DAYS } from '@app/contract/constants';
import type { TPlanId } from '@app/contract/plans';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../providers/payments/payments';
import type { BillingAccountRow, BillingSubscriptionRow } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export const isLive = (row: BillingSubscriptionRow) =>
  (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status);

/** The live subscription that counts: active or trialing before past_due, newest first. */
export function currentLiveSubscription(rows: BillingSubscriptionRow[]): BillingSubscriptionRow | undefined {
  const live = rows.filter(isLive);
  return live.find((row) => row.status !== 'past_due') ?? live[0];
}

function fromRow(row: BillingSubscriptionRow): TSubscription {
  return {
    id: row.id,
    planId: row.plan_id as TPlanId,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  };
}

/**
 * The one subscription the screen shows, in this order: a live paid subscription; our trial
 * while it runs; the last paid subscription, now canceled; the trial that ended ('expired');
 * and for someone who never chose a plan, the trial not yet started ('inactive') over the
 * spec's 30-day fallback period. Only a paid subscription has an id, so plan buttons show
 * for everything else (spec §2).
 */
export function describeSubscription(
  account: BillingAccountRow | undefined,
  rows: BillingSubscriptionRow[],
  now: Date,
): TSubscription {
  const live = currentLiveSubscription(rows);
  if (live) return fromRow(live);
  const nowIso = now.toISOString();
  const trial = (status: string): TSubscription => ({
    id: null,
    planId: 'trial',
    status,
    currentPeriodStart: account?.trial_started_at ?? nowIso,
    currentPeriodEnd: account?.trial_ends_at ?? nowIso,
    cancelAtPeriodEnd: false,
  });
  if (account?.trial_ends_at && account.trial_ends_at > nowIso) return trial('active');
  const last = rows[0];
  if (last) return { ...fromRow(last), status: 'canceled', cancelAtPeriodEnd: false };
  if (account?.trial_started_at) return trial('expired');
  return {
    id: null,
    planId: 'trial',
    status: 'inactive',
    currentPeriodStart: nowIso,
    currentPeriodEnd: new Date(now.getTime() + FALLBACK_BILLING_PERIOD_DAYS * DAY_MS).toISOString(),
    cancelAtPeriodEnd: false,
  };
}
