/** Intl locales for the two interface languages. */
export function intlLocale(language: string | undefined): string {
  return language?.startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** A moment as its day, in the reader's time zone and language ("Nov 25, 2026", "2026年11月25日"). */
export function formatDate(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A moment as day and time ("Nov 25, 2026, 9:30 AM"), in the reader's zone unless a zone is
 * given: the assistant's screen shows times in the zone the person set for it, which may not be
 * the browser's.
 */
export function formatDateTime(iso: string, language: string | undefined, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}
