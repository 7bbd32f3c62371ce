import { logoutRoute } from '@app/contract/auth/logout';
import { apiRequest } from '@/lib/api-client';
import { useLeaveSignedIn } from '@/lib/auth';
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

/** Logout from the shell: revoke, forget, then leave the signed-in app (`useLeaveSignedIn`). */
export function useLogout(): () => Promise<void> {
  const leave = useLeaveSignedIn();
  return async () => {
    await logout();
    await leave();
  };
}
