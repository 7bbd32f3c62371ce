import {
  createCheckoutSessionRoute,
  type TCreateCheckoutSessionRequest,
} from '@app/contract/billing/create-checkout-session';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (input: TCreateCheckoutSessionRequest) =>
      apiRequest(createCheckoutSessionRoute, { body: input }),
  });
}
