import type { TAppConfigResponse } from '@app/contract/app/get-app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The settings the server wrote into the page (`<script type="application/json" id="app-config">`),
 * so the first screen renders without waiting for a call. Absent when the page is not served by
 * the server (the Vite dev server, tests): then they are asked of GET /v1/config.
 */
function embeddedConfig(): TAppConfigResponse | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('app-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as TAppConfigResponse;
  } catch {
    return undefined;
  }
}

/** Public runtime settings (support email, stand-ins in use). Shared by several features, so it lives in lib. */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: async () => {
    const { getAppConfigRoute } = await import('@app/contract/app/get-app-config');
    return apiRequest(getAppConfigRoute);
  },
  initialData: embeddedConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export const FALLBACK_APP_CONFIG: TAppConfigResponse = {
  productName: 'Relay',
  supportEmail: 'support@example.com',
  chatSmsNumber: '',
  standIns: [],
  payments: { publishableKey: null, starterPriceId: null },
};

/** Never blocks a page: until the config arrives (or if it cannot), sensible defaults are used. */
export function useAppConfig(): TAppConfigResponse {
  return useQuery(appConfigQueryOptions).data ?? FALLBACK_APP_CONFIG;
}
