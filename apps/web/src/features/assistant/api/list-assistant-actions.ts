import { listAssistantActionsRoute } from '@app/contract/assistant/screen';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ACTIONS_PAGE = 10;

/** Newest first; "Show more" asks for the ones before the oldest held. */
export const assistantActionsQueryOptions = infiniteQueryOptions({
  queryKey: ['assistant', 'actions'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest(listAssistantActionsRoute, {
      query: { limit: ACTIONS_PAGE, ...(pageParam ? { before: pageParam } : {}) },
      signal,
    }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => (page.hasMore ? page.actions.at(-1)?.id : undefined),
});

export function useAssistantActions() {
  return useInfiniteQuery(assistantActionsQueryOptions);
}
