import {
  type TAssistantMessage,
  type TAssistantMessagesResponse,
  type TUnansweredReason,
  UNANSWERED_REASONS,
} from '@app/contract/assistant/screen';
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
    unanswered: unansweredReason(row.unanswered),
    createdAt: row.created_at,
  };
}

/** The stored reason a text got no answer, if it is one the contract knows. */
export function unansweredReason(value: string | null): TUnansweredReason | null {
  return (UNANSWERED_REASONS as readonly string[]).includes(value ?? '')
    ? (value as TUnansweredReason)
    : null;
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
