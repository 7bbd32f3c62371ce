import type { TLanguage } from '@app/contract/messages';
import { addDays } from '../../lib/zoned-time';
import type { DevOutboxEntry } from '../dev-outbox/repo';
import type { WorkspaceAccount } from '../workspace/account';
import type { StoredEvent } from './stored';

export type InvitationKind = 'invitation' | 'update' | 'cancellation';

/** Google's subjects for what it sends attendees, in the organiser's language. */
const SUBJECTS: Record<TLanguage, Record<InvitationKind, string>> = {
  en: { invitation: 'Invitation', update: 'Updated invitation', cancellation: 'Canceled event' },
  zh: { invitation: '邀请', update: '更新的邀请', cancellation: '已取消的活动' },
};
const LABELS: Record<TLanguage, { separator: string; where: string }> = {
  en: { separator: ': ', where: 'Where: ' },
  zh: { separator: '：', where: '地点：' },
};
const LOCALES: Record<TLanguage, string> = { en: 'en-AU', zh: 'zh-CN' };

/**
 * What each attendee would get from a calendar that tells them, one outbox entry per attendee:
 * the subject names the event and its time (as Google's do), the body who sent it first.
 */
export function invitationEntries(
  account: WorkspaceAccount,
  event: StoredEvent,
  kind: InvitationKind,
  attendees: string[],
): DevOutboxEntry[] {
  const when = whenText(event, account);
  const labels = LABELS[account.language];
  const subject = `${SUBJECTS[account.language][kind]}${labels.separator}${event.title} @ ${when}`;
  const body = [
    `From: ${account.email}`,
    '',
    event.title,
    when,
    ...(event.location ? [`${labels.where}${event.location}`] : []),
    ...(event.description ? ['', event.description] : []),
  ].join('\n');
  return attendees.map((to) => ({ channel: 'email', to, subject, body }));
}

/** The event's time in its own zone (all-day: its days), the zone named. */
function whenText(event: StoredEvent, account: WorkspaceAccount): string {
  const locale = LOCALES[account.language];
  if (event.allDay) {
    const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const first = new Date(`${event.start}T00:00:00.000Z`);
    const last = new Date(`${addDays(event.end, -1)}T00:00:00.000Z`);
    return last <= first ? days.format(first) : days.formatRange(first, last);
  }
  const zone = event.timeZone ?? account.timeZone;
  const times = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  });
  return `${times.formatRange(new Date(event.start), new Date(event.end))} (${zone})`;
}
