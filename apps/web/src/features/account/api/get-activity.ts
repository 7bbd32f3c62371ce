import { getActivityRoute } from '@app/contract/account/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const activityQueryOptions = queryOptions({
  queryKey: ['account', 'activity'],
  queryFn: ({ signal }) => apiRequest(getActivityRoute, { signal }),
});

export function useActivity() {
  return useQuery(activityQueryOptions);
}
