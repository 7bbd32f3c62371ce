/**
 * For "at most `max` events per `windowMs`" limits counted from stored times: null while
 * another event fits, otherwise the seconds until the oldest counted event leaves the window.
 */
export function secondsUntilWindowFrees(
  times: string[],
  max: number,
  windowMs: number,
  now: Date,
): number | null {
  if (times.length < max) return null;
  const newestFirst = [...times].sort().reverse();
  const oldestCounted = Date.parse(newestFirst[max - 1]!);
  return Math.max(1, Math.ceil((oldestCounted + windowMs - now.getTime()) / 1000));
}
