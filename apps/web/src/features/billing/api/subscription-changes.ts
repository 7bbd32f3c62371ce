import {
  activateTrialRoute,
  cancelSubscriptionRoute,
  reactivateSubscriptionRoute,
} from '@app/contract/billing/subscription-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingInfoQueryOptions } from './get-billing-info';

/** Every change answers with the subscription as it now stands; the whole screen is re-read. */
function useBillingChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingInfoQueryOptions.queryKey }),
  });
}

export const useActivateTrial = () => useBillingChange(() => apiRequest(activateTrialRoute));

/** Spec §7: the screen always cancels at period end, so access continues until then. */
export const useCancelSubscription = () =>
  useBillingChange(() => apiRequest(cancelSubscriptionRoute, { body: { cancelAtPeriodEnd: true } }));

export const useReactivateSubscription = () =>
  useBillingChange(() => apiRequest(reactivateSubscriptionRoute));
