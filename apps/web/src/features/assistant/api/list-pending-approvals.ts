import { listPendingApprovalsRoute } from '@app/contract/assistant/screen';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api-client';
import { assistantActionsQueryOptions } from './list-assistant-actions';
import { MESSAGES_POLL_MS } from './list-assistant-messages';

/** A request for a yes can arrive while the screen is open, so it is read as often as the chat. */
export const pendingApprovalsQueryOptions = queryOptions({
  queryKey: ['assistant', 'approvals'],
  queryFn: ({ signal }) => apiRequest(listPendingApprovalsRoute, { signal }),
  refetchInterval: MESSAGES_POLL_MS,
});

/**
 * The waiting list, read every so often. A request that leaves it without this screen's answer
 * (a YES or NO by text, or its time ran out) has become an action: What it did is read again.
 */
export function usePendingApprovals() {
  const query = useQuery(pendingApprovalsQueryOptions);
  const queryClient = useQueryClient();
  const held = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const before = held.current;
    const now = new Set(query.data.approvals.map((approval) => approval.id));
    held.current = now;
    if (before && [...before].some((id) => !now.has(id)))
      void queryClient.invalidateQueries({ queryKey: assistantActionsQueryOptions.queryKey });
  }, [query.data, queryClient]);
  return query;
}
