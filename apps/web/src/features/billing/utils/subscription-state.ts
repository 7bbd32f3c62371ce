import type { TBillingInfoResponse, TSubscription } from '@app/contract/billing/get-billing-info';
import { FALLBACK_BILLING_PERIOD_DAYS } from '@app/contract/constants';
import { PLANS, type TPlan } from '@app/contract/plans';

/** Statuses under which the person still holds their plan (the provider's live ones, plus ours). */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/** What a trial that has run out reports; a past period end on the trial counts too. */
const TRIAL_ENDED = new Set(['expired', 'ended']);

export function isTrialEnded(subscription: TSubscription, now: Date = new Date()): boolean {
  if (subscription.planId !== 'trial' || subscription.id !== null) return false;
  if (TRIAL_ENDED.has(subscription.status)) return true;
  return LIVE.has(subscription.status) && new Date(subscription.currentPeriodEnd) <= now;
}

/** Never activated anything: the trial plan in a status that is neither live nor ended ('inactive', 'none'). */
export function hasNoSubscription(subscription: TSubscription, now: Date = new Date()): boolean {
  return (
    subscription.planId === 'trial' &&
    subscription.id === null &&
    !LIVE.has(subscription.status) &&
    !isTrialEnded(subscription, now)
  );
}

export interface BillingActions {
  /** Plans offered as a change (spec §2). */
  planChoices: TPlan[];
  /**
   * Of those, the plans shown but not takeable now, because the server would refuse them: the
   * trial while a paid plan is still live (a cancelling or unpaid Starter), decision 330.
   */
  unavailable: TPlan['id'][];
  canActivateTrial: boolean;
  canCancel: boolean;
  canReactivate: boolean;
  showPastDue: boolean;
  showTrialEnded: boolean;
}

/**
 * The button rules of spec §2, in one place so the screen and its tests agree.
 *
 * - Plan change: every plan other than the current one, when there is no subscription id, the
 *   status is not active, or the subscription cancels at period end. A plan the person no longer
 *   holds (canceled, trial ended) is not "current", so it is offered again.
 * - The trial is offered only to someone who never had a subscription: it can be taken once
 *   per user (design §8), so offering it later would only produce a refusal. While a paid plan
 *   is still live and the rule above offers a change (cancelling at period end, past due), the
 *   trial is the "other plan": it is shown, with its button disabled and the reason beside it,
 *   rather than hidden (decision 330).
 * - Cancel and Reactivate act on the card provider's subscription, so they need its id; the
 *   trial has none and simply runs out.
 */
export function billingActions(
  subscription: TSubscription,
  plans: readonly TPlan[] = PLANS,
  now: Date = new Date(),
): BillingActions {
  const { id, status, cancelAtPeriodEnd } = subscription;
  const trialEnded = isTrialEnded(subscription, now);
  const neverSubscribed = hasNoSubscription(subscription, now);
  const holdsPlan = LIVE.has(status) && !trialEnded;
  const changeAllowed = id === null || status !== 'active' || cancelAtPeriodEnd;
  // A paid plan the person still holds: the trial is not takeable beside it (activate-trial.ts).
  const holdsPaidPlan = holdsPlan && id !== null;
  const planChoices = changeAllowed
    ? plans.filter((plan) => {
        if (holdsPlan && plan.id === subscription.planId) return false;
        if (plan.id === 'trial') return holdsPaidPlan;
        return true;
      })
    : [];
  return {
    planChoices,
    unavailable: holdsPaidPlan
      ? planChoices.filter((plan) => plan.id === 'trial').map((plan) => plan.id)
      : [],
    canActivateTrial: neverSubscribed,
    canCancel: id !== null && status === 'active' && !cancelAtPeriodEnd,
    canReactivate: id !== null && status === 'active' && cancelAtPeriodEnd,
    showPastDue: status === 'past_due',
    showTrialEnded: trialEnded,
  };
}

/** Spec §4: when billing info cannot be loaded, an active 30-day trial with nothing else. */
export function defaultBillingInfo(now: Date = new Date()): TBillingInfoResponse {
  const end = new Date(now.getTime() + FALLBACK_BILLING_PERIOD_DAYS * 86_400_000);
  return {
    subscription: {
      id: null,
      planId: 'trial',
      status: 'active',
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: end.toISOString(),
      cancelAtPeriodEnd: false,
    },
    paymentMethod: null,
    invoices: [],
    usage: { tokens: 0, integrations: 0, storage: 0, dailyUsage: {} },
  };
}

export function planById(planId: TPlan['id'], plans: readonly TPlan[] = PLANS): TPlan {
  return plans.find((plan) => plan.id === planId) ?? plans[0]!;
}
