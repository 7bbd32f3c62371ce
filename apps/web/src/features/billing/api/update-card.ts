import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingInfoQueryOptions } from './get-billing-info';
import { updateDefaultCard } from './payments';

/** The in-page card form: the card confirmed by the provider's element becomes the default card. */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingInfoQueryOptions.queryKey }),
  });
}
