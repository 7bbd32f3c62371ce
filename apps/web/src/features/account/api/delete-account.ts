import { deleteAccountRoute } from '@app/contract/account/delete-account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Deletes the account. `confirm: true` is the contract's guard against a stray DELETE; the
 * screen only sends it once the person has typed the confirmation word. Nothing is refetched
 * afterwards: the session is gone with the account, and the screen leaves.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiRequest(deleteAccountRoute, { body: { confirm: true } }),
  });
}
