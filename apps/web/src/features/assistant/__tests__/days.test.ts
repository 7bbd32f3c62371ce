import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from '../utils/days';
import { message } from './fixtures';

const words = { today: 'Today', yesterday: 'Yesterday' };

describe('conversation days', () => {
  it('groups by the local day of the given zone, not the browser’s', () => {
    const texts = [
      message('in', 'a', '2026-03-09T12:00:00.000Z'),
      message('out', 'b', '2026-03-09T14:30:00.000Z'),
      message('in', 'c', '2026-03-10T02:00:00.000Z'),
    ];
    expect(groupByDay(texts, 'UTC').map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-03-09', 2],
      ['2026-03-10', 1],
    ]);
    // Sydney is 11 hours ahead: 14:30 UTC on the 9th is already the 10th there.
    expect(groupByDay(texts, 'Australia/Sydney').map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-03-09', 1],
      ['2026-03-10', 2],
    ]);
  });

  it('names today and yesterday, other days by weekday and date, with the year only when not this one', () => {
    const now = Date.parse('2026-11-27T04:00:00.000Z');
    const at = { now, timeZone: 'Asia/Shanghai', language: 'en' };
    expect(dayLabel('2026-11-27', at, words)).toBe('Today');
    expect(dayLabel('2026-11-26', at, words)).toBe('Yesterday');
    expect(dayLabel('2026-11-23', at, words)).toBe('Monday, November 23');
    expect(dayLabel('2025-03-10', at, words)).toBe('Monday, March 10, 2025');
    expect(dayLabel('2026-11-23', { ...at, language: 'zh' }, words)).toBe('11月23日星期一');
    // Yesterday across a month's end, and in a zone where it is already the next day.
    expect(dayLabel('2026-11-30', { ...at, now: Date.parse('2026-12-01T01:00:00Z') }, words)).toBe(
      'Yesterday',
    );
    expect(dayLabel('2026-11-27', { ...at, now: Date.parse('2026-11-27T20:00:00Z') }, words)).toBe(
      'Yesterday',
    );
  });
});
