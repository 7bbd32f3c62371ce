/** Busy intervals from several calendars as one timeline: sorted, and those that overlap or touch joined. */
export function mergeBusy(
  intervals: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const sorted = intervals.filter((slot) => slot.end > slot.start).sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const slot of sorted) {
    const last = merged.at(-1);
    if (last && slot.start <= last.end) last.end = Math.max(last.end, slot.end);
    else merged.push({ ...slot });
  }
  return merged;
}
