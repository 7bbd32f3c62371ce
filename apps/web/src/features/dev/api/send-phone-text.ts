import { devSmsInboundRoute, type ZDevSmsInboundRequest } from '@app/contract/dev/sms-inbound';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { conversationQueryKey } from './get-phone-conversation';

/** Texts the assistant as if from `from`: Twilio's webhook pipeline, without Twilio. */
export function useSendPhoneText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZDevSmsInboundRequest>) =>
      apiRequest(devSmsInboundRoute, { body: input }),
    // The text is stored before this answers: read it back now rather than at the next poll.
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: conversationQueryKey(input.from) }),
  });
}
