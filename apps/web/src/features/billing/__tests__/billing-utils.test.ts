import { formatTokens } from '@app/contract/usage/format-tokens';
import { describe, expect, it } from 'vitest';
import { invoicesCsv } from '../utils/invoices-csv';
import {
  estimateCost,
  formatTokenTick,
  groupByPeriod,
  isLabelled,
  labelStride,
  lastDays,
  lastLabelRoom,
  tokenTicks,
} from '../utils/usage-chart';
import { usagePercent } from '../utils/usage-format';

describe('token display (spec §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_499, '1K'],
    [1_500, '2K'],
    [20_000, '20K'],
    [999_499, '999K'],
    [1_000_000, '1.0M'],
    [1_250_000, '1.3M'],
    [5_000_000, '5.0M'],
  ])('%i tokens read %s', (tokens, text) => {
    expect(formatTokens(tokens)).toBe(text);
  });

  it('usage percent is used over limit, rounded, and not capped', () => {
    expect(usagePercent(0, 20_000)).toBe(0);
    expect(usagePercent(16_000, 20_000)).toBe(80);
    expect(usagePercent(1, 20_000)).toBe(0);
    expect(usagePercent(2_499_999, 5_000_000)).toBe(50);
    expect(usagePercent(24_000, 20_000)).toBe(120);
  });
});

describe('usage chart (spec §9: 15 days, 0.002 $ per token)', () => {
  const daily = { '2026-11-10': { tokens: 100 }, '2026-11-16': { tokens: 50 }, '2026-11-23': { tokens: 7 } };

  it('shows the last 15 days, zero-filled, ending on the newest day sent', () => {
    const days = lastDays(daily, '2026-11-01');
    expect(days).toHaveLength(15);
    expect(days[0]).toEqual({ start: '2026-11-09', tokens: 0 });
    expect(days[1]).toEqual({ start: '2026-11-10', tokens: 100 });
    expect(days.at(-1)).toEqual({ start: '2026-11-23', tokens: 7 });
  });

  it('with no data ends on today', () => {
    const days = lastDays({}, '2026-03-02');
    expect(days.map((d) => d.start)).toContain('2026-02-28');
    expect(days.at(-1)).toEqual({ start: '2026-03-02', tokens: 0 });
    expect(days.every((d) => d.tokens === 0)).toBe(true);
  });

  it('regroups the same days by ISO week (Monday first) and by month', () => {
    const days = lastDays({ ...daily, '2026-10-31': { tokens: 1000 } }, '2026-11-23');
    // 2026-11-09 .. 2026-11-23: Mondays are the 9th, 16th and 23rd.
    expect(groupByPeriod(days, 'daily')).toHaveLength(15);
    expect(groupByPeriod(days, 'weekly')).toEqual([
      { start: '2026-11-09', tokens: 100 },
      { start: '2026-11-16', tokens: 50 },
      { start: '2026-11-23', tokens: 7 },
    ]);
    expect(groupByPeriod(days, 'monthly')).toEqual([{ start: '2026-11-01', tokens: 157 }]);
  });

  it('a window across two months has two monthly bars with every token kept', () => {
    const days = lastDays({ '2026-10-25': { tokens: 10 }, '2026-11-05': { tokens: 20 } });
    const months = groupByPeriod(days, 'monthly');
    expect(months).toEqual([
      { start: '2026-10-01', tokens: 10 },
      { start: '2026-11-01', tokens: 20 },
    ]);
    const weeks = groupByPeriod(days, 'weekly');
    expect(weeks.reduce((sum, w) => sum + w.tokens, 0)).toBe(30);
  });

  it('estimates the cost at 0.002 dollars per token', () => {
    expect(estimateCost(0)).toBe(0);
    expect(estimateCost(157)).toBe(0.31);
    expect(estimateCost(1_000_000)).toBe(2000);
  });
});

describe('usage chart axes (issue 19, 2.3)', () => {
  /** "1.5K" -> 1500: what a label claims, to compare with where its line is. */
  function readBack(label: string): number {
    const scale = label.endsWith('M') ? 1_000_000 : label.endsWith('K') ? 1_000 : 1;
    return Math.round(Number.parseFloat(label) * scale);
  }

  it('a 6,000-token day gets 0, 2K, 4K, 6K, not 0, 2K, 3K, 5K, 6K', () => {
    expect(tokenTicks(6_000)).toEqual([0, 2_000, 4_000, 6_000]);
    expect(tokenTicks(6_000).map(formatTokenTick)).toEqual(['0', '2K', '4K', '6K']);
  });

  it('labels a tick exactly where rounding to whole K would lie', () => {
    expect(formatTokenTick(1_500)).toBe('1.5K');
    expect(formatTokenTick(12_500)).toBe('12.5K');
    expect(formatTokenTick(750)).toBe('750');
    expect(formatTokenTick(2_500_000)).toBe('2.5M');
    expect(formatTokenTick(1_250_000)).toBe('1.25M');
    expect(formatTokenTick(5_000_000)).toBe('5M');
  });

  it('an empty fortnight still reads as a token scale, 0 to 1K', () => {
    expect(tokenTicks(0)).toEqual([0, 200, 400, 600, 800, 1_000]);
    expect(tokenTicks(999)).toEqual(tokenTicks(0));
  });

  it.each([
    1, 1_001, 1_499, 2_600, 4_500, 6_001, 7_777, 12_345, 99_999, 100_001, 333_333, 1_234_567, 5_000_000,
    48_000_000,
  ])('for a tallest bar of %i: round, even steps from 0 just past the bar, labelled exactly', (max) => {
    const ticks = tokenTicks(max);
    const step = ticks[1]! - ticks[0]!;
    expect(ticks[0]).toBe(0);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks).toEqual(ticks.map((_, index) => index * step));
    const magnitude = 10 ** Math.floor(Math.log10(step));
    expect([1, 2, 2.5, 5]).toContain(step / magnitude);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    if (max > 1_000) expect(ticks.at(-2)).toBeLessThan(max);
    const labels = ticks.map(formatTokenTick);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.map(readBack)).toEqual(ticks);
  });

  it('thins the date labels to an even stride on a phone, always labelling the newest day', () => {
    const days = lastDays({}, '2026-11-25').map((d) => `Nov ${Number(d.start.slice(8))}`);
    // About 300 pixels of plot on a 390-pixel phone, about 880 on a desktop.
    const stride = labelStride(days, 300);
    expect(stride).toBeGreaterThan(1);
    const shown = days.flatMap((_, index) => (isLabelled(index, days.length, stride) ? [index] : []));
    expect(shown.at(-1)).toBe(days.length - 1);
    const gaps = shown.slice(1).map((index, i) => index - shown[i]!);
    expect(new Set(gaps)).toEqual(new Set([stride]));
    expect(labelStride(days, 880)).toBe(1);
    // Before the chart is measured, every label.
    expect(labelStride(days, 0)).toBe(1);
  });

  it('keeps room right of the bars for the newest date on a phone, just enough, and none on a desktop', () => {
    // A 52-pixel Chinese date (with its gap) under the last of 15 bars, on a phone's 264 pixels of plot.
    const room = lastLabelRoom(52, 264, 15);
    const halfBar = (264 - room) / 15 / 2;
    // The date, centred under the last bar, ends inside the plot's width, and not far inside it.
    expect(room + halfBar).toBeGreaterThanOrEqual(26);
    expect(room + halfBar).toBeLessThan(27);
    expect(lastLabelRoom(52, 880, 15)).toBe(0);
    // Before the chart is measured, none.
    expect(lastLabelRoom(52, 0, 15)).toBe(0);
  });

  it('gives Chinese dates, wider per character, a wider stride', () => {
    const en = Array.from({ length: 15 }, (_, i) => `Nov ${i + 11}`);
    const zh = Array.from({ length: 15 }, (_, i) => `11月${i + 11}日`);
    expect(labelStride(zh, 250)).toBeGreaterThan(labelStride(en, 250));
  });
});

describe('Download All CSV', () => {
  const headings = {
    id: 'Invoice',
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    status: 'Status',
  };

  it('has a heading row and one row per invoice', () => {
    const csv = invoicesCsv(
      [
        {
          id: 'in_1',
          date: '2026-10-01T00:00:00.000Z',
          description: 'Starter Plan',
          amount: 29,
          status: 'paid',
        },
        {
          id: 'in_2',
          date: '2026-11-01T00:00:00.000Z',
          description: 'Starter "Plan", Nov',
          amount: 29.5,
          status: 'open',
        },
      ],
      headings,
    );
    expect(csv).toBe(
      '"Invoice","Date","Description","Amount","Status"\r\n' +
        '"in_1","2026-10-01","Starter Plan","29.00","paid"\r\n' +
        '"in_2","2026-11-01","Starter ""Plan"", Nov","29.50","open"\r\n',
    );
  });

  it('defuses spreadsheet formulas but keeps negative amounts', () => {
    const csv = invoicesCsv(
      [
        {
          id: 'in_3',
          date: '2026-11-02T00:00:00.000Z',
          description: '=HYPERLINK("x")',
          amount: -5,
          status: 'refunded',
        },
      ],
      headings,
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")","-5.00"`);
  });
});
