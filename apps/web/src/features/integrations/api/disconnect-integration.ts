import type { TProvider } from '@app/contract/common';
import { disconnectAccountRoute } from '@app/contract/integrations/disconnect';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationsStatusQueryOptions } from './get-integrations-status';

/** Removes the whole connection (tokens included); the status is re-read either way (spec §4: "then refresh"). */
export function useDisconnectIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: TProvider) =>
      apiRequest(disconnectAccountRoute, { params: { account: provider } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsStatusQueryOptions.queryKey }),
  });
}
