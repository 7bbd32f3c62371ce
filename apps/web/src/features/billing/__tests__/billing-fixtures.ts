import type { TBillingInfoResponse, TSubscription } from '@app/contract/billing/get-billing-info';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** The subscription states the billing screen has to get right, as the server reports them. */
export const STATES = {
  noSubscription: { id: null, planId: 'trial', status: 'inactive', cancelAtPeriodEnd: false, end: 30 },
  trial: { id: null, planId: 'trial', status: 'trialing', cancelAtPeriodEnd: false, end: 5 },
  trialEnded: { id: null, planId: 'trial', status: 'expired', cancelAtPeriodEnd: false, end: -1 },
  active: { id: 'sub_1', planId: 'starter', status: 'active', cancelAtPeriodEnd: false, end: 20 },
  activeCancelling: { id: 'sub_1', planId: 'starter', status: 'active', cancelAtPeriodEnd: true, end: 20 },
  pastDue: { id: 'sub_1', planId: 'starter', status: 'past_due', cancelAtPeriodEnd: false, end: 20 },
  canceled: { id: 'sub_1', planId: 'starter', status: 'canceled', cancelAtPeriodEnd: false, end: -3 },
} as const;
export type StateName = keyof typeof STATES;

export function subscription(name: StateName): TSubscription {
  const { end, ...rest } = STATES[name];
  return { ...rest, currentPeriodStart: iso(end - 30), currentPeriodEnd: iso(end) };
}

export function billingInfo(
  name: StateName,
  extra: Partial<TBillingInfoResponse> = {},
): TBillingInfoResponse {
  const paid = STATES[name].planId === 'starter';
  return {
    subscription: subscription(name),
    paymentMethod: paid ? { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 } : null,
    invoices: paid
      ? [
          {
            id: 'in_1',
            date: '2026-10-01T00:00:00.000Z',
            description: 'Starter Plan',
            amount: 29,
            status: 'paid',
          },
          {
            id: 'in_2',
            date: '2026-11-01T00:00:00.000Z',
            description: 'Starter Plan',
            amount: 29,
            status: 'paid',
          },
        ]
      : [],
    usage: {
      tokens: paid ? 1_250_000 : 16_000,
      integrations: 2,
      storage: 3 * 1024 * 1024,
      dailyUsage: { '2026-11-20': { tokens: 1200 }, '2026-11-23': { tokens: 300 } },
    },
    ...extra,
  };
}
