import type { TAssistantMessage, TAssistantMessagesResponse } from '@app/contract/assistant/screen';
import type { AssistantDeps } from './deps';
import type { AssistantMessageRow } from './repo';

/** A stored text as the screen shows it: the whole answer, whatever the SMS could hold. */
function describeMessage(row: AssistantMessageRow): TAssistantMessage {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel,
    body: row.full_body ?? row.body,
    // Rows from before kinds were kept: a text in, an answer out.
    kind: (row.kind as TAssistantMessage['kind'] | null) ?? (row.direction === 'in' ? 'text' : 'reply'),
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * One page of the person's conversation: the newest `limit` messages older than `before`,
 * oldest first (the screen puts the newest at the bottom and loads older ones above).
 */
export async function listMessages(
  deps: Pick<AssistantDeps, 'assistantRepo'>,
  input: { userId: string; before?: string | undefined; limit: number },
): Promise<TAssistantMessagesResponse> {
  const rows = await deps.assistantRepo.messagesPage(input.userId, input.before ?? null, input.limit);
  const page = rows.slice(0, input.limit).reverse();
  return { messages: page.map(describeMessage), hasMore: rows.length > input.limit };
}
