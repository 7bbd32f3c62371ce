import { listSessionsRoute } from '@app/contract/account/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const sessionsQueryOptions = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: ({ signal }) => apiRequest(listSessionsRoute, { signal }),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
