import type { TOthersBusy, TWorkingHours } from '@app/contract/workspace/others-free-busy';
import { isKnownBusy } from '@app/contract/workspace/others-free-busy';
import type { InstantRange } from './calendar-adapter';
import { mergeBusy } from './merge-busy';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Others' free/busy asked in pieces the provider takes: the range cut into windows of at most
 * `maxDays` days (Google's freeBusy answers 90 days at most, Graph's getSchedule 62), the
 * addresses into groups of at most `perRequest` (Google 50 calendars, Graph 20 schedules).
 */
export function othersRequests(
  range: InstantRange,
  emails: readonly string[],
  limits: { maxDays: number; perRequest: number },
): { window: InstantRange; emails: string[] }[] {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const windows: InstantRange[] = [];
  for (let start = from; start < to; start += limits.maxDays * DAY_MS) {
    const end = Math.min(to, start + limits.maxDays * DAY_MS);
    windows.push({ from: new Date(start).toISOString(), to: new Date(end).toISOString() });
  }
  const groups: string[][] = [];
  for (let i = 0; i < emails.length; i += limits.perRequest)
    groups.push(emails.slice(i, i + limits.perRequest));
  return windows.flatMap((window) => groups.map((group) => ({ window, emails: group })));
}

/**
 * The answers of every piece as one per address: known only when every window knew them (busy
 * time known for half the range would read as free in the other half), their busy time merged
 * and cut to the range; unknown with the first reason given otherwise. An address no piece
 * answered for is `unavailable`.
 */
export function joinAnswers(
  emails: readonly string[],
  answers: readonly Record<string, TOthersBusy>[],
  range: InstantRange,
): Record<string, TOthersBusy> {
  const out: Record<string, TOthersBusy> = {};
  for (const email of emails) {
    const mine = answers.map((answer) => answer[email]).filter((answer) => answer !== undefined);
    const unknown = mine.find((answer) => !isKnownBusy(answer));
    if (mine.length === 0) out[email] = { unknown: 'unavailable' };
    else if (unknown) out[email] = unknown;
    else {
      const known = mine.filter(isKnownBusy);
      const busy = mergeBusy(
        known.flatMap((answer) =>
          answer.busy.map((span) => ({ start: Date.parse(span.start), end: Date.parse(span.end) })),
        ),
        range,
      );
      const workingHours: TWorkingHours | undefined = known.find(
        (answer) => answer.workingHours,
      )?.workingHours;
      out[email] = workingHours ? { busy, workingHours } : { busy };
    }
  }
  return out;
}
