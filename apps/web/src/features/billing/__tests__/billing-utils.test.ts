import { describe, expect, it } from 'vitest';
import { invoicesCsv } from '../utils/invoices-csv';
import { estimateCost, groupByPeriod, lastDays } from '../utils/usage-chart';
import { formatTokens, usagePercent } from '../utils/usage-format';

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
