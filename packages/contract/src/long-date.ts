import type { TLanguage } from './messages';

const formats = new Map<TLanguage, Intl.DateTimeFormat>();

/**
 * A date as the legal pages print it ("25 November 2026", "2026年11月25日"). Shared: the web
 * shows today's, and the server writes today's into the pages it serves drawn ahead.
 */
export function longDate(language: TLanguage, date: Date): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-AU', { dateStyle: 'long' });
    formats.set(language, format);
  }
  return format.format(date);
}
