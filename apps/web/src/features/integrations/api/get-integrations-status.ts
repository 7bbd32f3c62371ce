import { getIntegrationsStatusRoute } from '@app/contract/integrations/get-integrations-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const integrationsStatusQueryOptions = queryOptions({
  queryKey: ['integrations', 'status'],
  queryFn: ({ signal }) => apiRequest(getIntegrationsStatusRoute, { signal }),
});

export function useIntegrationsStatus() {
  return useQuery(integrationsStatusQueryOptions);
}
