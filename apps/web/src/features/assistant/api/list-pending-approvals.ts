import { listPendingApprovalsRoute } from '@app/contract/assistant/screen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MESSAGES_POLL_MS } from './list-assistant-messages';

/** A request for a yes can arrive while the screen is open, so it is read as often as the chat. */
export const pendingApprovalsQueryOptions = queryOptions({
  queryKey: ['assistant', 'approvals'],
  queryFn: ({ signal }) => apiRequest(listPendingApprovalsRoute, { signal }),
  refetchInterval: MESSAGES_POLL_MS,
});

export function usePendingApprovals() {
  return useQuery(pendingApprovalsQueryOptions);
}
