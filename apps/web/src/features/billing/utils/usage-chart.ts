import type { TUsage } from '@app/contract/billing/get-billing-info';
import { COST_PER_TOKEN_USD, USAGE_CHART_DAYS } from '@app/contract/constants';

export const CHART_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export interface ChartPoint {
  /** ISO date of the first day the point covers (YYYY-MM-DD). */
  start: string;
  tokens: number;
}

const DAY_MS = 86_400_000;

/** Dates as plain UTC calendar days: the server already cut them in the person's time zone. */
function parseDay(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The local calendar day, so the default window ends on the day the person sees. */
export function localToday(now: Date = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/**
 * Spec §9: the last 15 days, zero-filled. The window ends on the newest day the server sent
 * (it zero-fills to the person's today) or, with no data, on today.
 */
export function lastDays(dailyUsage: TUsage['dailyUsage'], today: string = localToday()): ChartPoint[] {
  const days = Object.keys(dailyUsage).sort();
  const end = parseDay(days.at(-1) ?? today);
  return Array.from({ length: USAGE_CHART_DAYS }, (_, index) => {
    const day = formatDay(new Date(end.getTime() - (USAGE_CHART_DAYS - 1 - index) * DAY_MS));
    return { start: day, tokens: dailyUsage[day]?.tokens ?? 0 };
  });
}

/** The first day of the bucket a day falls in: itself, its ISO week's Monday, or its month's 1st. */
function bucketStart(day: string, period: ChartPeriod): string {
  if (period === 'daily') return day;
  if (period === 'monthly') return `${day.slice(0, 7)}-01`;
  const date = parseDay(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return formatDay(new Date(date.getTime() - sinceMonday * DAY_MS));
}

/** The same 15 days, summed per day, per week (Monday first) or per month. */
export function groupByPeriod(points: ChartPoint[], period: ChartPeriod): ChartPoint[] {
  const buckets = new Map<string, number>();
  for (const point of points) {
    const key = bucketStart(point.start, period);
    buckets.set(key, (buckets.get(key) ?? 0) + point.tokens);
  }
  return [...buckets].map(([start, tokens]) => ({ start, tokens }));
}

/** Spec §9: 0.002 dollars per token, in whole cents. */
export function estimateCost(tokens: number): number {
  return Math.round(tokens * COST_PER_TOKEN_USD * 100) / 100;
}
