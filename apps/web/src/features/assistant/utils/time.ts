import { useTranslation } from 'react-i18next';
import { formatDateTime, intlLocale } from '@/lib/format';
import { detectedTimeZone, useAssistantSettings } from '../api/get-assistant-settings';

/**
 * The zone and language every time on the screen is written in: the assistant's own zone (the
 * one it texts in), or the browser's until the settings have arrived.
 */
export function useAssistantClock() {
  const { i18n } = useTranslation();
  const settings = useAssistantSettings();
  const timeZone = settings.data?.settings.timeZone ?? detectedTimeZone() ?? 'UTC';
  const language = i18n.resolvedLanguage;
  const timeFormat = new Intl.DateTimeFormat(intlLocale(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  return {
    timeZone,
    language,
    /** "9:30 AM", "上午9:30". */
    time: (iso: string) => timeFormat.format(new Date(iso)),
    /** "Nov 25, 2026, 9:30 AM". */
    dateTime: (iso: string) => formatDateTime(iso, language, timeZone),
  };
}
