import { revokeSessionRoute } from '@app/contract/account/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activityQueryOptions } from './get-activity';
import { sessionsQueryOptions } from './list-sessions';

/**
 * Signs one other device out. Whatever the answer (a session already gone answers 404), the
 * list is read again so it shows what the server holds; the activity gains the event.
 */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(revokeSessionRoute, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryOptions.queryKey }),
      ]),
  });
}
