import { getAssistantSettingsRoute } from '@app/contract/assistant/screen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The browser's zone: the server takes it as the person's until they choose one. */
export function detectedTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const assistantSettingsQueryOptions = queryOptions({
  queryKey: ['assistant', 'settings'],
  queryFn: ({ signal }) => {
    const timeZone = detectedTimeZone();
    return apiRequest(getAssistantSettingsRoute, { query: timeZone ? { timeZone } : {}, signal });
  },
});

export function useAssistantSettings() {
  return useQuery(assistantSettingsQueryOptions);
}
