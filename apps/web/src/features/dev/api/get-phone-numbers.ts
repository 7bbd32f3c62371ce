import { devPhoneNumbersRoute } from '@app/contract/dev/sms-inbound';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const phoneNumbersQueryOptions = queryOptions({
  queryKey: ['dev-phone', 'numbers'],
  queryFn: ({ signal }) => apiRequest(devPhoneNumbersRoute, { signal }),
  // A number linked in another tab should appear when the person comes back to this one.
  refetchOnWindowFocus: true,
  retry: false,
});

export function usePhoneNumbers() {
  return useQuery(phoneNumbersQueryOptions);
}
