import { getAppConfigRoute, type TAppConfigResponse } from '@app/contract/app/get-app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Public runtime settings (support email, stand-ins in use). Shared by several features, so it lives in lib. */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => apiRequest(getAppConfigRoute),
  staleTime: Number.POSITIVE_INFINITY,
});

const FALLBACK: TAppConfigResponse = {
  productName: 'Relay',
  supportEmail: 'support@example.com',
  chatSmsNumber: '',
  standIns: [],
  payments: { publishableKey: null, starterPriceId: null },
};

/** Never blocks a page: until the config arrives (or if it cannot), sensible defaults are used. */
export function useAppConfig(): TAppConfigResponse {
  return useQuery(appConfigQueryOptions).data ?? FALLBACK;
}
