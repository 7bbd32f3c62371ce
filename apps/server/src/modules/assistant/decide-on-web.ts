import type { TDecideApprovalResponse } from '@app/contract/assistant/screen';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/messages';
import type { UserRow } from '../users/repo';
import { describeApproval } from './approval-details';
import { decideApproval } from './approvals';
import type { AssistantDeps } from './deps';
import { queueReplies } from './replies';
import { say } from './texts';

/**
 * Approve or Decline on the Assistant screen: the same one-time decision as a YES or NO by text
 * (approvals.ts), so whichever comes first runs the action and the other finds it decided.
 * Another person's approval is not found; one no longer pending is a conflict. The person is
 * told by text what was decided ("Approved on the web: ..."), so their thread does not end with
 * a request that still seems to wait.
 */
export async function decideOnWeb(
  deps: Pick<
    AssistantDeps,
    | 'assistantRepo'
    | 'memoryRepo'
    | 'workspace'
    | 'clock'
    | 'transaction'
    | 'publicUrl'
    | 'smsOutbox'
    | 'assistantSettingsRepo'
    | 'schedulingRepo'
    | 'usersRepo'
    | 'jobs'
  >,
  input: { user: UserRow; approvalId: string; answer: 'yes' | 'no' },
): Promise<TDecideApprovalResponse> {
  const { user } = input;
  const found = await deps.assistantRepo.findApproval(user.id, input.approvalId);
  if (!found) throw new AppError('NOT_FOUND', translate(user.language, 'approvalNotFound'));
  const decision = await decideApproval(deps, user, found, input.answer, 'web');
  if (!decision.taken) throw new AppError('CONFLICT', translate(user.language, 'approvalNotPending'));
  // The thread by text ends with the request's "Reply YES": it says what became of it, through
  // the same queue as every reply (so a number that said STOP gets nothing), once per approval.
  if (user.phone_number && !decision.texted) {
    const text =
      decision.status === 'done'
        ? say(user.language, 'approvedOnWeb', { preview: found.preview })
        : decision.status === 'declined'
          ? say(user.language, 'declinedOnWeb', { preview: found.preview })
          : say(user.language, 'approvedOnWebFailed', { outcome: decision.text });
    await queueReplies(deps, {
      inboundId: found.id,
      key: `web-decision:${found.id}`,
      userId: user.id,
      to: { channel: found.channel ?? 'sms', e164: user.phone_number },
      language: user.language,
      turnId: null,
      parts: [text],
      kind: 'notice',
    });
  }
  const after = (await deps.assistantRepo.findApproval(user.id, found.id)) ?? found;
  return { approval: describeApproval(after, user.language), message: decision.text };
}
