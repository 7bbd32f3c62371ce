import { logoutRoute } from '@app/contract/auth/logout';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { clearAllStorage, getSessionToken } from '@/lib/session';

/**
 * Spec §4: revoke the session on the server, then clear all local storage. If the call
 * fails, local and session storage are cleared all the same: the device forgets the user.
 */
export async function logout(): Promise<void> {
  try {
    if (getSessionToken()) await apiRequest(logoutRoute);
    window.localStorage.clear();
  } catch {
    clearAllStorage();
  }
}

/**
 * Logout from the shell: revoke, forget, go to the login route, then drop every cached answer
 * of the old session (the user, their data), so the next person on this device starts clean.
 * The cache is cleared once the signed-in screens are left, so none of them refetches.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await logout();
    await navigate(paths.login, { replace: true });
    queryClient.clear();
  };
}
