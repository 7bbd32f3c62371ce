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
export const LOOK_MARGIN_MS = 5 * 60_000;
/** A row with nothing to look for (paused, reminders off, no number) waits here for a change. */
export const REMINDERS_PARKED = '9999-12-31T23:59:59.999Z';
const BATCH = 500;
const PASS_BUDGET_MS = 3_000;
/**
 * Looks under way at once in a pass (decision 575). With a real provider a look waits 100-300 ms
 * on its listing: 8 at a time reach 80-240 people a second of budget, where one at a time reached
 * 3-10. On the local stand-in a look is database work and the pass goes as fast either way.
 */
export const LOOKS_AT_ONCE = 8;
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

type DuePerson = Awaited<ReturnType<ProactiveDeps['assistantSettingsRepo']['remindersDue']>>[number];

/** Those of `people` whose every calendar a feed follows: one batched read where the deps offer it. */
async function followedOf(deps: ProactiveDeps, people: DuePerson[]): Promise<Set<string>> {
  const userIds = people.map((person) => person.userId);
  if (deps.calendarsFollowedOf) return deps.calendarsFollowedOf(userIds);
  const followed = new Set<string>();
  for (const userId of userIds) if (await deps.calendarsFollowed(userId)) followed.add(userId);
  return followed;
}

/**
 * Event reminders by each person's next look (issue 31, decisions 501 and 575): only rows whose
 * `reminders_next_at` is due or null are read, by its index, in batches; looks start for at most
 * a few seconds a pass, a few at once (a real provider's listing is a round trip of 100-300 ms:
 * one after another, a pass would reach about 15 people). Each row is claimed by moving it to
 * its next look (compare-and-set: of two instances one looks), then the events from now to the
 * next look's lead and a margin are read once and their reminders queued (the jobs' keys make
 * each once). A row not started when the budget runs out stays due for the next pass.
 */
export async function scheduleReminders(deps: ProactiveDeps, now: Date): Promise<void> {
  const started = Date.now();
  const { fedMs, unfedMs } = deps.reminderLooks ?? { fedMs: FED_LOOK_MS, unfedMs: UNFED_LOOK_MS };
  const atOnce = deps.reminderLooksAtOnce ?? LOOKS_AT_ONCE;
  const overBudget = () => Date.now() - started > PASS_BUDGET_MS;
  for (;;) {
    const due = await deps.assistantSettingsRepo.remindersDue(now.toISOString(), BATCH);
    const followed = await followedOf(
      deps,
      due.filter((person) => person.linked && person.settings.paused === 0),
    );
    let moved = 0;
    let next = 0;
    let stopped = false;
    const worker = async () => {
      for (;;) {
        if (next >= due.length) return;
        if (overBudget()) {
          stopped = true;
          return;
        }
        const person = due[next++] as DuePerson;
        if (await look(deps, person, followed.has(person.userId) ? fedMs : unfedMs, unfedMs, now)) moved++;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, atOnce) }, worker));
    if (stopped || due.length < BATCH || moved === 0 || overBudget()) return;
  }
}

/** One person's look: claimed (true) and done, or parked; false when another instance had it. */
async function look(
  deps: ProactiveDeps,
  person: DuePerson,
  intervalMs: number,
  unfedMs: number,
  now: Date,
): Promise<boolean> {
  const nowMs = now.getTime();
  const { settings } = person;
  const seen = settings.reminders_next_at;
  const lead = settings.reminder_lead_minutes;
  if (!person.linked || settings.paused === 1 || lead === null)
    return deps.assistantSettingsRepo.moveReminderLook(person.userId, seen, REMINDERS_PARKED);
  const next = nextLook(settings.id, nowMs, intervalMs);
  const nextIso = new Date(next).toISOString();
  if (!(await deps.assistantSettingsRepo.moveReminderLook(person.userId, seen, nextIso))) return false;
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
    await deps.assistantSettingsRepo.moveReminderLook(person.userId, nextIso, new Date(sooner).toISOString());
  return true;
}
