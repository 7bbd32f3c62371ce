import { TOAST_MS } from '@app/contract/constants';
import type { TPlan } from '@app/contract/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { useAppConfig } from '@/lib/app-config';
import { formatDate } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useCustomerPortalLink, useUpdatePaymentMethodLink } from '../api/billing-links';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import {
  useActivateTrial,
  useCancelSubscription,
  useReactivateSubscription,
} from '../api/subscription-changes';
import { leaveApp } from '../utils/leave-app';
import { showFailure } from '../utils/notify';

/** What each Current Plan button does (spec §4 billing transitions and §8 messages). */
export function usePlanActions(openCardForm: () => void) {
  const { t, i18n } = useTranslation('billing');
  const { payments } = useAppConfig();
  const trial = useActivateTrial();
  const checkout = useCreateCheckoutSession();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const updateLink = useUpdatePaymentMethodLink();
  const portal = useCustomerPortalLink();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [choosingPlan, setChoosingPlan] = useState<TPlan['id'] | null>(null);

  const activateTrial = () =>
    trial.mutate(undefined, {
      onSuccess: () => showToast('green', t('messages.trialActivated'), TOAST_MS.default),
      onError: (error) => showFailure(t('messages.changePlanFailed'), error),
    });

  /** Spec §4: the trial is activated directly; a paid plan goes to the checkout address returned. */
  const choosePlan = (plan: TPlan) => {
    if (plan.id === 'trial') return activateTrial();
    setChoosingPlan(plan.id);
    const priceId = plan.id === 'starter' ? payments.starterPriceId : plan.stripePriceId;
    checkout.mutate(
      { planId: plan.id, priceId },
      {
        onSuccess: ({ checkoutUrl }) => leaveApp(checkoutUrl),
        onError: (error) => {
          setChoosingPlan(null);
          showFailure(t('messages.checkoutFailed'), error);
        },
      },
    );
  };

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setCancelOpen(false);
        const date = formatDate(result.subscription.currentPeriodEnd, i18n.resolvedLanguage);
        showToast('green', t('messages.cancelled', { date }), TOAST_MS.long);
      },
      onError: (error) => {
        setCancelOpen(false);
        showFailure(t('messages.cancelFailed'), error);
      },
    });

  const reactivateNow = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => showToast('green', t('messages.reactivated'), TOAST_MS.default),
      onError: (error) => showFailure(t('messages.reactivateFailed'), error),
    });

  /** The in-page card form when this build is set up for it; otherwise the provider's own page. */
  const updateCard = () => {
    if (env.billingCardForm) return openCardForm();
    updateLink.mutate(undefined, {
      onSuccess: ({ updateUrl }) => leaveApp(updateUrl),
      onError: (error) => showFailure(t('messages.linkFailed'), error),
    });
  };

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ portalUrl }) => leaveApp(portalUrl),
      onError: (error) => showFailure(t('messages.linkFailed'), error),
    });

  return {
    activateTrial,
    trialPending: trial.isPending,
    choosePlan,
    // The button stays busy until the browser has left for checkout.
    choosingPlan,
    askCancel: () => setCancelOpen(true),
    closeCancel: () => setCancelOpen(false),
    cancelOpen,
    confirmCancel,
    cancelPending: cancel.isPending,
    reactivate: reactivateNow,
    reactivatePending: reactivate.isPending,
    updateCard,
    linkPending: updateLink.isPending,
    openPortal,
    portalPending: portal.isPending,
  };
}
