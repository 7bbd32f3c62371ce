import { describe, expect, it } from 'vitest';
import { slotWords } from '../src/modules/scheduling/slot-words';

// Tuesday 1 December 2026, 15:00-15:30 UTC.
const SLOT = { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T15:30:00.000Z' };

describe('slotWords', () => {
  it("writes a slot in the person's zone and language, as event times are written", () => {
    expect(slotWords(SLOT, 'America/New_York', 'en')).toBe('Tue 1 Dec, 10:00–10:30');
    expect(slotWords(SLOT, 'America/New_York', 'zh')).toBe('12月1日周二 10:00–10:30');
  });

  it("adds another participant's time when their clock differs", () => {
    const priya = { name: 'Priya', zone: 'Europe/London' };
    expect(slotWords(SLOT, 'America/New_York', 'en', [priya])).toBe(
      'Tue 1 Dec, 10:00–10:30 your time, 15:00–15:30 for Priya (London)',
    );
    expect(slotWords(SLOT, 'America/New_York', 'zh', [priya])).toBe(
      '你的时间 12月1日周二 10:00–10:30，Priya（英国时间）15:00–15:30',
    );
    // Another day for them: their day is named.
    expect(slotWords(SLOT, 'America/New_York', 'en', [{ name: 'Mei', zone: 'Pacific/Auckland' }])).toBe(
      'Tue 1 Dec, 10:00–10:30 your time, Wed 2 Dec, 04:00–04:30 for Mei (Auckland)',
    );
  });

  it('adds nothing for a participant in the same time or an unknown zone', () => {
    const words = slotWords(SLOT, 'America/New_York', 'en', [
      { name: 'Sam', zone: 'America/Toronto' },
      { name: 'Ana', zone: null },
    ]);
    expect(words).toBe('Tue 1 Dec, 10:00–10:30');
  });
});
