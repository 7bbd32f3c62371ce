import { formatDate, intlLocale } from '@/lib/format';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a moment was, in words ("5 minutes ago", "yesterday", "3天前") for the last
 * week, then as a date. Null under a minute: the caller says "now" in its own words.
 */
export function formatSince(iso: string, language: string | undefined, now = Date.now()): string | null {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < MINUTE) return null;
  if (seconds >= 7 * DAY) return formatDate(iso, language);
  const relative = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour');
  return relative.format(-Math.floor(seconds / DAY), 'day');
}
