import type { TOthersBusy, TUnknownReason } from '@app/contract/workspace/others-free-busy';

/** Every address asked, unknown for the same reason. */
export function allUnknown(emails: readonly string[], reason: TUnknownReason): Record<string, TOthersBusy> {
  return Object.fromEntries(emails.map((email) => [email, { unknown: reason }]));
}
