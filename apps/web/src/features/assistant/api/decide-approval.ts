import { approveApprovalRoute, declineApprovalRoute } from '@app/contract/assistant/screen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assistantActionsQueryOptions } from './list-assistant-actions';
import { assistantMessagesQueryOptions } from './list-assistant-messages';
import { pendingApprovalsQueryOptions } from './list-pending-approvals';

export type TDecision = 'approve' | 'decline';

/**
 * Approve or Decline: the same one-time answer as a YES or NO by text, so whichever comes first
 * wins and the other is a CONFLICT. Whatever the answer, the waiting list, what it did and the
 * conversation (which gains the confirmation) are read again, so the screen shows what the
 * server holds.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: TDecision }) =>
      apiRequest(decision === 'approve' ? approveApprovalRoute : declineApprovalRoute, { params: { id } }),
    onSettled: () =>
      Promise.all(
        [pendingApprovalsQueryOptions, assistantActionsQueryOptions, assistantMessagesQueryOptions].map(
          ({ queryKey }) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
