import {
  deleteAssistantMemoryRoute,
  listAssistantMemoriesRoute,
  updateAssistantMemoryRoute,
} from '@app/contract/assistant/memory';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MESSAGES_POLL_MS } from './list-assistant-messages';

/** A memory can be saved by text while the screen is open, so it is read as often as the chat. */
export const assistantMemoriesQueryOptions = queryOptions({
  queryKey: ['assistant', 'memories'],
  queryFn: ({ signal }) => apiRequest(listAssistantMemoriesRoute, { signal }),
  refetchInterval: MESSAGES_POLL_MS,
});

export function useAssistantMemories() {
  return useQuery(assistantMemoriesQueryOptions);
}

/** Edit or delete one memory; the list is read again either way, so it shows what the server holds. */
export function useChangeMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { id: string; text: string } | { id: string; remove: true },
    ): Promise<void> => {
      if ('remove' in change) await apiRequest(deleteAssistantMemoryRoute, { params: { id: change.id } });
      else
        await apiRequest(updateAssistantMemoryRoute, {
          params: { id: change.id },
          body: { text: change.text },
        });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantMemoriesQueryOptions.queryKey }),
  });
}
