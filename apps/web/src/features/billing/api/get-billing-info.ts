import { getBillingInfoRoute } from '@app/contract/billing/get-billing-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const billingInfoQueryOptions = queryOptions({
  queryKey: ['billing', 'info'],
  queryFn: ({ signal }) => apiRequest(getBillingInfoRoute, { signal }),
});

export function useBillingInfo() {
  return useQuery(billingInfoQueryOptions);
}
