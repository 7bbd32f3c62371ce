import { revokeOtherSessionsRoute } from '@app/contract/account/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activityQueryOptions } from './get-activity';
import { sessionsQueryOptions } from './list-sessions';

/** Signs out every session but this one; answers how many it ended. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(revokeOtherSessionsRoute),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryOptions.queryKey }),
      ]),
  });
}
