import { devPhoneConversationRoute, type TDevPhoneMessage } from '@app/contract/dev/sms-inbound';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** How often the chat asks for new texts: once a second, and quickly while a reply is awaited. */
export const POLL_MS = 1000;
export const FAST_POLL_MS = 300;

/**
 * Each poll asks only for what follows the settled part of the chat. Texts younger than this,
 * and replies still queued, are read again: a reply's status changes after it is stored
 * (queued, then sent or suppressed), and a text whose id was drawn a moment before another's
 * can be committed a moment after it, so a cursor at the very last id could miss it for good.
 */
const SETTLE_MS = 60_000;

export const conversationQueryKey = (phone: string) => ['dev-phone', 'conversation', phone] as const;

/** The id after which the texts may still change, or undefined to read the whole chat. */
export function settledCursor(messages: TDevPhoneMessage[], now: number): string | undefined {
  const unsettled = messages.findIndex(
    (message) => message.status === 'queued' || Date.parse(message.createdAt) > now - SETTLE_MS,
  );
  if (unsettled === -1) return messages.at(-1)?.id;
  return unsettled === 0 ? undefined : messages[unsettled - 1]?.id;
}

export const conversationQueryOptions = (phone: string, intervalMs: number) =>
  queryOptions({
    queryKey: conversationQueryKey(phone),
    queryFn: async ({ client, queryKey, signal }) => {
      const known = client.getQueryData<TDevPhoneMessage[]>(queryKey) ?? [];
      const after = settledCursor(known, Date.now());
      const { messages } = await apiRequest(devPhoneConversationRoute, {
        query: { phone, ...(after ? { after } : {}) },
        signal,
      });
      if (!after) return messages;
      const kept = known.slice(0, known.findIndex((message) => message.id === after) + 1);
      return [...kept, ...messages];
    },
    // Polls only while the page is visible (TanStack pauses intervals in a hidden tab).
    refetchInterval: intervalMs,
    retry: false,
  });

export function usePhoneConversation(phone: string | null, intervalMs: number) {
  return useQuery({ ...conversationQueryOptions(phone ?? '', intervalMs), enabled: phone !== null });
}
