import type { TMailSearch } from '@app/contract/workspace/mail';
import { startOfDayIn, zoneOrUtc } from '../../lib/zoned-time';

/**
 * Our search filters in Gmail's search syntax. Dates go as epoch seconds of midnight in the
 * person's zone: Gmail reads `after:2026/11/23` as midnight in California, whoever asks
 * (developers.google.com/gmail/api/guides/filtering).
 */
export function gmailQuery(search: TMailSearch, zone: string): string {
  const filters: string[] = [];
  const dayStart = (date: string) => Math.floor(startOfDayIn(date, zoneOrUtc(zone)).getTime() / 1000);
  if (search.from) filters.push(`from:${term(search.from)}`);
  if (search.to) filters.push(`to:${term(search.to)}`);
  if (search.subject) filters.push(`subject:${term(search.subject)}`);
  if (search.unread !== undefined) filters.push(search.unread ? 'is:unread' : '-is:unread');
  if (search.after) filters.push(`after:${dayStart(search.after)}`);
  if (search.before) filters.push(`before:${dayStart(search.before)}`);
  const own = search.q?.trim();
  if (!own) return filters.join(' ');
  // Bracketed, so an OR in the person's own query cannot swallow one of our filters.
  return filters.length > 0 ? [`(${own})`, ...filters].join(' ') : own;
}

/** A value as one search term: quoted when it has spaces; a quote inside would end it, so it goes. */
function term(value: string): string {
  const plain = value.replace(/"/g, '').trim();
  return /[\s(){}]/.test(plain) ? `"${plain}"` : plain;
}
