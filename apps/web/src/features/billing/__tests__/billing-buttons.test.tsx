import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { billingActions } from '../utils/subscription-state';
import { billingInfo, type StateName, subscription } from './billing-fixtures';

// Each test renders the whole app and waits for lazy chunks; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

async function openBilling(state: StateName) {
  fakeApi({ '/v1/billing/info': () => Response.json(billingInfo(state)) });
  renderApp('/billing', { user: {} });
  return await screen.findByRole('region', { name: 'Current Plan' }, { timeout: 10_000 });
}

const button = (card: HTMLElement, name: string | RegExp) => within(card).queryByRole('button', { name });

/**
 * Spec §2 button rules, one row per subscription state:
 * plan change when no subscription id, not active, or cancelling; Cancel when active and not
 * cancelling; Reactivate when active and cancelling; the trial only to someone who never had one.
 */
const EXPECTED: Record<
  StateName,
  {
    starter: boolean;
    trial: boolean;
    /** The trial's plan card, offered as the other plan: 'disabled' beside a live paid plan. */
    trialCard?: 'disabled';
    cancel: boolean;
    reactivate: boolean;
    badge: string | RegExp | null;
  }
> = {
  noSubscription: { starter: true, trial: true, cancel: false, reactivate: false, badge: null },
  trial: { starter: true, trial: false, cancel: false, reactivate: false, badge: 'trialing' },
  trialEnded: { starter: true, trial: false, cancel: false, reactivate: false, badge: 'expired' },
  active: { starter: false, trial: false, cancel: true, reactivate: false, badge: 'Active' },
  activeCancelling: {
    starter: false,
    trial: false,
    trialCard: 'disabled',
    cancel: false,
    reactivate: true,
    badge: /^Cancelled - Active until \w{3} \d{1,2}, \d{4}$/,
  },
  pastDue: {
    starter: false,
    trial: false,
    trialCard: 'disabled',
    cancel: false,
    reactivate: false,
    badge: 'past_due',
  },
  canceled: { starter: true, trial: false, cancel: false, reactivate: false, badge: 'canceled' },
};

describe('billing screen button rules over each subscription state', () => {
  it.each(Object.entries(EXPECTED) as [StateName, (typeof EXPECTED)[StateName]][])(
    '%s',
    async (state, expected) => {
      const card = await openBilling(state);
      expect(Boolean(button(card, 'Upgrade to Starter Plan'))).toBe(expected.starter);
      expect(Boolean(button(card, 'Start 7-day free trial'))).toBe(expected.trial);
      expect(Boolean(button(card, 'Cancel Subscription'))).toBe(expected.cancel);
      expect(Boolean(button(card, 'Reactivate Subscription'))).toBe(expected.reactivate);
      const trialCard = button(card, 'Choose Trial Free');
      expect(trialCard ? (trialCard.hasAttribute('disabled') ? 'disabled' : 'enabled') : undefined).toBe(
        expected.trialCard,
      );
      if (expected.badge) expect(within(card).getByText(expected.badge)).toBeInTheDocument();
    },
  );
});

describe('Current Plan details', () => {
  beforeEach(() => vi.useRealTimers());

  it('active: next billing date and card last4', async () => {
    const card = await openBilling('active');
    expect(within(card).getByText('Next billing date')).toBeInTheDocument();
    expect(within(card).getByText('Card ending in 4242')).toBeInTheDocument();
  });

  it('cancelling at period end: the plan change shows (issue 29 #13), the trial with why it waits', async () => {
    const card = await openBilling('activeCancelling');
    const plans = within(card).getByRole('heading', { name: 'Available plans' });
    expect(plans).toBeVisible();
    const choose = within(card).getByRole('button', { name: 'Choose Trial Free' });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription('Not available while a paid plan is active.');
    expect(button(card, 'Reactivate Subscription')).toBeEnabled();
  });

  it('cancelling: no next billing date, only the end date in the badge', async () => {
    const card = await openBilling('activeCancelling');
    expect(within(card).queryByText('Next billing date')).not.toBeInTheDocument();
    expect(within(card).getByText(/^Cancelled - Active until/)).toBeInTheDocument();
  });

  it('past_due: a banner asks to update the card', async () => {
    const card = await openBilling('pastDue');
    const banner = within(card).getByRole('alert');
    expect(banner).toHaveTextContent('Your last payment did not go through');
    expect(within(banner).getByRole('button', { name: 'Update payment method' })).toBeInTheDocument();
  });

  it('trial ended: says so and offers Starter', async () => {
    const card = await openBilling('trialEnded');
    expect(within(card).getByText('Your free trial has ended')).toBeInTheDocument();
    expect(button(card, 'Upgrade to Starter Plan')).toBeInTheDocument();
  });

  it('a trial whose end date has passed counts as ended even if still marked live', () => {
    const stale = { ...subscription('trial'), currentPeriodEnd: new Date(Date.now() - 1000).toISOString() };
    expect(billingActions(stale).showTrialEnded).toBe(true);
  });
});

describe('the plan-change rule itself (spec §2), with a third plan', () => {
  const pro = { id: 'pro', name: 'Pro', price: 99, popular: false } as never;
  const starter = { id: 'starter' } as never;
  const trial = { id: 'trial' } as never;
  const plans = [trial, starter, pro];
  const ids = (name: StateName) => billingActions(subscription(name), plans).planChoices.map((p) => p.id);

  it('offers every plan other than the current one when cancelling or not active', () => {
    expect(ids('activeCancelling')).toEqual(['trial', 'pro']);
    expect(ids('pastDue')).toEqual(['trial', 'pro']);
    expect(ids('trial')).toEqual(['starter', 'pro']);
  });

  it('marks the trial, and only it, not takeable beside a live paid plan', () => {
    const unavailable = (name: StateName) => billingActions(subscription(name), plans).unavailable;
    expect(unavailable('activeCancelling')).toEqual(['trial']);
    expect(unavailable('pastDue')).toEqual(['trial']);
    expect(unavailable('trial')).toEqual([]);
    expect(unavailable('canceled')).toEqual([]);
  });

  it('offers nothing to an active subscription that is not cancelling', () => {
    expect(ids('active')).toEqual([]);
  });
});
