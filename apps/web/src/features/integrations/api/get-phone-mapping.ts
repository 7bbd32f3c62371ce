import { getPhoneMappingRoute } from '@app/contract/phone-mapping/get-phone-mapping';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const phoneMappingQueryOptions = queryOptions({
  queryKey: ['phone-mapping'],
  queryFn: ({ signal }) => apiRequest(getPhoneMappingRoute, { signal }),
});

export function usePhoneMapping() {
  return useQuery(phoneMappingQueryOptions);
}
