import { paymentsUpdatePaymentMethodRoute } from '@app/contract/payments/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingInfoQueryOptions } from './get-billing-info';

/** The in-page card form: the card confirmed by the provider's element becomes the default card. */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) =>
      apiRequest(paymentsUpdatePaymentMethodRoute, { body: { paymentMethodId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingInfoQueryOptions.queryKey }),
  });
}
