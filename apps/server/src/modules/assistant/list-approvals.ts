import type { TAssistantActionsResponse, TAssistantApproval } from '@app/contract/assistant/screen';
import type { UserRow } from '../users/repo';
import { describeApproval } from './approval-details';
import type { AssistantDeps } from './deps';

/** What waits for the person's yes, newest first. */
export async function listPendingApprovals(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'clock'>,
  user: UserRow,
): Promise<TAssistantApproval[]> {
  const rows = await deps.assistantRepo.pendingApprovals(user.id, deps.clock.now().toISOString());
  return rows.map((row) => describeApproval(row, user.language));
}

/** What the assistant did on the person's behalf (approved, then done or failed), newest first. */
export async function listActions(
  deps: Pick<AssistantDeps, 'assistantRepo'>,
  input: { user: UserRow; before?: string | undefined; limit: number },
): Promise<TAssistantActionsResponse> {
  const rows = await deps.assistantRepo.actionsPage(input.user.id, input.before ?? null, input.limit);
  return {
    actions: rows.slice(0, input.limit).map((row) => describeApproval(row, input.user.language)),
    hasMore: rows.length > input.limit,
  };
}
