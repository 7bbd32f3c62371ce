import type { TDecideApprovalResponse } from '@app/contract/assistant/screen';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/messages';
import type { UserRow } from '../users/repo';
import { describeApproval } from './approval-details';
import { decideApproval } from './approvals';
import type { AssistantDeps } from './deps';

/**
 * Approve or Decline on the Assistant screen: the same one-time decision as a YES or NO by text
 * (approvals.ts), so whichever comes first runs the action and the other finds it decided.
 * Another person's approval is not found; one no longer pending is a conflict.
 */
export async function decideOnWeb(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'workspace' | 'clock'>,
  input: { user: UserRow; approvalId: string; answer: 'yes' | 'no' },
): Promise<TDecideApprovalResponse> {
  const { user } = input;
  const found = await deps.assistantRepo.findApproval(user.id, input.approvalId);
  if (!found) throw new AppError('NOT_FOUND', translate(user.language, 'approvalNotFound'));
  const decision = await decideApproval(deps, user, found, input.answer, 'web');
  if (!decision.taken) throw new AppError('CONFLICT', translate(user.language, 'approvalNotPending'));
  const after = (await deps.assistantRepo.findApproval(user.id, found.id)) ?? found;
  return { approval: describeApproval(after, user.language), message: decision.text };
}
