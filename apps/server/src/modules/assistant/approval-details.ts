import { type TAssistantApproval, ZActionKind, ZApprovalChange } from '@app/contract/assistant/screen';
import type { TLanguage } from '@app/contract/messages';
import { z } from 'zod';
import { type TAction, ZAction } from './actions';
import type { ApprovalRow } from './repo';
import { type AssistantTextKey, say } from './texts';

/**
 * What an approval is about, in fields the screen can lay out: everything that leaves (every
 * recipient, the whole body or description, each change old -> new), written by code from the
 * action when the approval is made (the text asking for the YES is written from the same), the
 * calendar completed from the action's result once it ran. Rows stored before body, place,
 * changes and textApprovable were kept read with their defaults (and the body from the action).
 */
export const ZApprovalDetails = z.object({
  kind: ZActionKind,
  title: z.string(),
  recipients: z.array(z.string()),
  flagged: z.array(z.string()),
  when: z.string().nullable(),
  calendar: z.string().nullable(),
  body: z.string().nullable().optional(),
  place: z.string().nullable().default(null),
  changes: z.array(ZApprovalChange).default([]),
  textApprovable: z.boolean().default(true),
});
export type TApprovalDetails = z.infer<typeof ZApprovalDetails>;

/** A calendar as the person knows it: its name and the account that holds it. */
export function calendarLabel(name: string | null, account: string | null): string | null {
  if (name && account && name !== account) return `${name} (${account})`;
  return name ?? account;
}

/** The details of an approval stored before they were kept: what its action itself says. */
function detailsOfAction(action: TAction): TApprovalDetails {
  switch (action.kind) {
    case 'create_event':
      return {
        ...none,
        kind: action.kind,
        title: action.event.title,
        recipients: action.event.attendees ?? [],
        body: action.event.description ?? null,
        place: action.event.location ?? null,
      };
    case 'update_event':
      return { ...none, kind: action.kind, title: action.patch.title ?? '' };
    case 'delete_event':
      return {
        ...none,
        kind: action.kind,
        recipients: action.message?.to ?? [],
        body: action.message?.text ?? null,
      };
    case 'send_mail':
      return {
        ...none,
        kind: action.kind,
        title: action.mail.subject ?? '',
        recipients: [...action.mail.to, ...action.mail.cc],
        body: action.mail.text,
      };
    case 'update_settings':
      return { ...none, kind: action.kind };
    case 'save_memory':
      return { ...none, kind: action.kind, title: action.text };
    case 'ask_others':
      return { ...none, kind: action.kind };
    case 'book_time':
      return { ...none, kind: action.kind, when: action.start };
    case 'remind_others':
      return { ...none, kind: action.kind, recipients: action.to };
  }
}

const none = {
  title: '',
  recipients: [],
  flagged: [],
  when: null,
  calendar: null,
  body: null,
  place: null,
  changes: [],
  textApprovable: true,
} satisfies Omit<TApprovalDetails, 'kind'>;

/** The body that leaves: the stored one, or, for an older row, the action's own. */
function bodyOfAction(input: string): string | null {
  const action = ZAction.safeParse(JSON.parse(input));
  if (!action.success) return null;
  if (action.data.kind === 'send_mail') return action.data.mail.text;
  if (action.data.kind === 'create_event') return action.data.event.description ?? null;
  return null;
}

export function detailsOf(row: Pick<ApprovalRow, 'details' | 'input'>): TApprovalDetails {
  const stored = row.details ? ZApprovalDetails.safeParse(JSON.parse(row.details)) : null;
  if (stored?.success)
    return stored.data.body === undefined ? { ...stored.data, body: bodyOfAction(row.input) } : stored.data;
  return detailsOfAction(ZAction.parse(JSON.parse(row.input)));
}

const REASONS: Record<string, AssistantTextKey> = {
  unavailable: 'reasonUnavailable',
  needs_reconnect: 'reasonReconnect',
  permission_missing: 'reasonPermission',
  not_found: 'reasonNotFound',
};

/** A failed action's reason in the person's words; the stored result is `<code>: <detail>`. */
export function failureReason(language: TLanguage, code: string): string {
  return say(language, REASONS[code] ?? 'reasonOther');
}

/** An approval as the screen shows it, in the person's language. */
export function describeApproval(row: ApprovalRow, language: TLanguage): TAssistantApproval {
  const details = detailsOf(row);
  return {
    id: row.id,
    kind: details.kind,
    preview: row.preview,
    title: details.title,
    recipients: details.recipients,
    flagged: details.flagged,
    when: details.when,
    calendar: details.calendar,
    body: details.body ?? null,
    place: details.place,
    changes: details.changes,
    textApprovable: details.textApprovable,
    status: row.status,
    decidedVia: row.decided_via,
    error: row.status === 'failed' ? failureReason(language, (row.result ?? '').split(':')[0] ?? '') : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at,
  };
}
