import {
  exchangeLoginTicketRoute,
  type ZExchangeLoginTicketRequest,
} from '@app/contract/auth/exchange-login-ticket';
import type { TOAuthProvider } from '@app/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { createUserSession } from '@/lib/session';

export type TExchangeLoginTicketInput = z.input<typeof ZExchangeLoginTicketRequest>;

/** Design §4: the one-time ticket of an OAuth sign-in (60 s, single use) buys the session token. */
export function exchangeLoginTicket(input: TExchangeLoginTicketInput) {
  return apiRequest(exchangeLoginTicketRoute, { body: input });
}

/**
 * Trades the ticket and signs the person in on this device (the one session writer,
 * `lib/session.ts`); the signed-in user query starts from the server's answer.
 */
export function useExchangeLoginTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, provider }: TExchangeLoginTicketInput & { provider: TOAuthProvider }) => {
      const { sessionToken, user } = await exchangeLoginTicket({ ticket });
      createUserSession(user, sessionToken, provider);
      return user;
    },
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
