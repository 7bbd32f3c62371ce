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

/** At most six labels on the token axis: more crowd a phone's 220-pixel chart. */
const MAX_TOKEN_INTERVALS = 5;
/** The steps people read at a glance: 1, 2, 2.5 or 5 times a power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5];

/**
 * The token axis's ticks, from 0 to the first round number at or above the tallest bar, in the
 * smallest nice step that needs no more than five intervals. Recharts' own ticks (0, 1500,
 * 3000, 4500, 6000) read 0, 2K, 3K, 5K, 6K once rounded to whole K. An empty fortnight still
 * reads as a token scale up to `floor`, not 0 to 4.
 */
export function tokenTicks(max: number, floor = 1_000): number[] {
  const top = Math.max(max, floor, 1);
  let magnitude = 10 ** Math.floor(Math.log10(top / MAX_TOKEN_INTERVALS));
  for (;;) {
    for (const multiple of NICE_STEPS) {
      const step = multiple * magnitude;
      const intervals = Math.ceil(top / step);
      if (intervals <= MAX_TOKEN_INTERVALS)
        return Array.from({ length: intervals + 1 }, (_, index) => index * step);
    }
    magnitude *= 10;
  }
}

/** A decimal without float noise or trailing zeros: 1.5, 2.25, 5. */
function exact(value: number): string {
  return String(Number(value.toFixed(3)));
}

/**
 * An axis label says exactly where its line is (1.5K, 2.5M), unlike the rounded totals of
 * spec §9, which would label 1500 as 2K.
 */
export function formatTokenTick(tokens: number): string {
  if (tokens >= 1_000_000) return `${exact(tokens / 1_000_000)}M`;
  if (tokens >= 1_000) return `${exact(tokens / 1_000)}K`;
  return String(tokens);
}

/** Space kept clear between two date labels, in pixels. */
export const LABEL_GAP = 8;

/** A date label's width at the chart's 12 px, estimated where the page cannot measure text. */
export function estimateLabelWidth(text: string): number {
  let width = LABEL_GAP;
  for (const char of text) width += /[\u2e80-\uffff]/.test(char) ? 12 : 6.5;
  return width;
}

/**
 * Every how many bars a date label fits in `width` pixels. Recharts' own thinning keeps the
 * last label and then whatever else fits, so a phone read Nov 11, 14, 17, 20, 25: a fixed
 * stride, counted back from the newest day (see `isLabelled`), keeps the labels evenly spaced.
 * `measure` gives a label's width with its gap.
 */
export function labelStride(
  labels: string[],
  width: number,
  measure: (text: string) => number = estimateLabelWidth,
): number {
  if (width <= 0 || labels.length === 0) return 1;
  const widest = Math.max(...labels.map(measure));
  return Math.max(1, Math.ceil((labels.length * widest) / width));
}

/**
 * Pixels to keep right of the bars so the newest bar's date, centred under it, ends inside the
 * chart: on a phone half a bar is narrower than half a date, and a Chinese date ran into the
 * card's border. `labelWidth` is that date's width with its gap, `plotWidth` the bars' width
 * before this room is taken (so each bar narrows a little as it is), `count` the bars.
 */
export function lastLabelRoom(labelWidth: number, plotWidth: number, count: number): number {
  if (plotWidth <= 0 || count === 0) return 0;
  // Half a date past the last bar's centre, which is half a bar from the plot's edge:
  // room = label / 2 - (plot - room) / (2 * count), solved for room.
  const room = (labelWidth / 2 - plotWidth / (2 * count)) / (1 - 1 / (2 * count));
  return Math.max(0, Math.ceil(room));
}

/** The newest bar always carries its date; the others every `stride` bars back from it. */
export function isLabelled(index: number, count: number, stride: number): boolean {
  return (count - 1 - index) % stride === 0;
}
