import { connectAppleRoute, type TConnectAppleRequest } from '@app/contract/apple/connect-apple';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationsStatusQueryOptions } from './get-integrations-status';

export function useConnectApple() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TConnectAppleRequest) => apiRequest(connectAppleRoute, { body: input }),
    onSuccess: (answer) => {
      if (answer.success)
        void queryClient.invalidateQueries({ queryKey: integrationsStatusQueryOptions.queryKey });
    },
  });
}
