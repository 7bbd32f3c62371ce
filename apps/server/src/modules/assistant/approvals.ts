import type { TLanguage } from '@app/contract/messages';
import type { SmsChannel } from '../../providers/sms/address';
import type { ApprovalAnswer, ApprovalReply } from '../../providers/sms/keywords';
import type { UserRow } from '../users/repo';
import { WorkspaceError } from '../workspace/workspace-error';
import { runAction, ZAction } from './actions';
import { calendarLabel, detailsOf, failureReason } from './approval-details';
import { shortPreview, withPreviews } from './approval-requests';
import type { AssistantDeps } from './deps';
import type { ApprovalRow } from './repo';
import { askOthers } from './scheduling/ask-others';
import { cancelSchedulingRequest } from './scheduling/cancel';
import { remindOthers } from './scheduling/chase';
import { bookOtherTime } from './scheduling/read-replies';
import { say } from './texts';

type ApprovalDeps = Pick<
  AssistantDeps,
  | 'assistantRepo'
  | 'workspace'
  | 'clock'
  | 'memoryRepo'
  | 'assistantSettingsRepo'
  | 'schedulingRepo'
  | 'usersRepo'
  | 'transaction'
  | 'jobs'
>;

/**
 * What became of one answer: the words to answer with, or not taken when another answer took it.
 * `texted`: another text will say it (a YES to a suggested time is answered by the booking's one
 * "Booked: …", decision 594), so no text answers it.
 */
export type Decision =
  | { taken: true; status: 'declined' | 'done' | 'failed'; text: string; texted?: true }
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
    if (!(await deps.assistantRepo.decide(approval.id, 'declined', nowIso, via))) return { taken: false };
    // A NO to a request's offer or to a time suggested instead ends the request (decision 594):
    // nothing else would move it, and its holds are released.
    const declined = ZAction.safeParse(JSON.parse(approval.input));
    const ended =
      declined.success && (declined.data.kind === 'ask_others' || declined.data.kind === 'book_time')
        ? await cancelSchedulingRequest(deps, user.id, declined.data.requestId)
        : null;
    // Holds made at an earlier YES are deleted now: "nothing changed" would not be true.
    const text = ended?.released ? 'declinedHoldsReleased' : 'declined';
    return { taken: true, status: 'declined', text: say(user.language, text) };
  }
  if (!(await deps.assistantRepo.decide(approval.id, 'approved', nowIso, via))) return { taken: false };
  try {
    const action = ZAction.parse(JSON.parse(approval.input));
    const { result, event } = await runAction(deps.workspace, user.id, action, {
      memoryRepo: deps.memoryRepo,
      now: deps.clock.now(),
      scheduling: {
        askOthers: async (ask) => (await askOthers(deps, user.id, ask.requestId, ask.hold ?? false)).id,
        bookTime: (book) => bookOtherTime(deps, user.id, book),
        remindOthers: (remind) => remindOthers(deps, user.id, remind),
      },
    });
    // Another zone moves the briefing's local time: the next pass works it out again.
    if (action.kind === 'update_settings' && action.timeZone)
      await deps.assistantSettingsRepo.rescheduleBriefing(user.id);
    const details = detailsOf(approval);
    if (event) {
      const connection = await deps.workspace.connectionsRepo.findById(event.connectionId);
      details.calendar = calendarLabel(event.calendar, connection?.email ?? null) ?? details.calendar;
    }
    await deps.assistantRepo.finishApproval(approval.id, 'done', result, JSON.stringify(details));
    // A memory is said as what is now remembered, not as the question that asked for it.
    const preview =
      action.kind === 'save_memory'
        ? say(user.language, 'memorySaved', { fact: action.text })
        : approval.preview;
    const text = say(user.language, 'done', { preview });
    // The booking job texts "Booked: …" once the event exists: the one text of this YES.
    return { taken: true, status: 'done', text, ...(action.kind === 'book_time' ? { texted: true } : {}) };
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
 * A YES or NO by text for one request the text may answer: what to answer with, or null when
 * another answer took it. A request whose text could not name every recipient is approved only
 * where all of them show (issue 29, finding 2); a NO by text still cancels it.
 */
export async function decideOneByText(
  deps: ApprovalDeps & Pick<AssistantDeps, 'publicUrl'>,
  user: UserRow,
  row: ApprovalRow,
  reply: ApprovalReply,
): Promise<string | null> {
  if (reply === 'yes' && !detailsOf(row).textApprovable)
    return say(user.language, 'approveOnScreen', { url: `${deps.publicUrl}/assistant` });
  const decision = await decideApproval(deps, user, row, reply, 'sms');
  return decision.taken && !decision.texted ? decision.text : null;
}

/**
 * The person's YES or NO by text, decided in code (design §9, decision 290): only their own
 * number reaches here (the gate found them by it), and it answers only a request that is still
 * pending (30 minutes), was asked on the channel the answer came by, and whose text the provider
 * took before the answer arrived (the webhook stored it: not when its job runs). So a YES meant
 * for one request never approves another created while the queue was busy. With several such,
 * the answer must name one ("YES 2"); a bare one asks which and runs nothing. Returns the text
 * to answer with, or null when another answer already took it.
 */
export async function answerApproval(
  deps: ApprovalDeps & Pick<AssistantDeps, 'publicUrl'>,
  user: UserRow,
  answer: ApprovalAnswer,
  received: { createdAt: string; channel: SmsChannel },
): Promise<string | null> {
  const nowIso = deps.clock.now().toISOString();
  const decideByText = (row: ApprovalRow) => decideOneByText(deps, user, row, answer.reply);
  const answerable = await deps.assistantRepo.answerable(
    user.id,
    received.channel,
    received.createdAt,
    nowIso,
  );
  if (answer.number !== null) {
    const named = answerable.find((row) => (row.number ?? 1) === answer.number);
    if (!named) return say(user.language, 'notWaiting', { n: String(answer.number) });
    return decideByText(named);
  }
  if (answerable.length === 0) return say(user.language, 'nothingPending');
  if (answerable.length > 1) return askWhich(user.language, answerable, answer.reply, 'which');
  return decideByText(answerable[0]!);
}

/**
 * Several requests an answer may mean: nothing is done, and the person is asked to name one by
 * its number, each with a preview short enough that every number arrives.
 */
export function askWhich(
  language: TLanguage,
  rows: ApprovalRow[],
  reply: ApprovalReply,
  key: 'which' | 'whichChange',
): string {
  const sorted = [...rows].sort((a, b) => (a.number ?? 1) - (b.number ?? 1));
  const word = say(language, reply === 'yes' ? 'yesWord' : 'noWord');
  return withPreviews((max) =>
    say(language, key, {
      list: sorted
        .map((row) =>
          say(language, 'whichItem', {
            word,
            n: String(row.number ?? 1),
            preview: shortPreview(language, row.preview, max),
          }),
        )
        .join(say(language, 'whichSeparator')),
    }),
  );
}
