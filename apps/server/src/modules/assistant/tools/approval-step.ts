import type { TApprovalChange } from '@app/contract/assistant/screen';
import { APPROVAL_TOOLS, type TToolName } from '@app/contract/assistant/tools';
import { newId } from '../../../lib/ids';
import { oneTarget } from '../../workspace/accounts';
import { type TAction, ZAction } from '../actions';
import type { TApprovalDetails } from '../approval-details';
import { requestText } from '../approval-text';
import { newRecipients } from './known-recipients';
import type { ToolEnv } from './shared';

/** How long the person has to answer YES (design §9). */
export const APPROVAL_TTL_MS = 30 * 60_000;

/**
 * Stores a pending approval of exactly `action`, answerable for APPROVAL_TTL_MS, and returns its
 * id: a tool's step and the questions code asks outside a turn (scheduling/ask-person.ts) alike.
 */
export async function storePendingApproval(
  deps: Pick<ToolEnv['deps'], 'assistantRepo' | 'clock'>,
  approval: {
    userId: string;
    turnId: string;
    tool: string;
    action: TAction;
    preview: string;
    details: TApprovalDetails;
  },
): Promise<string> {
  const id = newId();
  const now = deps.clock.now();
  await deps.assistantRepo.insertApproval({
    id,
    user_id: approval.userId,
    turn_id: approval.turnId,
    tool: approval.tool,
    input: JSON.stringify(approval.action),
    preview: approval.preview,
    status: 'pending',
    result: null,
    details: JSON.stringify(approval.details),
    expires_at: new Date(now.getTime() + APPROVAL_TTL_MS).toISOString(),
    decided_at: null,
    created_at: now.toISOString(),
  });
  return id;
}

/** Whether a tool asks for the person's YES: APPROVAL_TOOLS in the contract decides, alone. */
export function asksApproval(name: string): name is TToolName {
  return (APPROVAL_TOOLS as readonly string[]).includes(name);
}

/** What the approval is about beside its action, as the tool read it from the workspace. */
export interface ApprovalAbout {
  /** Event title or mail subject (the current title for an update or a delete). */
  title: string;
  /** The event's start (an instant), or null. */
  when: string | null;
  /** Which account's calendar, for an event. */
  connectionId?: string | undefined;
  /** Everyone it goes to: mail recipients, invitees, who gets an update or a cancellation. */
  recipients: string[];
  /** What it is, each a line of the text: subject, title and time, place, changes. */
  lines: string[];
  /** The whole body or description that leaves. */
  body: string | null;
  place?: string | null;
  changes?: TApprovalChange[];
  reply?: boolean;
}

/**
 * The shared approval step: stores the approval, a record of exactly what will run (its action)
 * and of everything that leaves (its details), and writes the text asking for the YES from that
 * record alone (approval-text.ts). The turn ends with it (run-turn stops once ctx.approval is
 * set). Only a tool in APPROVAL_TOOLS may call it.
 */
export async function requestApproval(env: ToolEnv, name: TToolName, action: TAction, about: ApprovalAbout) {
  const { deps, ctx } = env;
  if (!asksApproval(name)) throw new Error(`${name} is not an approval tool (APPROVAL_TOOLS)`);
  const checked = ZAction.parse(action);
  // What no connected account can carry out is never asked about: a YES would only meet the
  // failure. The tool answers the model with the reason instead (not_connected, needs_reconnect).
  const account = await accountFor(env, checked);
  const flagged = await newRecipients(env, about.recipients);
  const request = requestText(
    ctx.language,
    {
      kind: checked.kind,
      ...(about.reply ? { reply: true } : {}),
      ...(checked.kind === 'ask_others' && checked.hold ? { hold: true } : {}),
      recipients: about.recipients,
      flagged,
      lines: about.lines,
      body: about.body,
    },
    `${deps.publicUrl}/assistant`,
    checked.kind === 'send_mail' || checked.kind === 'ask_others' ? 'askSend' : 'askChange',
  );
  const details: TApprovalDetails = {
    kind: checked.kind,
    title: about.title,
    recipients: about.recipients,
    flagged,
    when: about.when,
    calendar: checked.kind === 'send_mail' || checked.kind === 'ask_others' ? null : account,
    body: about.body,
    place: about.place ?? null,
    changes: about.changes ?? [],
    textApprovable: request.textApprovable,
  };
  const id = await storePendingApproval(deps, {
    userId: ctx.user.id,
    turnId: ctx.turnId,
    tool: name,
    action: checked,
    preview: request.preview,
    details,
  });
  ctx.approval = { id, text: request.text };
  return { status: 'approval_requested', approvalId: id, preview: request.text };
}

/**
 * The account the action runs on, as the workspace will pick it: the one named, or the default
 * one; for an event, its address names the calendar's account until the event exists (approvals.ts
 * then completes it with the calendar's own name). Throws the workspace's error when none can.
 */
async function accountFor(env: ToolEnv, action: TAction): Promise<string | null> {
  if (action.kind === 'update_settings' || action.kind === 'save_memory') return null;
  const mail = action.kind === 'send_mail' || action.kind === 'ask_others';
  const connectionId =
    action.kind === 'send_mail'
      ? action.mail.connectionId
      : action.kind === 'create_event'
        ? action.event.connectionId
        : action.kind === 'ask_others' || action.kind === 'book_time' || action.kind === 'remind_others'
          ? undefined
          : action.connectionId;
  const target = await oneTarget(env.deps.workspace, {
    userId: env.ctx.user.id,
    service: mail ? 'email' : 'calendar',
    access: mail ? 'send' : 'write',
    ...(connectionId ? { connectionId } : {}),
  });
  return target.connection.email ?? null;
}
