import {
  cancelReminderRoute,
  listRemindersRoute,
  moveReminderRoute,
} from '@app/contract/assistant/reminders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MESSAGES_POLL_MS } from './list-assistant-messages';

/** Reminders are set by text while the screen may be open: read as often as the chat. */
export const remindersQueryOptions = queryOptions({
  queryKey: ['assistant', 'reminders'],
  queryFn: ({ signal }) => apiRequest(listRemindersRoute, { signal }),
  refetchInterval: MESSAGES_POLL_MS,
});

export function useReminders() {
  return useQuery(remindersQueryOptions);
}

/** Cancel, or move to a new local time; the list is read again either way. */
export function useCancelReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(cancelReminderRoute, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQueryOptions.queryKey }),
  });
}

export function useMoveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, at }: { id: string; at: string }) =>
      apiRequest(moveReminderRoute, { params: { id }, body: { at } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQueryOptions.queryKey }),
  });
}
