import { intlLocale } from '@/lib/format';

/** Calendar days from the chart (YYYY-MM-DD) are shown as they are, not shifted by the time zone. */
export function formatDay(day: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export function formatMonth(day: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export function formatUsd(amount: number, language: string | undefined, digits = 2): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(digits, 3),
  }).format(amount);
}
