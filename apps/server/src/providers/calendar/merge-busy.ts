import type { InstantRange } from './calendar-adapter';

/**
 * Busy intervals (ms) from several calendars as one timeline, as every adapter answers free/busy:
 * each cut to the range asked about, sorted, and those that overlap or touch joined.
 */
export function mergeBusy(
  intervals: readonly { start: number; end: number }[],
  range: InstantRange,
): { start: string; end: string }[] {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const sorted = intervals
    .map((slot) => ({ start: Math.max(from, slot.start), end: Math.min(to, slot.end) }))
    .filter((slot) => slot.end > slot.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const slot of sorted) {
    const last = merged.at(-1);
    if (last && slot.start <= last.end) last.end = Math.max(last.end, slot.end);
    else merged.push(slot);
  }
  return merged.map((slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
  }));
}
