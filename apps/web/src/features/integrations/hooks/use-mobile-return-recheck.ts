import { DELAYS_MS } from '@app/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isMobile } from '@/lib/is-mobile';
import { readOAuthReturn } from '@/lib/oauth-return';
import { integrationsStatusQueryOptions } from '../api/get-integrations-status';

/**
 * Spec §4: after a mobile OAuth return the status is read again 1 s later. On a phone the
 * person may come back from the provider's app before the server has finished storing the
 * connection, so the first read can still show the old state.
 */
export function useMobileReturnRecheck(): void {
  const queryClient = useQueryClient();
  const location = useLocation();
  const due = readOAuthReturn(location.state) !== null && isMobile();
  const arrival = location.key;
  useEffect(() => {
    if (!due || !arrival) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: integrationsStatusQueryOptions.queryKey }),
      DELAYS_MS.mobileStatusRecheck,
    );
    return () => clearTimeout(timer);
  }, [due, arrival, queryClient]);
}
