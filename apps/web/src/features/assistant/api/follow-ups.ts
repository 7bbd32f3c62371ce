import { cancelFollowUpRoute, listFollowUpsRoute } from '@app/contract/assistant/follow-ups';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The follow-ups on mail still waiting for a reply (issue 30). */
export const followUpsQueryOptions = queryOptions({
  queryKey: ['assistant', 'follow-ups'],
  queryFn: ({ signal }) => apiRequest(listFollowUpsRoute, { signal }),
});

export function useFollowUps() {
  return useQuery(followUpsQueryOptions);
}

/** Cancels one; the list is what the server answers, or read again when it refused. */
export function useCancelFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(cancelFollowUpRoute, { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(followUpsQueryOptions.queryKey, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: followUpsQueryOptions.queryKey }),
  });
}
