import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Spec §9: retry once, no refetch on window focus. A client error (4xx) is an answer,
 * not a hiccup, so it is never retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failures < 1;
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
