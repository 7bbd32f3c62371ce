import { createHash } from 'node:crypto';
import { listEvents } from '../workspace/calendar';
import { WorkspaceError } from '../workspace/workspace-error';
import { enqueueEventReminder } from './event-reminders';
import type { ProactiveDeps } from './send-proactive';

/**
 * How often a person's calendars are looked at for event reminders by default (decision 501;
 * REMINDER_LOOK_FED_MS and REMINDER_LOOK_UNFED_MS). A person whose
 * every calendar has a working change feed is looked at twice a day: the feed queues, moves and
 * withdraws reminders as events change (event-reminders.ts), the look is the safety net. A person
 * with a calendar that has no feed (a Google or Microsoft account on a server without an https
 * address, a push that lapsed) is looked at every 5 minutes, as before.
 */
export const FED_LOOK_MS = 12 * 60 * 60_000;
export const UNFED_LOOK_MS = 5 * 60_000;
/** A look reaches this far past the next one's lead: a pass late by a few minutes misses nothing. */
const LOOK_MARGIN_MS = 5 * 60_000;
/** A row with nothing to look for (paused, reminders off, no number) waits here for a change. */
export const REMINDERS_PARKED = '9999-12-31T23:59:59.999Z';
const BATCH = 500;
const PASS_BUDGET_MS = 3_000;
/** Failures that pass by themselves: the provider down or throttling, or answering nonsense. */
const TRANSIENT = new Set(['unavailable', 'provider_error']);
/** Events read per look; when a look fills it, the next comes before the first one left out. */
const EVENTS_PER_LOOK = 100;

/** The person's own point in every interval, so 100,000 people do not all come due in one minute. */
function phaseOf(settingsId: string, intervalMs: number): number {
  return createHash('sha256').update(settingsId).digest().readUIntBE(0, 6) % intervalMs;
}

/**
 * The next look: the person's own point in the interval at least half an interval from now, so
 * looks come once per interval at a steady moment of the person's own, spread across everyone.
 */
export function nextLook(settingsId: string, now: number, intervalMs: number): number {
  const phase = phaseOf(settingsId, intervalMs);
  const earliest = now + intervalMs / 2;
  return phase + Math.ceil((earliest - phase) / intervalMs) * intervalMs;
}

/**
 * Event reminders by each person's next look (issue 31, decision 501): only rows whose
 * `reminders_next_at` is due or null are read, by its index, in batches, for at most a few
 * seconds a pass. Each row is claimed by moving it to its next look (compare-and-set: of two
 * instances one looks), then the events from now to the next look's lead and a margin are read
 * once and their reminders queued (the jobs' keys make each once).
 */
export async function scheduleReminders(deps: ProactiveDeps, now: Date): Promise<void> {
  const started = Date.now();
  const nowMs = now.getTime();
  const { fedMs, unfedMs } = deps.reminderLooks ?? { fedMs: FED_LOOK_MS, unfedMs: UNFED_LOOK_MS };
  for (;;) {
    const due = await deps.assistantSettingsRepo.remindersDue(now.toISOString(), BATCH);
    let moved = 0;
    for (const person of due) {
      const { settings } = person;
      const seen = settings.reminders_next_at;
      const lead = settings.reminder_lead_minutes;
      if (!person.linked || settings.paused === 1 || lead === null) {
        if (await deps.assistantSettingsRepo.moveReminderLook(person.userId, seen, REMINDERS_PARKED)) moved++;
        continue;
      }
      const fed = await deps.calendarsFollowed(person.userId);
      const next = nextLook(settings.id, nowMs, fed ? fedMs : unfedMs);
      const nextIso = new Date(next).toISOString();
      if (!(await deps.assistantSettingsRepo.moveReminderLook(person.userId, seen, nextIso))) continue;
      moved++;
      let sooner = next;
      const listed = await listEvents(deps.workspace, {
        userId: person.userId,
        from: now.toISOString(),
        to: new Date(next + lead * 60_000 + LOOK_MARGIN_MS).toISOString(),
        limit: EVENTS_PER_LOOK,
      }).catch((error: unknown) => {
        if (error instanceof WorkspaceError) return { events: [], failures: [error] };
        throw error;
      });
      for (const event of listed.events) await enqueueEventReminder(deps, settings, event, now);
      // An account the provider failed for a while is looked at again soon (one that needs
      // reconnecting or lacks the permission waits for that change: a reconnect looks at once);
      // a full page, before its last event's lead.
      if (listed.failures.some((failure) => TRANSIENT.has(failure.code)))
        sooner = Math.min(sooner, nowMs + unfedMs);
      const last = listed.events.at(-1);
      if (listed.events.length === EVENTS_PER_LOOK && last)
        sooner = Math.min(sooner, Math.max(nowMs + 60_000, Date.parse(last.start) - lead * 60_000));
      if (sooner < next)
        await deps.assistantSettingsRepo.moveReminderLook(
          person.userId,
          nextIso,
          new Date(sooner).toISOString(),
        );
    }
    if (due.length < BATCH || moved === 0 || Date.now() - started > PASS_BUDGET_MS) return;
  }
}
