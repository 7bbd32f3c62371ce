import { describe, expect, it } from 'vitest';
import { formatDate, intlLocale } from '../format';

// One date format for billing and account (issue 19, 3.4): both screens print a day alike.
describe('formatDate', () => {
  const iso = '2026-11-25T12:00:00.000Z';

  it('prints the day in the reader language', () => {
    expect(formatDate(iso, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(iso, 'zh')).toBe('2026年11月25日');
    expect(formatDate(iso, 'zh-CN')).toBe('2026年11月25日');
  });

  it('falls back to English for anything else', () => {
    expect(intlLocale(undefined)).toBe('en-US');
    expect(intlLocale('fr')).toBe('en-US');
    expect(formatDate(iso, undefined)).toBe('Nov 25, 2026');
  });
});
