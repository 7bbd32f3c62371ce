import { getMeRoute } from '@app/contract/auth/get-me';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from './api-client';
import { nextLocationShown } from './location-shown';
import { getStoredUser, isAuthenticated, type StoredUser } from './session';

export const userQueryKey = ['auth', 'me'] as const;

/**
 * The signed-in user is server state (bulletproof-react's `useUser`): GET /v1/auth/me. The
 * user stored at sign-in (spec §3) is the first answer, so the shell never waits for the
 * network; it counts as stale at once, so the server's answer replaces it, and it stays
 * shown if that call fails for any reason other than a 401 (which signs out).
 */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async ({ signal }): Promise<StoredUser> => (await apiRequest(getMeRoute, { signal })).user,
    initialData: () => getStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    // Without a token there is nobody to ask about (and asking would sign out again).
    enabled: isAuthenticated(),
  });
}

export function useUser() {
  return useQuery(userQueryOptions());
}

/**
 * Leaves the signed-in app once this device has forgotten the session (a logout, a deleted
 * account): to the login route, then every cached answer of the old session (the user, their
 * data) is dropped, so the next person on this device starts clean. The cache is cleared once
 * the signed-in screens are left, so none of them refetches.
 */
export function useLeaveSignedIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const shown = nextLocationShown();
    void navigate(paths.login, { replace: true });
    await shown;
    queryClient.clear();
  };
}
