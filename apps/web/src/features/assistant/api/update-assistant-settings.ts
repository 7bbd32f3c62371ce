import {
  type TUpdateAssistantSettingsRequest,
  updateAssistantSettingsRoute,
} from '@app/contract/assistant/screen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assistantSettingsQueryOptions } from './get-assistant-settings';

/**
 * Sends only what changed. The answer is the whole settings as stored, which the screen shows
 * at once (times on the other cards are drawn in the zone it holds).
 */
export function useUpdateAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateAssistantSettingsRequest) =>
      apiRequest(updateAssistantSettingsRoute, { body: changes }),
    onSuccess: (answer) => queryClient.setQueryData(assistantSettingsQueryOptions.queryKey, answer),
  });
}
