import type { ApprovalReply } from '../../providers/sms/keywords';
import type { UserRow } from '../users/repo';
import { WorkspaceError } from '../workspace/workspace-error';
import { runAction, ZAction } from './actions';
import type { AssistantDeps } from './deps';
import { type AssistantTextKey, say } from './texts';

const REASONS: Partial<Record<WorkspaceError['code'], AssistantTextKey>> = {
  unavailable: 'reasonUnavailable',
  needs_reconnect: 'reasonReconnect',
  permission_missing: 'reasonPermission',
};

/**
 * The person's YES or NO, decided in code (design §9): only their own number reaches here (the
 * gate found them by it), only a pending approval younger than 30 minutes counts, and moving it
 * out of pending happens once, so two YES at the same moment (a text and the web) run it once.
 * Returns the text to answer with, or null when another answer already took it.
 */
export async function answerApproval(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'workspace' | 'clock'>,
  user: UserRow,
  answer: ApprovalReply,
): Promise<string | null> {
  const nowIso = deps.clock.now().toISOString();
  const open = await deps.assistantRepo.openApproval(user.id, nowIso);
  if (!open) return say(user.language, 'nothingPending');
  if (answer === 'no') {
    return (await deps.assistantRepo.decide(open.id, 'declined', nowIso))
      ? say(user.language, 'declined')
      : null;
  }
  if (!(await deps.assistantRepo.decide(open.id, 'approved', nowIso))) return null;
  try {
    const result = await runAction(deps.workspace, user.id, ZAction.parse(JSON.parse(open.input)));
    await deps.assistantRepo.finishApproval(open.id, 'done', result);
    return say(user.language, 'done', { preview: open.preview });
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    await deps.assistantRepo.finishApproval(open.id, 'failed', `${error.code}: ${error.message}`);
    return say(user.language, 'failed', { reason: say(user.language, REASONS[error.code] ?? 'reasonOther') });
  }
}
