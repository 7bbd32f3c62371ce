import { type TAction, ZAction } from '../actions';
import type { TApprovalDetails } from '../approval-details';
import { prepareRequest } from '../approval-requests';
import { requestText } from '../approval-text';
import { mayStartMessage } from '../may-start';
import type { TReplyPart } from '../replies';
import type { ProactiveDeps } from '../send-proactive';
import { storePendingApproval } from '../tools/approval-step';
import type { SchedulingRequestRow } from './repo';
import { queueToPerson } from './texts';

/**
 * A question about a request that only the person's YES answers (decisions 583, 584), asked by
 * code outside a turn, with the same machinery as a tool's: the approval stores exactly the
 * action that will run and everything that leaves, the text is written from that record alone
 * (every recipient named), and the YES is decided by `answerApproval` as any other: only once
 * its text went out, on that channel, while pending. Nothing a reply says is in the action.
 * Once per key (the outbox's). False when no text may go to the person now.
 */
export async function askPersonToApprove(
  deps: ProactiveDeps,
  row: SchedulingRequestRow,
  key: string,
  request: {
    action: Extract<TAction, { kind: 'book_time' | 'remind_others' }>;
    title: string;
    when: string | null;
    recipients: string[];
    lines: string[];
    body: string | null;
  },
): Promise<boolean> {
  const settings = await deps.assistantSettingsRepo.find(row.user_id);
  if (!settings) return false;
  const check = await mayStartMessage(deps, settings.id, { quietHours: false });
  if (!check.ok) {
    deps.log.info({ reason: check.reason }, 'scheduling approval not asked');
    return false;
  }
  const { user } = check;
  const action = ZAction.parse(request.action);
  const text = requestText(
    user.language,
    {
      kind: action.kind,
      recipients: request.recipients,
      flagged: [],
      lines: request.lines,
      body: request.body,
    },
    `${deps.publicUrl}/assistant`,
    action.kind === 'remind_others' ? 'askSend' : 'askChange',
  );
  const details: TApprovalDetails = {
    kind: action.kind,
    title: request.title,
    recipients: request.recipients,
    flagged: [],
    when: request.when,
    calendar: null,
    body: request.body,
    place: null,
    changes: [],
    textApprovable: text.textApprovable,
  };
  const id = await storePendingApproval(deps, {
    userId: user.id,
    turnId: key,
    tool: 'schedule_propose',
    action,
    preview: text.preview,
    details,
  });
  const prepared = await prepareRequest(deps, {
    userId: user.id,
    language: user.language,
    approvalId: id,
    text: text.text,
    channel: 'sms',
  });
  const parts: TReplyPart[] = [];
  if (prepared.replacedNotice) parts.push({ text: prepared.replacedNotice, kind: 'notice' });
  parts.push({ text: prepared.request, kind: 'approval', approvalId: id });
  const queued = await queueToPerson(deps, user, key, parts);
  if (!queued) await deps.assistantRepo.withdraw(id, deps.clock.now().toISOString());
  return queued;
}
