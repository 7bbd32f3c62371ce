import {
  sendContactMessageRoute,
  type TSendContactMessageRequest,
} from '@app/contract/contact/send-contact-message';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: TSendContactMessageRequest) => apiRequest(sendContactMessageRoute, { body: input }),
  });
}
