import { listAssistantMessagesRoute, type TAssistantMessage } from '@app/contract/assistant/screen';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const MESSAGES_PAGE = 30;
/** The conversation moves while the screen is open (a text, its answer): it is read again this often. */
export const MESSAGES_POLL_MS = 15_000;

/**
 * The newest page first, then older ones as the person scrolls back: each next page is the one
 * before the oldest message held. On a refetch TanStack re-derives each page's cursor from the
 * page before it, so new texts at the end never leave a gap in the middle.
 */
export const assistantMessagesQueryOptions = infiniteQueryOptions({
  queryKey: ['assistant', 'messages'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest(listAssistantMessagesRoute, {
      query: { limit: MESSAGES_PAGE, ...(pageParam ? { before: pageParam } : {}) },
      signal,
    }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.id : undefined),
  refetchInterval: MESSAGES_POLL_MS,
});

/** Every message held, oldest first, each once. */
export function conversationOf(pages: { messages: TAssistantMessage[] }[] | undefined): TAssistantMessage[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const all: TAssistantMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all;
}

export function useAssistantMessages() {
  return useInfiniteQuery(assistantMessagesQueryOptions);
}
