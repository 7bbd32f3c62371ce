import { exportAccountRoute } from '@app/contract/account/export';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activityQueryOptions } from './get-activity';

/**
 * Fetches everything held about the person as JSON; the screen saves it as a file. The
 * export is itself a security event, so the activity is read again.
 */
export function useExportAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(exportAccountRoute),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityQueryOptions.queryKey }),
  });
}
