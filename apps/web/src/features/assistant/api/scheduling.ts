import {
  cancelSchedulingRequestRoute,
  listSchedulingRequestsRoute,
} from '@app/contract/assistant/scheduling';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The person's scheduling requests in progress and finished lately (issue 32). */
export const schedulingQueryOptions = queryOptions({
  queryKey: ['assistant', 'scheduling'],
  queryFn: ({ signal }) => apiRequest(listSchedulingRequestsRoute, { signal }),
  // Answers arrive by mail while the screen is open.
  refetchInterval: 15_000,
});

export function useSchedulingRequests() {
  return useQuery(schedulingQueryOptions);
}

/** Withdraws one; the list is what the server answers, or read again when it refused. */
export function useCancelSchedulingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(cancelSchedulingRequestRoute, { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(schedulingQueryOptions.queryKey, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: schedulingQueryOptions.queryKey }),
  });
}
