import { processSuccessRoute } from '@app/contract/billing/subscription-changes';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Spec §4: the checkout came back; the server re-reads the provider before any webhook. */
export function useProcessSuccess() {
  return useMutation({
    mutationFn: (sessionId: string) => apiRequest(processSuccessRoute, { body: { sessionId } }),
  });
}
