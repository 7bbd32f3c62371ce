import { addDays, dateIn, instantOf, zoneOrUtc } from '../../lib/zoned-time';
import { checkFollowUps } from './follow-ups/check';
import { type GreetingWatch, scheduleGreetings } from './greetings';
import { scheduleReminders } from './reminder-looks';
import { type BriefingJob, briefingJob, type ProactiveDeps } from './send-proactive';
import type { ScheduledPerson } from './settings/repo';

/** People handled per pass and kind; the next pass takes the rest. */
const BATCH = 500;

/**
 * The scheduling pass every instance runs (decision 222): it only enqueues, and every job's key
 * says what it is (a person's briefing on a day at a time in a zone, an event's reminder at a
 * lead), so passes on several instances, or one after a restart, enqueue each message once.
 * The send job decides at its moment whether it still should go.
 */
export async function scheduleMessages(
  deps: ProactiveDeps,
  graceMs: number,
  watch: GreetingWatch,
): Promise<void> {
  const now = deps.clock.now();
  await scheduleGreetings(deps, now, watch);
  await scheduleBriefings(deps, now, graceMs);
  await scheduleReminders(deps, now);
  await checkFollowUps(deps, now);
}

/** A row with no briefing to schedule (paused, none set, no number) waits here for a change. */
export const BRIEFING_PARKED = '9999-12-31T23:59:59.999Z';
/** Briefings are enqueued this long ahead of their time, so a crowd due at one minute is spread. */
export const BRIEFING_AHEAD_MS = 6 * 60 * 60_000;
/** A pass stops taking new batches after this long; the next pass takes the rest. */
const PASS_BUDGET_MS = 3_000;

/**
 * The person's next briefing at or after `from`, at the local time in their zone: a time the
 * zone skips moves past the gap, a repeated one takes the first (lib/zoned-time.ts), so a
 * daylight-saving morning still gets one at 07:00 local.
 */
export function nextBriefing(time: string, zone: string, from: Date): { day: string; at: Date } {
  let day = dateIn(from, zone);
  for (;;) {
    const at = instantOf(`${day}T${time}`, zone);
    if (at.getTime() >= from.getTime()) return { day, at };
    day = addDays(day, 1);
  }
}

/**
 * Briefings (decision 490): only the rows whose next briefing is within BRIEFING_AHEAD_MS, or
 * not worked out yet, are read, by the `briefing_next_at` index, in batches. For each, the job
 * of that occurrence is enqueued (its key makes it once), then the row is moved on to the
 * occurrence after it by a compare-and-set, so instances racing share the rows and a row moved
 * by one is not enqueued again by another. A row not worked out yet starts from the briefing
 * still ahead (or just passed, within `graceMs`). Nothing is re-inserted for anyone each minute.
 */
async function scheduleBriefings(deps: ProactiveDeps, now: Date, graceMs: number): Promise<void> {
  const started = Date.now();
  const horizon = new Date(now.getTime() + BRIEFING_AHEAD_MS);
  for (;;) {
    const due = await deps.assistantSettingsRepo.briefingsDue(horizon.toISOString(), BATCH);
    let moved = 0;
    for (const person of due) {
      const seen = person.settings.briefing_next_at;
      const time = person.settings.briefing_time;
      if (!person.linked || person.settings.paused === 1 || time === null) {
        if (await deps.assistantSettingsRepo.moveBriefing(person.userId, seen, BRIEFING_PARKED)) moved++;
        continue;
      }
      const zone = zoneOf(person);
      // From the occurrence worked out before, or (first time, or after days without a pass)
      // from the briefing still ahead or just passed.
      const earliest = now.getTime() - graceMs;
      const next = nextBriefing(
        time,
        zone,
        new Date(seen === null ? earliest : Math.max(Date.parse(seen), earliest)),
      );
      if (next.at.getTime() <= horizon.getTime()) {
        const payload: BriefingJob = { settingsId: person.settings.id, day: next.day, time, zone };
        await deps.jobs.enqueue(deps.db, briefingJob, {
          key: `briefing:${person.settings.id}:${next.day}:${time}:${zone}`,
          payload,
          runAt: next.at,
        });
      }
      // Enqueued: the row moves on to the day after; not yet near: it waits for this one.
      const after =
        next.at.getTime() <= horizon.getTime()
          ? nextBriefing(time, zone, new Date(next.at.getTime() + 60_000)).at
          : next.at;
      if (await deps.assistantSettingsRepo.moveBriefing(person.userId, seen, after.toISOString())) moved++;
    }
    if (due.length < BATCH || moved === 0 || Date.now() - started > PASS_BUDGET_MS) return;
  }
}

function zoneOf(person: ScheduledPerson): string {
  return zoneOrUtc(person.timeZone ?? 'UTC');
}
