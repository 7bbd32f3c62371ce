import { getBillingInfoRoute } from '@app/contract/billing/get-billing-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The browser's zone, so the chart's days are the person's own; none if the runtime cannot say. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const billingInfoQueryOptions = queryOptions({
  queryKey: ['billing', 'info'],
  queryFn: ({ signal }) => {
    const timeZone = browserTimeZone();
    return apiRequest(getBillingInfoRoute, { signal, ...(timeZone ? { query: { timeZone } } : {}) });
  },
});

export function useBillingInfo() {
  return useQuery(billingInfoQueryOptions);
}
