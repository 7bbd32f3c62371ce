/** Intl locales for the two interface languages. */
export function intlLocale(language: string | undefined): string {
  return language?.startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** A moment as its day, in the reader's time zone and language ("Nov 25, 2026", "2026年11月25日"). */
export function formatDate(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));
}
