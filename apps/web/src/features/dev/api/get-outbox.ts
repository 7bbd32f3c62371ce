import { listOutboxRoute } from '@app/contract/dev/list-outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const outboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: ['dev-outbox', to],
    queryFn: ({ signal }) =>
      apiRequest(listOutboxRoute, { query: { ...(to ? { to } : {}), limit: 100 }, signal }),
    // A person waits here for a code: keep the list fresh without a manual reload.
    refetchInterval: 2000,
    retry: false,
  });

export function useOutbox(to: string) {
  return useQuery(outboxQueryOptions(to));
}
