import { describe, expect, it } from 'vitest';
import { resolveOtherTime } from '../src/modules/scheduling/other-time';

// Friday 27 Nov 2026, 09:00 in London (UTC in winter).
const now = new Date('2026-11-27T09:00:00Z');
const at = (words: string, zone = 'Europe/London') =>
  resolveOtherTime(words, { now, zone, durationMinutes: 30 });

describe('another time in words, resolved by code (decision 582)', () => {
  it.each([
    ['Could we do Thursday 3pm instead?', '2026-12-03T15:00:00.000Z'],
    ['how about thu 15:30', '2026-12-03T15:30:00.000Z'],
    ['Monday at 9:15am works better', '2026-11-30T09:15:00.000Z'],
    ['能不能改到周四下午3点？', '2026-12-03T15:00:00.000Z'],
    ['星期二上午10点半可以吗', '2026-12-01T10:30:00.000Z'],
    // Sunday is ISO weekday 7: it once never matched and the search ran forever.
    ['Could we do Sunday 3pm instead?', '2026-11-29T15:00:00.000Z'],
    ['能不能改到周日上午7点？', '2026-11-29T07:00:00.000Z'],
    ['星期天下午2点', '2026-11-29T14:00:00.000Z'],
  ])('%j is one span', (words, start) => {
    const span = at(words);
    expect(span?.start).toBe(start);
    expect(Date.parse(span!.end) - Date.parse(span!.start)).toBe(30 * 60_000);
  });

  it('reads the time in the zone given (the reader’s)', () => {
    expect(at('Thursday 3pm', 'America/New_York')?.start).toBe('2026-12-03T20:00:00.000Z');
  });

  it.each([
    ['Thursday afternoon'],
    ['Thursday or Friday at 3pm'],
    ['Thursday at 3pm or 4pm'],
    ['tomorrow at 3pm'],
    // Today is Friday: this week's or next? Not guessed.
    ['Friday 3pm'],
    ['周五下午3点'],
    ['周四下午'],
  ])('%j names no one time', (words) => {
    expect(at(words)).toBeNull();
  });
});
