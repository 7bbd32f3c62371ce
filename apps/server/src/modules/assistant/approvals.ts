import type { ApprovalReply } from '../../providers/sms/keywords';
import type { UserRow } from '../users/repo';
import { WorkspaceError } from '../workspace/workspace-error';
import { runAction, ZAction } from './actions';
import { calendarLabel, detailsOf, failureReason } from './approval-details';
import type { AssistantDeps } from './deps';
import type { ApprovalRow } from './repo';
import { say } from './texts';

type ApprovalDeps = Pick<AssistantDeps, 'assistantRepo' | 'workspace' | 'clock'>;

/** What became of one answer: the words to answer with, or null when another answer took it. */
export type Decision =
  | { taken: true; status: 'declined' | 'done' | 'failed'; text: string }
  | { taken: false };

/**
 * The one way a pending approval is answered, by text or on the web (design §9): moving it out
 * of pending is one guarded UPDATE, so of two answers at the same moment (a YES by text and
 * Approve on the web) exactly one goes on, and only that one runs the action.
 */
export async function decideApproval(
  deps: ApprovalDeps,
  user: UserRow,
  approval: ApprovalRow,
  answer: ApprovalReply,
  via: 'sms' | 'web',
): Promise<Decision> {
  const nowIso = deps.clock.now().toISOString();
  if (answer === 'no') {
    return (await deps.assistantRepo.decide(approval.id, 'declined', nowIso, via))
      ? { taken: true, status: 'declined', text: say(user.language, 'declined') }
      : { taken: false };
  }
  if (!(await deps.assistantRepo.decide(approval.id, 'approved', nowIso, via))) return { taken: false };
  try {
    const { result, event } = await runAction(
      deps.workspace,
      user.id,
      ZAction.parse(JSON.parse(approval.input)),
    );
    const details = detailsOf(approval);
    if (event) {
      const connection = await deps.workspace.connectionsRepo.findById(event.connectionId);
      details.calendar = calendarLabel(event.calendar, connection?.email ?? null) ?? details.calendar;
    }
    await deps.assistantRepo.finishApproval(approval.id, 'done', result, JSON.stringify(details));
    return { taken: true, status: 'done', text: say(user.language, 'done', { preview: approval.preview }) };
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    await deps.assistantRepo.finishApproval(approval.id, 'failed', `${error.code}: ${error.message}`);
    return {
      taken: true,
      status: 'failed',
      text: say(user.language, 'failed', { reason: failureReason(user.language, error.code) }),
    };
  }
}

/**
 * The person's YES or NO by text, decided in code: only their own number reaches here (the gate
 * found them by it), and only a pending approval younger than 30 minutes counts. Returns the
 * text to answer with, or null when another answer already took it.
 */
export async function answerApproval(
  deps: ApprovalDeps & Pick<AssistantDeps, 'publicUrl'>,
  user: UserRow,
  answer: ApprovalReply,
): Promise<string | null> {
  const open = await deps.assistantRepo.openApproval(user.id, deps.clock.now().toISOString());
  if (!open) return say(user.language, 'nothingPending');
  // A request whose text could not name every recipient is approved only where all of them
  // show (issue 29, finding 2); a NO by text still cancels it.
  if (answer === 'yes' && !detailsOf(open).textApprovable)
    return say(user.language, 'approveOnScreen', { url: `${deps.publicUrl}/assistant` });
  const decision = await decideApproval(deps, user, open, answer, 'sms');
  return decision.taken ? decision.text : null;
}
